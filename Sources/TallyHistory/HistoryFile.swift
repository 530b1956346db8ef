import CSQLite
import TallyDefaults
import TallyLocalization
import TallyModel
import TallyPlatform

/// `history.sqlite` in a data directory: opened, made, rebuilt when damaged, and the old
/// history log imported into it once.
struct HistoryFile {
  static let legacyFiles = ["history.jsonl.1", "history.jsonl"]

  let directory: String
  var busyTimeout: Double
  /// The write-ahead log size past which closing folds it (0: always).
  let logFoldedAbove: Int

  var path: String { StoreLocation.join(directory, SQLiteHistory.fileName) }

  static func exists(inDirectory directory: String) -> Bool {
    FileSystem.fileExists(atPath: StoreLocation.join(directory, SQLiteHistory.fileName))
      || hasLegacyLog(inDirectory: directory)
  }

  static func hasLegacyLog(inDirectory directory: String) -> Bool {
    legacyFiles.contains { FileSystem.fileExists(atPath: StoreLocation.join(directory, $0)) }
  }

  /// Opens the database, making it (and importing the old log) the first time; a damaged one
  /// is rebuilt (``rebuild(reason:)``), unless `repairing` is false: then it throws
  /// ``HistoryError/damaged(path:reason:)`` (an opening that the process's end may cut short).
  func open(repairing: Bool) throws(HistoryError) -> SQLiteHistory {
    do throws(HistoryError) {
      let history = try connect()
      try importLegacyLog(into: history)
      return history
    } catch {
      guard repairing, case .damaged(_, let reason) = error else { throw error }
      return try rebuild(reason: reason)
    }
  }

  private func connect() throws(HistoryError) -> SQLiteHistory {
    try requireRegularFiles()
    // Made readable by this user only, as the store is (SQLite gives its -wal and -shm files
    // the database's permissions).
    let file = FileSystem.makeIfMissing(atPath: path, readingFirst: 20)
    let isNew = file?.size == 0
    // Bytes 18 and 19 of the header are 2 in a database already in WAL mode, which it keeps.
    let inWAL = file.map { $0.head.count == 20 && $0.head[18] == 2 && $0.head[19] == 2 } ?? false
    let connection = try HistoryError.catching(path: path) { () throws(SQLiteError) in
      let connection = try SQLiteConnection(path: path)
      connection.waitForLock(upTo: busyTimeout)
      tally_sqlite_no_checkpoint_on_close(connection.handle)
      // A new database is made without fsync (a crash leaves a damaged file, moved aside);
      // then WAL and FULL: every acknowledged change survives power loss.
      if isNew { try connection.execute("PRAGMA synchronous = OFF") }
      return connection
    }
    let history = SQLiteHistory(connection: connection, file: self)
    // Checked first: a database of another program or of a later Tally is left as it is.
    try HistorySchema.create(on: connection, path: path)
    try HistoryError.catching(path: path) { () throws(SQLiteError) in
      if !inWAL { try connection.execute("PRAGMA journal_mode = WAL") }
      // No old log: said so in the new database, so that opening it does not write again.
      if isNew, !Self.hasLegacyLog(inDirectory: directory) {
        try? connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('imported', 0)")
      }
      try connection.execute("PRAGMA synchronous = FULL")
    }
    return history
  }

  /// Refuses anything but a regular file at the database's name or its `-wal` or `-shm`
  /// (opening a FIFO waited for ever); such a file is left where it is.
  private func requireRegularFiles() throws(HistoryError) {
    for file in [path, path + "-wal", path + "-shm"] {
      do throws(SystemError) {
        try FileSystem.requireRegularFileOrNothing(atPath: file)
      } catch {
        throw .readOnly(path: file, reason: "\(error); it is left alone")
      }
    }
  }

