import CSQLite
import TallyDefaults
import TallyModel
import TallyPlatform
import TallySync

extension SQLiteHistory {
  /// The old history log's names in the data directory: the log and its rotated part.
  static let legacyFiles = ["history.jsonl.1", "history.jsonl"]

  /// Whether the data directory `directory` holds a history: the database, or an old log
  /// that opening it would import.
  public static func exists(inDirectory directory: String) -> Bool {
    FileSystem.fileExists(atPath: StoreLocation.join(directory, fileName)) || hasLegacyLog(inDirectory: directory)
  }

  /// Whether the data directory `directory` holds an old log to import.
  static func hasLegacyLog(inDirectory directory: String) -> Bool {
    legacyFiles.contains { FileSystem.fileExists(atPath: StoreLocation.join(directory, $0)) }
  }

  /// Opens (creating it the first time) `history.sqlite` in `directory`.
  ///
  /// - On first start the old log (`history.jsonl.1`, `history.jsonl`) is imported whole,
  ///   once, and kept aside as `history.jsonl.imported`.
  /// - A file that is not a database, or a damaged one, is moved aside
  ///   (`history.sqlite.damaged-<time>`) with its `-wal`, and a new one is made from what can
  ///   still be read of it; ``notices`` says how many changes came back. With sync on,
  ///   ``attach(folder:machine:mayWrite:)`` then adds what this machine's files there hold.
  ///   Not when `repairing` is false: then it throws ``HistoryError/damaged(path:reason:)``
  ///   (an opening that may be cut short by the process's end, which the repair must not be).
  /// - A locked database waits up to `busyTimeout` seconds.
  public static func open(
    directory: String, busyTimeout: Double = StoreLock.defaultTimeout, repairing: Bool = true
  ) throws(HistoryError) -> SQLiteHistory {
    do throws(HistoryError) {
      let history = try connect(directory: directory, busyTimeout: busyTimeout)
      try history.importLegacyLog(directory: directory)
      return history
    } catch {
      guard repairing, case .damaged(_, let reason) = error else { throw error }
      return try rebuild(directory: directory, reason: reason, busyTimeout: busyTimeout)
    }
  }

  /// Moves the database in `directory`, found damaged in use (`reason`), aside and makes a
  /// new one from what can still be read of it (as ``open(directory:busyTimeout:repairing:)``
  /// does with a database found damaged when it opens).
  public static func reopen(
    directory: String, damaged reason: String, busyTimeout: Double = StoreLock.defaultTimeout
  ) throws(HistoryError) -> SQLiteHistory {
    try rebuild(directory: directory, reason: reason, busyTimeout: busyTimeout)
  }

