import FoundationEssentials
import TallyDefaults
import TallyLocalization
import TallyModel
import TallyPlatform
import TallySync

/// The history of changes in an SQLite database: `history.sqlite` (opened by ``HistoryFile``)
/// or in memory; ``HistoryFolder`` copies it to a sync folder; docs/history.md has the schema.
public final class SQLiteHistory: HistoryLog {
  public static let fileName = "history.sqlite"

  private(set) var file: HistoryFile?
  let connection: SQLiteConnection
  let keptTotals: KeptTotals
  var staging: ImportStaging { ImportStaging(connection: connection, path: path, keptTotals: keptTotals) }
  public private(set) var appendProblem: String?
  /// The damage (`SQLITE_CORRUPT`, `SQLITE_NOTADB`) the last write or read found, if any.
  public internal(set) var damage: String?
  /// What opening found and did (an import of the old log, a damaged database rebuilt).
  public internal(set) var notices: [String] = []
  var folder: HistoryFolder?
  /// Where the damaged database this one was rebuilt from went, until the folder joined.
  var rebuiltFrom: String?
  /// The calendar totals were last asked for in: appends keep them up to date for it.
  var lastCalendar: GoalCalendar?
  var leftToDo: Set<String>?

  init(connection: SQLiteConnection, file: HistoryFile?) {
    self.connection = connection
    self.file = file
    keptTotals = KeptTotals(connection: connection)
  }

  public var path: String { file?.path ?? ":memory:" }

  /// The log a command leaves for the next to fold, at most.
  public static let commandLogFoldedAbove = 256 << 10

  /// Opens (creating it the first time) `history.sqlite` in `directory` (``HistoryFile``),
  /// whose closing folds a log past `logFoldedAbove` bytes (docs/performance.md).
  public static func open(
    directory: String, busyTimeout: Double = StoreLock.defaultTimeout, repairing: Bool = true,
    logFoldedAbove: Int = commandLogFoldedAbove
  ) throws(HistoryError) -> SQLiteHistory {
    try HistoryFile(directory: directory, busyTimeout: busyTimeout, logFoldedAbove: logFoldedAbove)
      .open(repairing: repairing)
  }

  public static func exists(inDirectory directory: String) -> Bool { HistoryFile.exists(inDirectory: directory) }

  public func waitForLock(upTo seconds: Double) {
    connection.waitForLock(upTo: seconds)
    file?.busyTimeout = seconds
  }

  /// Prepares the statements the first frame asks and those of a key press, so that they
  /// only bind and step.
  public func prepareFrameQueries() {
    for sql in FrameQuery.all { _ = try? connection.statement(sql) }
    prepareKeyPressStatements()
  }

  /// Prepares what a key press runs, its history written and its last change read back:
  /// the insert, with its triggers, is 0.2 M instructions to prepare.
  public func prepareKeyPressStatements() {
    for sql in [HistorySchema.insertChange, "BEGIN IMMEDIATE", "COMMIT", FrameQuery.newestInRange] {
      _ = try? connection.statement(sql)
    }
  }

