import TallyDefaults
import TallyModel
import TallyPlatform

/// An import's rows, staged beside `change` until the store holds the import's values
/// (docs/history.md, "Imports").
extension SQLiteHistory: HistoryImportStaging {
  /// The columns an import moves from `import_row` to `change`.
  private static let movedColumns = "time, event, counter, name, old, new, source, machine, file, note"
  /// How many rows are staged between two looks at `interrupted`.
  private static let rowsBetweenLooks = 4_096

  public func stageImport(_ entries: [HistoryEntry], id: String, keepingAside: Bool, interrupted: () -> Bool)
    throws(HistoryImportError) -> [String]
  {
    var kept: [String] = []
    if keepingAside {
      do throws(SQLiteError) {
        kept = try keepAside()
      } catch {
        throw .failed("the history could not be kept aside: \(HistoryError(error, path: path))")
      }
    }
    var stopped = false
    do throws(SQLiteError) {
      if interrupted() { throw SQLiteError(code: 0, message: "interrupted") }
      try connection.transaction { () throws(SQLiteError) in
        try connection.run("DELETE FROM import_row")
        let statement = try connection.statement(
          "INSERT INTO import_row (\(Self.movedColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)")
        for (index, entry) in entries.enumerated() {
          if index % Self.rowsBetweenLooks == Self.rowsBetweenLooks - 1, interrupted() {
            stopped = true
            throw SQLiteError(code: 0, message: "interrupted")
          }
          try statement.bind([
            .integer(entry.milliseconds), .text(entry.event.rawValue), .text(entry.counter), .text(entry.name),
            entry.old.map { .integer(Int64($0)) } ?? .null, entry.new.map { .integer(Int64($0)) } ?? .null,
            .text(entry.source.rawValue), entry.note.map { .text($0) } ?? .null,
          ])
          while try statement.step() {}
          statement.reset()
        }
        if interrupted() {
          stopped = true
          throw SQLiteError(code: 0, message: "interrupted")
        }
        try connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('import', ?)", [.text(id)])
      }
    } catch {
      for path in kept { FileSystem.removeFile(atPath: path) }
      if stopped || error.code == 0 { throw .interrupted }
      throw .failed("the history could not be saved: \(HistoryError(error, path: path))")
    }
    return kept
  }

  public func finishImport(id: String) throws(HistoryImportError) {
    do throws(SQLiteError) {
      let moved = try connection.transaction { () throws(SQLiteError) -> Bool in
        // Read again in the transaction: another process may have finished it.
        guard try stagedImportID() == id else { return false }
        if HistoryImport.replaces(id) {
          // With sync on, this machine's own history is the one replaced (the others' stay theirs).
          try connection.run("DELETE FROM change WHERE machine IS NULL")
          try keptTotals.forget()
        }
        try connection.run(
          "INSERT INTO change (\(Self.movedColumns)) SELECT \(Self.movedColumns) FROM import_row ORDER BY seq")
        try connection.run("DELETE FROM import_row")
        try connection.run("DELETE FROM setting WHERE key = 'import'")
        return true
      }
      // The totals are kept up to date as an append keeps them, when this process asked for them.
      if moved, let calendar = lastCalendar, let key = calendar.key { try keptTotals.bringUpToDate(calendar: calendar, key: key) }
    } catch {
      throw .failed("the history could not be saved: \(HistoryError(error, path: path))")
    }
  }

  public func dropStagedImport() {
    try? connection.transaction { () throws(SQLiteError) in
      guard try stagedImportID() != nil else { return }
      try connection.run("DELETE FROM import_row")
      try connection.run("DELETE FROM setting WHERE key = 'import'")
    }
  }

  /// The id of the import whose rows are staged, if any: one read of `setting`'s key.
  private func stagedImportID() throws(SQLiteError) -> String? {
    try connection.firstRow("SELECT value FROM setting WHERE key = 'import'") { $0.optionalText(0) } ?? nil
  }

  /// Finishes or undoes an import that was cut short (the process killed between its
  /// staging and its last step), as `store` says: its rows are moved into the history when
  /// the store holds the import's id (it reached its commit point), dropped when it does not.
  ///
  /// Nearly always nothing is staged, and this reads nothing more than opening did
  /// (``unfinishedWork``). When something is, the
  /// decision is made under the store's lock, so that an import still running in another
  /// process (which holds the lock from before its staging to after its last step) is never
  /// undone; if the lock cannot be had, nothing is done now.
  public func finishInterruptedImport(committedIn store: FileUserDefaults) {
    guard path != ":memory:", unfinishedWork.contains("import") else { return }
    leftToDo?.remove("import")
    _ = try? store.performLockedBatch {
      guard let id = (try? stagedImportID()) ?? nil else { return }
      if store.persistedPropertyListValue(forKey: HistoryImport.storeKey) == .string(id) {
        do throws(HistoryImportError) {
          try finishImport(id: id)
          notices.append("an import that was cut short after its values were saved is now complete in the history")
        } catch {
          notices.append(error.description)
        }
      } else {
        dropStagedImport()
      }
    }
  }
}