  private static func connect(directory: String, busyTimeout: Double) throws(HistoryError) -> SQLiteHistory {
    let path = StoreLocation.join(directory, fileName)
    try requireRegularFiles(path)
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
      // A new database is made without waiting for the disk (a crash while it is made leaves
      // a file that is moved aside as damaged, and nothing was in it); then every commit is
      // fsynced: WAL, so readers never wait for a writer, and FULL, so that an acknowledged
      // change survives power loss, as the old log's fsync per append did.
      if isNew { try connection.execute("PRAGMA synchronous = OFF") }
      return connection
    }
    let history = SQLiteHistory(path: path, connection: connection)
    // Checked first: a database of another program or of a later Tally is left as it is.
    try HistorySchema.create(on: connection, path: path)
    if !inWAL {
      try HistoryError.catching(path: path) { () throws(SQLiteError) in try connection.execute("PRAGMA journal_mode = WAL") }
    }
    // Nothing to import when there is no old log: said so in the new database, so that
    // opening it does not write again.
    if isNew, !hasLegacyLog(inDirectory: directory) {
      try? connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('imported', 0)")
    }
    try HistoryError.catching(path: path) { () throws(SQLiteError) in try connection.execute("PRAGMA synchronous = FULL") }
    return history
  }

  /// Refuses anything but a regular file at the database's name or its `-wal` or `-shm`.
  ///
  /// A FIFO, a socket, a device, a directory or a link to nothing is refused before anything
  /// opens it: opening a FIFO waited for a writer for ever. Such a file is left where it is
  /// (it is not a damaged database, and not Tally's to move); the counts are saved without
  /// the history, as on a read-only disk.
  private static func requireRegularFiles(_ path: String) throws(HistoryError) {
    for file in [path, path + "-wal", path + "-shm"] {
      do throws(SystemError) {
        try FileSystem.requireRegularFileOrNothing(atPath: file)
      } catch {
        throw .readOnly(path: file, reason: "\(error); it is left alone")
      }
    }
  }

  /// Moves the damaged database aside and makes a new one from the rows that can still be
  /// read of it.
  private static func rebuild(directory: String, reason: String, busyTimeout: Double) throws(HistoryError) -> SQLiteHistory {
    let path = StoreLocation.join(directory, fileName)
    let aside = FileSystem.asideName(for: path, tag: "damaged")
    do throws(SystemError) {
      try FileSystem.rename(path, to: aside)
      if FileSystem.fileExists(atPath: path + "-wal") { try FileSystem.rename(path + "-wal", to: aside + "-wal") }
      if FileSystem.fileExists(atPath: path + "-shm") { try? FileSystem.rename(path + "-shm", to: aside + "-shm") }
    } catch {
      throw .damaged(path: path, reason: reason + "; it could not be moved aside: \(error)")
    }
    let salvaged = salvage(from: aside)
    let history = try connect(directory: directory, busyTimeout: busyTimeout)
    // With the ids of the pending rows they were, so that those are not added again.
    try? history.connection.transaction { () throws(SQLiteError) in
      for row in salvaged { try history.insert(row.entry, file: nil, pendingID: row.id) }
    }
    // The old log was imported into the damaged one: not again.
    try? history.connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('imported', 0)")
    history.rebuiltFrom = aside
    history.notices.append(
      "the history \(path) was damaged (\(reason)) and is kept as \(aside); \(salvaged.count) change\(salvaged.count == 1 ? "" : "s") "
        + "came back from it")
    return history
  }

  /// This machine's rows that can still be read from the damaged database at `path`, each
  /// with the id of the pending row it was, if it was one.
  private static func salvage(from path: String) -> [(entry: HistoryEntry, id: Int64?)] {
    // A database from before notes has no `note` column, and one from before pending rows no
    // `pending_id`: their rows come back without them.
    guard let connection = try? SQLiteConnection(path: path, create: false),
      let statement =
        (try? connection.statement("SELECT \(HistorySchema.columns), pending_id FROM change WHERE machine IS NULL ORDER BY seq"))
        ?? (try? connection.statement("SELECT \(HistorySchema.columns), NULL FROM change WHERE machine IS NULL ORDER BY seq"))
        ?? (try? connection.statement(
          "SELECT time, event, counter, name, old, new, source, machine, NULL, NULL FROM change WHERE machine IS NULL ORDER BY seq"
        ))
    else { return [] }
    var rows: [(entry: HistoryEntry, id: Int64?)] = []
    while (try? statement.step()) == true {
      if let entry = HistorySchema.entry(statement) { rows.append((entry, statement.optionalInteger(9))) }
    }
    return rows
  }

  /// Imports the old log whole, once, and keeps its files aside as `….imported`.
  private func importLegacyLog(directory: String) throws(HistoryError) {
    let files = Self.legacyFiles.map { StoreLocation.join(directory, $0) }
    // Nearly always: no old log, nothing to ask the database.
    guard files.contains(where: { FileSystem.fileExists(atPath: $0) }) else { return }
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
          for entry in entries { try insert(entry, file: nil) }
          try connection.run(
            "INSERT OR REPLACE INTO setting (key, value) VALUES ('imported', ?)", [.integer(Int64(entries.count))])
        }
      }
      let kept = files.filter(FileSystem.fileExists(atPath:)).compactMap { file in
        let destination = FileSystem.asideName(for: file, tag: "imported")
        return (try? FileSystem.rename(file, to: destination)).map { destination }
      }
      if !importedBefore, !kept.isEmpty {
        notices.append(
          "the history log (\(entries.count) change\(entries.count == 1 ? "" : "s")\(damaged > 0 ? ", \(damaged) damaged lines skipped" : "")) "
            + "was imported into \(path); the old files are kept as \(kept.joined(separator: " and "))")
      }
    }
  }

  /// Joins the sync folder at `folder` as machine `machine`: the other machines' history is
  /// read from it before the first question (or, with `readingBeforeFirstQuestion` false,
  /// only by ``refresh()``: the app draws its first frame first), and this machine's is
  /// copied there after each append while `mayWrite` says so.
  ///
  /// With `adoptingOwnFiles` (a machine taking over its old name after losing its data), and
  /// after the database was rebuilt, this machine's changes in its own files there that the
  /// database does not hold are taken back first.
  public func attach(
    folder path: String, machine: String, adoptingOwnFiles: Bool = false, readingBeforeFirstQuestion: Bool = true,
    mayWrite: @escaping () -> Bool
  ) {
    let folder = HistoryFolder(path: path, machine: machine, mayWrite: mayWrite)
    self.folder = folder
    if adoptingOwnFiles || rebuiltFrom != nil {
      let count = folder.adoptOwnFiles(into: self)
      if let rebuiltFrom, count > 0 {
        notices.append("\(count) more change\(count == 1 ? "" : "s") came back from the sync folder (\(rebuiltFrom) was damaged)")
      }
      rebuiltFrom = nil
    }
    folderUnread = readingBeforeFirstQuestion
    folder.copyOwnHistory(from: self)
  }

  /// Joins `sync`'s folder as its machine; this machine's files are written while no other
  /// machine uses its name.
  public func attach(to sync: CounterSync, adoptingOwnFiles: Bool = false, readingBeforeFirstQuestion: Bool = true) {
    attach(
      folder: sync.folderPath, machine: sync.machine.name, adoptingOwnFiles: adoptingOwnFiles,
      readingBeforeFirstQuestion: readingBeforeFirstQuestion
    ) {
      !sync.status.ownFileTaken
    }
    takeCounterMoves = { sync.takeMovedCounterIDs() }
    attachedSync = (sync, readingBeforeFirstQuestion)
    followMovedCounters()
  }

  @discardableResult
  public func refresh(_ changes: FolderChanges) -> Bool {
    let moved = followMovedCounters()
    guard let folder, folder.unfinished || changes.mayConcern(folder.isOtherMachinesFile) else { return moved }
    folderUnread = false
    return folder.index(into: self) || moved
  }

}