  deinit {
    guard let file, (try? FileSystem.identity(atPath: file.path + "-wal"))?.byteCount ?? 0 > file.logFoldedAbove else { return }
    try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  public static func inMemory() -> SQLiteHistory {
    // An in-memory database cannot fail to open but for lack of memory.
    do {
      let connection = try SQLiteConnection(path: ":memory:")
      try HistorySchema.create(on: connection, path: ":memory:")
      return SQLiteHistory(connection: connection, file: nil)
    } catch {
      fatalError("an in-memory database could not be made: \(error)")
    }
  }

  public func append(_ entries: [HistoryEntry], copyingToFolder: Bool) {
    write(entries.map { ($0, nil) }, copyingToFolder: copyingToFolder)
  }

  public func appendPending(_ rows: [PendingRow], copyingToFolder: Bool) -> Set<Int64> {
    write(rows.map { ($0.entry, $0.id) }, copyingToFolder: copyingToFolder) ? Set(rows.map(\.id)) : []
  }

  /// Inserts `rows` in one transaction that also brings the kept totals up to date.
  @discardableResult
  private func write(_ rows: [(entry: HistoryEntry, pendingID: Int64?)], copyingToFolder: Bool) -> Bool {
    guard !rows.isEmpty else { return false }
    var added = false
    do throws(SQLiteError) {
      try connection.transaction { () throws(SQLiteError) in
        for row in rows {
          try insert(row.entry, file: nil, pendingID: row.pendingID)
          if connection.changedRows > 0 { added = true }
        }
        if added, let calendar = lastCalendar, let key = calendar.key {
          try keptTotals.foldPendingRows(calendar: calendar, key: key)
        }
      }
      appendProblem = nil
    } catch {
      noteWriteFailure(error)
      return false
    }
    if added, copyingToFolder { copyToFolder() }
    return true
  }

  /// What `setting` says was left to do when the database was opened, read once.
  var unfinishedWork: Set<String> {
    if let leftToDo { return leftToDo }
    let keys =
      (try? connection.firstRow("SELECT group_concat(key) FROM setting WHERE key IN ('import', 'reconcile')") {
        $0.optionalText(0)
      }) ?? nil
    leftToDo = Set((keys ?? "").split(separator: ",").map(String.init))
    return leftToDo ?? []
  }

  /// Once, when the database was made, migrated or rebuilt, and without sync only: gives each
  /// counter whose value its rows do not add up to one row for the difference
  /// (docs/history.md), under the store's lock, its waiting rows appended first.
  func reconcile(with pending: PendingHistory) {
    guard unfinishedWork.contains("reconcile") else { return }
    let store = pending.store
    _ = try? store.performLockedBatch {
      pending.holds(held(among: pending.unheld))
      let waiting = pending.unheld
      if !waiting.isEmpty { pending.holds(appendPending(waiting, copyingToFolder: true)) }
      guard pending.unheld.isEmpty else { return }
      let rows = (folder?.sync == nil ? CountersModel.storedCounters(in: store) : []).compactMap { counter in
        let sum = "SELECT sum(new - old) FROM change WHERE counter = ? AND machine IS NULL AND event = 'changed'"
        let total = Int(clamping: (try? connection.integer(sum, [.text(counter.id)])) ?? 0)
        return total == counter.value
          ? nil
          : HistoryEntry(
            time: Date(), event: .changed, counter: counter.id, name: counter.name, old: total, new: counter.value,
            source: .command, note: BackupImport.explainingNote)
      }
      do throws(SQLiteError) {
        try connection.transaction { () throws(SQLiteError) in
          for entry in rows { try insert(entry, file: nil) }
          try connection.run("DELETE FROM setting WHERE key = 'reconcile'")
        }
      } catch {
        return noteWriteFailure(error)
      }
      leftToDo?.remove("reconcile")
      if !rows.isEmpty { copyToFolder() }
    }
  }

  func held(among rows: [PendingRow]) -> Set<Int64> {
    Set(rows.map(\.id).filter { (try? connection.integer("SELECT 1 FROM change WHERE pending_id = ?", [.integer($0)])) != nil })
  }

  func noteWriteFailure(_ error: SQLiteError) {
    appendProblem = tr("the history could not be saved: \(noted(error))")
  }

  private func noted(_ error: SQLiteError) -> HistoryError {
    let problem = HistoryError(error, path: path)
    if case .damaged(_, let reason) = problem { damage = reason }
    return problem
  }

  /// Inserts one entry: this machine's when `file` is `nil`, else from that file of the sync
  /// folder; not a pending row whose id the database holds.
  func insert(_ entry: HistoryEntry, file: String?, pendingID: Int64? = nil) throws(SQLiteError) {
    try connection.run(
      HistorySchema.insertChange,
      HistorySchema.values(of: entry) + [entry.machine.map { .text($0) } ?? .null, file.map { .text($0) } ?? .null]
        + [entry.note.map { .text($0) } ?? .null, pendingID.map { .integer($0) } ?? .null]
        + [entry.action.map { .text($0.rawValue) } ?? .null])
  }

  public func renameCounters(_ mapping: [String: String]) {
    do throws(SQLiteError) {
      try connection.transaction { () throws(SQLiteError) in try moveOwnRows(mapping.map { ($0.key, $0.value) }) }
    } catch {
      noteWriteFailure(error)
    }
  }

  /// Gives this machine's rows of each `old` counter the id `new`.
  func moveOwnRows(_ moves: [(old: String, new: String)]) throws(SQLiteError) {
    for move in moves {
      try connection.run(
        "UPDATE change SET counter = ? WHERE counter = ? AND machine IS NULL", [.text(move.new), .text(move.old)])
    }
    try keptTotals.forget()
  }

  public func keepAsideAndClear() throws(SystemError) -> [String] {
    do throws(SQLiteError) {
      let kept = try staging.keepAside()
      try connection.transaction { () throws(SQLiteError) in
        try connection.run("DELETE FROM change WHERE machine IS NULL")
        try keptTotals.forget()
      }
      return kept
    } catch {
      throw .inputOutput
    }
  }

  @discardableResult
  public func setNote(_ note: String?, of change: RecordedChange) -> Bool {
    let row = change.row
    do throws(SQLiteError) {
      let noted = try connection.transaction { () throws(SQLiteError) -> Bool in
        try connection.run(
          "UPDATE change SET note = ? WHERE seq = ? AND counter = ? AND time = ? AND machine IS NULL",
          [note.map { .text($0) } ?? .null, .integer(row), .text(change.entry.counter), .integer(change.entry.milliseconds)])
        guard connection.changedRows == 1 else { return false }
        try OwnHistoryFiles.copyAgain(monthOf: change.entry.milliseconds, after: row - 1, connection)
        return true
      }
      appendProblem = nil
      return noted
    } catch {
      appendProblem = tr("the note could not be saved: \(HistoryError(error, path: path))")
      return false
    }
  }

  /// Joins the folder at `folder` as `machine`; its changes are copied there while `mayWrite`.
  public func attach(
    folder path: String, machine: String, adoptingOwnFiles: Bool = false, readingBeforeFirstQuestion: Bool = true,
    mayWrite: @escaping () -> Bool
  ) {
    folder = HistoryFolder(path: path, machine: machine, sync: nil, readingFirst: readingBeforeFirstQuestion, mayWrite: mayWrite)
    folder?.join(self, adoptingOwnFiles: adoptingOwnFiles)
  }

  /// Joins `sync`'s folder; this machine's files are written while no other uses its name.
  public func attach(to sync: CounterSync, adoptingOwnFiles: Bool = false, readingBeforeFirstQuestion: Bool = true) {
    folder = HistoryFolder(
      path: sync.folderPath, machine: sync.machine.name, sync: sync, readingFirst: readingBeforeFirstQuestion
    ) { !sync.status.ownFileTaken }
    folder?.join(self, adoptingOwnFiles: adoptingOwnFiles)
  }

  public func copyToFolder() { folder?.copyOwnHistory(from: self) }

  @discardableResult
  public func refresh(_ changes: FolderChanges) -> Bool { folder?.refresh(changes, into: self) ?? false }

  public var notice: String? { folder?.notice(in: self) }

  private func entries(_ sql: String, _ values: [SQLiteValue]) -> HistoryReading {
    folder?.readIfUnread(into: self)
    var reading = HistoryReading()
    do throws(SQLiteError) {
      let statement = try connection.statement(sql)
      try statement.bind(values)
      while try statement.step() {
        if let entry = HistorySchema.entry(statement) { reading.entries.append(entry) } else { reading.damagedLines += 1 }
      }
    } catch {
      reading.problem = tr("the history could not be read: \(noted(error))")
    }
    return reading
  }

  func ownEntries() -> [HistoryEntry] {
    entries("SELECT \(HistorySchema.columns) FROM change WHERE machine IS NULL ORDER BY time, seq", []).entries
  }

  public func read() -> HistoryReading {
    entries("SELECT \(HistorySchema.columns) FROM change ORDER BY time, seq", [])
  }

  public func entries(ofCounter id: String, since: Date?, until: Date?, limit: Int?) -> HistoryReading {
    let range: [SQLiteValue] = [
      .text(id), .integer(since.map(HistoryEntry.milliseconds(of:)) ?? .min),
      .integer(until.map(HistoryEntry.milliseconds(of:)) ?? .max),
    ]
    guard let limit else { return entries(FrameQuery.changesInRange, range) }
    var reading = entries(FrameQuery.newestInRange, range + [.integer(Int64(max(0, limit)))])
    reading.entries.reverse()
    return reading
  }

  public func entries(ofCounter id: String, newestFirstSkipping skipping: Int, limit: Int) -> HistoryReading {
    // The (counter, time) index read backwards, `skipping` rows stepped over in it.
    entries(
      "SELECT \(HistorySchema.columns) FROM change WHERE counter = ? ORDER BY time DESC, seq DESC LIMIT ? OFFSET ?",
      [.text(id), .integer(Int64(max(0, limit))), .integer(Int64(max(0, skipping)))])
  }

  public func entryCount(ofCounter id: String) -> Int {
    // Kept by the `change` table's triggers: no row is read.
    number("SELECT count FROM counter_entries WHERE counter = ?", id)
  }

  public func lastChange(ofCounter id: String) -> RecordedChange? {
    // This machine's last change is among the first rows the index meets backwards.
    let found = try? connection.firstRow(FrameQuery.lastChange, [.text(id)]) { row in
      HistorySchema.entry(row).map { RecordedChange(row: row.integer(10), entry: $0) }
    }
    return found ?? nil
  }

  public func allTime(ofCounter id: String) -> Int { Int(clamping: exactAllTime(ofCounter: id)) }

  /// The sum of the counter's changes, kept in two columns that cannot overflow (HistorySchema).
  func exactAllTime(ofCounter id: String) -> Int128 {
    folder?.readIfUnread(into: self)
    let total = try? connection.firstRow("SELECT high, low FROM counter_total WHERE counter = ?", [.text(id)]) {
      Int128($0.integer(0)) << 32 + Int128($0.integer(1))
    }
    return total ?? 0
  }

  public func firstEntryTime(ofCounter id: String) -> Date? {
    folder?.readIfUnread(into: self)
    // The first row of the (counter, time) index.
    let time = (try? connection.integer("SELECT min(time) FROM change WHERE counter = ?", [.text(id)])) ?? nil
    return time.map(HistoryEntry.date(milliseconds:))
  }

  private func number(_ sql: String, _ id: String) -> Int {
    folder?.readIfUnread(into: self)
    return Int(clamping: (try? connection.integer(sql, [.text(id)])) ?? 0)
  }

  public func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, from first: Int?) -> PeriodTotals {
    guard kind != .total else { return [:] }
    folder?.readIfUnread(into: self)
    guard keepsTotals(for: calendar) else {
      // A calendar without a name (or a database that cannot be written): every change read.
      let totals = PeriodTotal.byPeriod(
        entries(ofCounter: id, since: nil, until: nil, limit: nil).entries, per: kind, calendar: calendar)
      return first.map { totals.from($0) } ?? totals
    }
    return (try? keptTotals.totals(ofCounter: id, per: kind, from: first)) ?? [:]
  }

