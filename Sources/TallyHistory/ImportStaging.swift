import TallyDefaults
import TallyLocalization
import TallyModel
import TallyPlatform

/// An import's rows, staged in `import_row` beside `change` until the store holds the
/// import's values, then moved into `change` or dropped (docs/history.md, "Imports").
struct ImportStaging {
  let connection: SQLiteConnection
  let path: String
  let keptTotals: KeptTotals

  private static let movedColumns = "time, event, counter, name, old, new, source, machine, file, note"
  /// How many rows are staged between two looks at `interrupted`.
  private static let rowsBetweenLooks = 4_096
  private static let interruption = SQLiteError(code: 0, message: "interrupted")

  /// Copies the database aside, as it is now; returns where.
  func keepAside() throws(SQLiteError) -> [String] {
    guard path != ":memory:" else { return [] }
    let destination = FileSystem.asideName(for: path, tag: "replaced")
    do throws(SQLiteError) {
      try connection.run("VACUUM INTO ?", [.text(destination)])
    } catch {
      FileSystem.removeFile(atPath: destination)
      throw error
    }
    return [destination]
  }

  func stage(_ entries: [HistoryEntry], id: String, keepingAside: Bool, interrupted: () -> Bool)
    throws(HistoryImportError) -> [String]
  {
    var kept: [String] = []
    if keepingAside {
      do throws(SQLiteError) {
        kept = try keepAside()
      } catch {
        throw .failed(tr("the history could not be kept aside: \(HistoryError(error, path: path))"))
      }
    }
    do throws(SQLiteError) {
      if interrupted() { throw Self.interruption }
      try connection.transaction { () throws(SQLiteError) in
        try connection.run("DELETE FROM import_row")
        let statement = try connection.statement(
          "INSERT INTO import_row (\(Self.movedColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)")
        for (index, entry) in entries.enumerated() {
          if index % Self.rowsBetweenLooks == Self.rowsBetweenLooks - 1, interrupted() { throw Self.interruption }
          try statement.bind(HistorySchema.values(of: entry) + [entry.note.map { .text($0) } ?? .null])
          while try statement.step() {}
          statement.reset()
        }
        if interrupted() { throw Self.interruption }
        try connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('import', ?)", [.text(id)])
      }
    } catch {
      for path in kept { FileSystem.removeFile(atPath: path) }
      if error.code == 0 { throw .interrupted }
      throw .failed(tr("the history could not be saved: \(HistoryError(error, path: path))"))
    }
    return kept
  }

  /// ``HistoryImportStaging/finishImport(id:)``, with the kept totals brought up to date.
  func finish(id: String, calendar: GoalCalendar?) throws(HistoryImportError) {
    do throws(SQLiteError) {
      let moved = try connection.transaction { () throws(SQLiteError) -> Bool in
        // Read again in the transaction: another process may have finished it.
        guard try stagedID() == id else { return false }
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
      if moved, let calendar, let key = calendar.key { try keptTotals.bringUpToDate(calendar: calendar, key: key) }
    } catch {
      throw .failed(tr("the history could not be saved: \(HistoryError(error, path: path))"))
    }
  }

  func drop() {
    try? connection.transaction { () throws(SQLiteError) in
      guard try stagedID() != nil else { return }
      try connection.run("DELETE FROM import_row")
      try connection.run("DELETE FROM setting WHERE key = 'import'")
    }
  }

  func stagedID() throws(SQLiteError) -> String? {
    try connection.firstRow("SELECT value FROM setting WHERE key = 'import'") { $0.optionalText(0) } ?? nil
  }
}

extension SQLiteHistory: HistoryImportStaging {
  public func stageImport(_ entries: [HistoryEntry], id: String, keepingAside: Bool, interrupted: () -> Bool)
    throws(HistoryImportError) -> [String]
  {
    try staging.stage(entries, id: id, keepingAside: keepingAside, interrupted: interrupted)
  }

  public func finishImport(id: String) throws(HistoryImportError) { try staging.finish(id: id, calendar: lastCalendar) }

  public func dropStagedImport() { staging.drop() }

  /// Finishes or undoes an import cut short, as `store` says (moved in when it holds the
  /// import's id), under the store's lock so that one still running is never undone; nothing
  /// when the lock cannot be had.
  public func finishInterruptedImport(committedIn store: any PropertyListStore) {
    guard path != ":memory:", unfinishedWork.contains("import") else { return }
    leftToDo?.remove("import")
    _ = try? store.performLockedBatch {
      guard let id = (try? staging.stagedID()) ?? nil else { return }
      guard store.persistedPropertyListValue(forKey: HistoryImport.storeKey) == .string(id) else {
        return staging.drop()
      }
      do throws(HistoryImportError) {
        try finishImport(id: id)
        notices.append(tr("an import that was cut short after its values were saved is now complete in the history"))
      } catch {
        notices.append(error.description)
      }
    }
  }
}