  /// Moves the damaged database aside (`history.sqlite.damaged-<time>`, with its `-wal`) and
  /// makes a new one from the rows that can still be read of it.
  func rebuild(reason: String) throws(HistoryError) -> SQLiteHistory {
    let aside = FileSystem.asideName(for: path, tag: "damaged")
    do throws(SystemError) {
      try FileSystem.rename(path, to: aside)
      if FileSystem.fileExists(atPath: path + "-wal") { try FileSystem.rename(path + "-wal", to: aside + "-wal") }
      if FileSystem.fileExists(atPath: path + "-shm") { try? FileSystem.rename(path + "-shm", to: aside + "-shm") }
    } catch {
      throw .damaged(path: path, reason: reason + "; it could not be moved aside: \(error)")
    }
    let salvaged = Self.salvage(from: aside)
    let history = try connect()
    // With the ids of the pending rows they were, so that those are not added again.
    try? history.connection.transaction { () throws(SQLiteError) in
      for row in salvaged { try history.insert(row.entry, file: nil, pendingID: row.id) }
    }
    // The old log was imported into the damaged one: not again.
    try? history.connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('imported', 0)")
    history.rebuiltFrom = aside
    history.notices.append(
      tr(
        count: salvaged.count,
        one: "the history \(path) was damaged (\(reason)) and is kept as \(aside); \(salvaged.count) change came back from it",
        other: "the history \(path) was damaged (\(reason)) and is kept as \(aside); \(salvaged.count) changes came back from it")
    )
    return history
  }

  /// This machine's readable rows of the damaged database at `path`, with pending ids.
  private static func salvage(from path: String) -> [(entry: HistoryEntry, id: Int64?)] {
    // Older schemas lack `action`, `pending_id` or `note`: their rows come back without them.
    let columns = [
      "\(HistorySchema.columns), pending_id", "time, event, counter, name, old, new, source, machine, note, NULL, pending_id",
      "time, event, counter, name, old, new, source, machine, note, NULL, NULL",
      "time, event, counter, name, old, new, source, machine, NULL, NULL, NULL",
    ]
    guard let connection = try? SQLiteConnection(path: path, create: false),
      let statement = columns.lazy.compactMap({
        try? connection.statement("SELECT \($0) FROM change WHERE machine IS NULL ORDER BY seq")
      }).first
    else { return [] }
    var rows: [(entry: HistoryEntry, id: Int64?)] = []
    while (try? statement.step()) == true {
      if let entry = HistorySchema.entry(statement) { rows.append((entry, statement.optionalInteger(10))) }
    }
    return rows
  }

  /// Imports the old log whole, once, and keeps its files aside as `….imported`.
  private func importLegacyLog(into history: SQLiteHistory) throws(HistoryError) {
    let files = Self.legacyFiles.map { StoreLocation.join(directory, $0) }
    // Nearly always: no old log, nothing to ask the database.
    guard files.contains(where: { FileSystem.fileExists(atPath: $0) }) else { return }
    let connection = history.connection
    try HistoryError.catching(path: path) { () throws(SQLiteError) in
      // Imported before, and stopped before the files were moved aside: only that is left.
      let importedBefore = try connection.integer("SELECT count(*) FROM setting WHERE key = 'imported'") == 1
      var entries: [HistoryEntry] = []
      var damaged = 0
      if !importedBefore {
        for file in files {
          guard let bytes = try? FileSystem.readFile(atPath: file, atMost: 1 << 32) else { continue }
          for line in bytes.split(separator: UInt8(ascii: "\n")) {
            if let entry = HistoryEntry(jsonLine: line) { entries.append(entry) } else { damaged += 1 }
          }
        }
        try connection.transaction { () throws(SQLiteError) in
          for entry in entries { try history.insert(entry, file: nil) }
          try connection.run(
            "INSERT OR REPLACE INTO setting (key, value) VALUES ('imported', ?)", [.integer(Int64(entries.count))])
        }
      }
      let kept = files.filter(FileSystem.fileExists(atPath:)).compactMap { file in
        let destination = FileSystem.asideName(for: file, tag: "imported")
        return (try? FileSystem.rename(file, to: destination)).map { destination }
      }
      if !importedBefore, !kept.isEmpty {
        let skipped = damaged > 0 ? tr(", \(damaged) damaged lines skipped") : ""
        let files = kept.joined(separator: tr(" and "))
        history.notices.append(
          tr(
            count: entries.count,
            one:
              "the history log (\(entries.count) change\(skipped)) was imported into \(path); the old files are kept as \(files)",
            other:
              "the history log (\(entries.count) changes\(skipped)) was imported into \(path); the old files are kept as \(files)"
          ))
      }
    }
  }
}