  public func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, over amount: Int) -> PeriodTotals {
    guard kind != .total else { return [:] }
    folder?.readIfUnread(into: self)
    guard keepsTotals(for: calendar) else {
      return totals(ofCounter: id, per: kind, calendar: calendar, from: nil).firstAnd(over: amount)
    }
    return (try? keptTotals.totals(ofCounter: id, per: kind, over: amount)) ?? [:]
  }

  public func streaks(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, reaching amount: Int, current: Int)
    -> (current: Int, best: Int)
  {
    guard kind != .total else { return (0, 0) }
    folder?.readIfUnread(into: self)
    guard keepsTotals(for: calendar) else {
      let every = totals(ofCounter: id, per: kind, calendar: calendar, from: nil)
      return GoalSummary.streaks(in: every, reaching: amount, current: current)
    }
    return keptTotals.streaks(ofCounter: id, per: kind, reaching: amount, current: current)
  }

  /// Brings the kept totals up to date for `calendar`; false for a calendar without a name,
  /// or a database that cannot be written.
  private func keepsTotals(for calendar: GoalCalendar) -> Bool {
    guard let key = calendar.key else { return false }
    lastCalendar = calendar
    return (try? keptTotals.bringUpToDate(calendar: calendar, key: key)) != nil
  }
}
