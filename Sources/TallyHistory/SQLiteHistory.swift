import CSQLite
import TallyModel
import TallyPlatform
import TallySync

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The history of changes in an SQLite database: `history.sqlite` in the data directory, or
/// in memory (`:memory:`) for `-useInMemoryUserDefaults` and tests.
///
/// - Every change is a row of `change`, kept until the user deletes it: nothing rotates.
/// - Totals per day, week and month are kept (``KeptTotals``).
/// - The database is in WAL mode with `synchronous=FULL`: an append returns once the
///   change is on disk, and survives `kill -9` and power loss.
///
/// The schema is in docs/history.md.
public final class SQLiteHistory: HistoryLog {
  public static let fileName = "history.sqlite"

  public let path: String
  let connection: SQLiteConnection
  public private(set) var appendProblem: String?
  /// What the last failed write or read found, when it was damage (`SQLITE_CORRUPT`,
  /// `SQLITE_NOTADB`): ``DeferredHistory`` then moves the database aside and starts anew.
  public internal(set) var damage: String?
  /// What opening found and did (an import of the old log, a damaged database rebuilt),
  /// one sentence each, for the person using Tally.
  public internal(set) var notices: [String] = []
  var folder: HistoryFolder?
  /// Where the damaged database this one was rebuilt from went, until the sync folder had
  /// its say.
  var rebuiltFrom: String?
  /// The calendar totals were last asked for in: appends keep them up to date for it.
  var lastCalendar: GoalCalendar?
  var folderUnread = false
  /// The moves of this machine's counters to other ids that sync noted since the last call
  /// (``CounterSync/takeMovedCounterIDs()``); `nil` while no sync folder is attached.
  var takeCounterMoves: (() -> [(old: String, new: String)])?
  /// The sync folder's side of the counters it joined, and whether it was to read the other
  /// machines' files before its first answer: what a database made anew joins again.
  var attachedSync: (sync: CounterSync, readingFirst: Bool)?
  var leftToDo: Set<String>?

  /// Reads the other machines' files if that is still to do (once, before the first
  /// question: `tally inc` and `tally get` never read them).
  private func readFolderIfUnread() {
    if folderUnread { refresh() }
  }

  let keptTotals: KeptTotals

  init(path: String, connection: SQLiteConnection) {
    self.path = path
    self.connection = connection
    keptTotals = KeptTotals(connection: connection)
  }

  /// The size past which this connection folds the write-ahead log into the database, and
  /// empties it, when it closes: a command folds past a bound, so that the log does not grow
  /// with every command; the interactive app (0) folds whatever is in it, so that its next
  /// start has no log index to rebuild (docs/performance.md, "SQLiteHistory").
  public var logFoldedAbove = 256 << 10

  /// How long a change waits for another process's lock from now on, in seconds.
  public func waitForLock(upTo seconds: Double) { connection.waitForLock(upTo: seconds) }

  /// Prepares what a frame with a goal and the last-change line ask, so that the first
  /// frame only binds and steps: the interactive app's opening ahead does it on its thread.
  public func prepareFrameQueries() {
    for sql in FrameQuery.all { _ = try? connection.statement(sql) }
  }

  deinit {
    guard path != ":memory:" else { return }
    if let log = try? FileSystem.identity(atPath: path + "-wal"), log.byteCount > logFoldedAbove {
      try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
  }

  /// A new, empty history in memory.
  public static func inMemory() -> SQLiteHistory {
    // An in-memory database cannot fail to open but for lack of memory.
    do {
      let history = SQLiteHistory(path: ":memory:", connection: try SQLiteConnection(path: ":memory:"))
      try HistorySchema.create(on: history.connection, path: history.path)
      return history
    } catch {
      fatalError("an in-memory database could not be made: \(error)")
    }
  }

  // MARK: Writing

  /// Adds this machine's `entries`; copies them to the sync folder unless `copyingToFolder`
  /// is false: they came from there (a rebuilt database, a machine taking over its name), or
  /// the app copies them after drawing its frame.
  public func append(_ entries: [HistoryEntry], copyingToFolder: Bool) {
    guard !entries.isEmpty else { return }
    do throws(SQLiteError) {
      try connection.transaction { () throws(SQLiteError) in
        for entry in entries { try insert(entry, file: nil) }
        // The screen asks for the totals after every burst of keys: they are brought up to
        // date in the same transaction, one commit and one fsync.
        if let calendar = lastCalendar, let key = calendar.key { try keptTotals.foldPendingRows(calendar: calendar, key: key) }
      }
      appendProblem = nil
    } catch {
      noteWriteFailure(error)
      return
    }
    if copyingToFolder { copyToFolder() }
  }

  /// A row whose id the database holds already is not added again (`INSERT OR IGNORE` on the
  /// unique `pending_id`): another process may have appended it.
  public func appendPending(_ rows: [PendingRow], copyingToFolder: Bool) -> Set<Int64> {
    guard !rows.isEmpty else { return [] }
    var added = false
    do throws(SQLiteError) {
      try connection.transaction { () throws(SQLiteError) in
        for row in rows {
          try insert(row.entry, file: nil, pendingID: row.id)
          if connection.changedRows > 0 { added = true }
        }
        if added, let calendar = lastCalendar, let key = calendar.key {
          try keptTotals.foldPendingRows(calendar: calendar, key: key)
        }
      }
      appendProblem = nil
    } catch {
      noteWriteFailure(error)
      return []
    }
    if added, copyingToFolder { copyToFolder() }
    return Set(rows.map(\.id))
  }

  /// Whether this database is still to be checked against the values in the store: it was
  /// made, brought up from an earlier schema or rebuilt, and not checked since.
  public var isUnreconciled: Bool { unfinishedWork.contains("reconcile") }

  /// What `setting` says was left to do when the database was opened (`import`: an import
  /// cut short; `reconcile`: a check against the store's values), read once, in one query:
  /// nearly always nothing.
  var unfinishedWork: Set<String> {
    if let leftToDo { return leftToDo }
    let keys =
      (try? connection.firstRow("SELECT group_concat(key) FROM setting WHERE key IN ('import', 'reconcile')") {
        $0.optionalText(0)
      }) ?? nil
    let work = Set((keys ?? "").split(separator: ",").map(String.init))
    leftToDo = work
    return work
  }

  public func ownTotal(ofCounter id: String) -> Int {
    let total = try? connection.integer(
      "SELECT sum(new - old) FROM change WHERE counter = ? AND machine IS NULL AND event = 'changed'", [.text(id)])
    return Int(clamping: total ?? 0)
  }

  /// Adds `entries`, the rows that explain values the history has no rows for, and notes
  /// that the database was checked against the store, in one transaction; returns whether
  /// it worked.
  public func reconcile(adding entries: [HistoryEntry]) -> Bool {
    do throws(SQLiteError) {
      try connection.transaction { () throws(SQLiteError) in
        for entry in entries { try insert(entry, file: nil) }
        try connection.run("DELETE FROM setting WHERE key = 'reconcile'")
      }
    } catch {
      noteWriteFailure(error)
      return false
    }
    leftToDo?.remove("reconcile")
    if !entries.isEmpty { copyToFolder() }
    return true
  }

  /// The ids of `rows` that the database holds.
  public func held(among rows: [PendingRow]) -> Set<Int64> {
    var held: Set<Int64> = []
    for row in rows where (try? connection.integer("SELECT 1 FROM change WHERE pending_id = ?", [.integer(row.id)])) != nil {
      held.insert(row.id)
    }
    return held
  }

  /// Keeps why a write failed: for the person using Tally, and, when it was damage, for
  /// ``DeferredHistory`` to repair.
  func noteWriteFailure(_ error: SQLiteError) {
    appendProblem = "the history could not be saved: \(noted(error))"
  }

  private func noted(_ error: SQLiteError) -> HistoryError {
    let problem = HistoryError(error, path: path)
    if case .damaged(_, let reason) = problem { damage = reason }
    return problem
  }

  public func copyToFolder() {
    folder?.copyOwnHistory(from: self)
  }

  /// Every entry of this machine's own.
  func ownEntries() -> [HistoryEntry] {
    entries("SELECT \(HistorySchema.columns) FROM change WHERE machine IS NULL ORDER BY time, seq", []).entries
  }

  /// Inserts one entry: this machine's when `file` is `nil`, else another machine's, read
  /// from that file of the sync folder.
  ///
  /// A pending row (with its `pendingID`) whose id the database holds is not added again:
  /// the unique `pending_id` is the only constraint a row can meet that `DO NOTHING` skips.
  func insert(_ entry: HistoryEntry, file: String?, pendingID: Int64? = nil) throws(SQLiteError) {
    try connection.run(
      "INSERT INTO change (time, event, counter, name, old, new, source, machine, file, note, pending_id) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      [
        .integer(entry.milliseconds), .text(entry.event.rawValue), .text(entry.counter), .text(entry.name),
        entry.old.map { .integer(Int64($0)) } ?? .null, entry.new.map { .integer(Int64($0)) } ?? .null,
        .text(entry.source.rawValue), entry.machine.map { .text($0) } ?? .null, file.map { .text($0) } ?? .null,
        entry.note.map { .text($0) } ?? .null, pendingID.map { .integer($0) } ?? .null,
      ])
  }

  public func renameCounters(_ mapping: [String: String]) {
    do throws(SQLiteError) {
      try connection.transaction { () throws(SQLiteError) in try moveOwnRows(mapping.map { ($0.key, $0.value) }) }
    } catch {
      noteWriteFailure(error)
    }
  }

  /// Gives this machine's rows of each `old` counter the id `new`; the kept totals, for the
  /// old ids, are made again on the next question.
  private func moveOwnRows(_ moves: [(old: String, new: String)]) throws(SQLiteError) {
    for move in moves {
      try connection.run(
        "UPDATE change SET counter = ? WHERE counter = ? AND machine IS NULL", [.text(move.new), .text(move.old)])
    }
    try keptTotals.forget()
  }

  /// Moves this machine's changes to the ids its counters moved to in the store (a counter
  /// made here, shown apart from another machine's with its name: ``CounterGroup``), and
  /// writes this machine's files in the folder anew with them, so that every machine reads
  /// them under the new ids; returns whether any moved.
  @discardableResult
  func followMovedCounters() -> Bool {
    guard let moves = takeCounterMoves?(), !moves.isEmpty else { return false }
    do throws(SQLiteError) {
      try connection.transaction { () throws(SQLiteError) in
        try moveOwnRows(moves)
        // Every file of this machine's is written anew, whole, at the next copy.
        try connection.run("DELETE FROM own_file")
        try connection.run("DELETE FROM setting WHERE key = 'copied'")
      }
    } catch {
      noteWriteFailure(error)
      return false
    }
    copyToFolder()
    return true
  }

  public func keepAsideAndClear() throws(SystemError) -> [String] {
    do throws(SQLiteError) {
      let kept = try keepAside()
      try connection.transaction { () throws(SQLiteError) in
        try connection.run("DELETE FROM change WHERE machine IS NULL")
        try keptTotals.forget()
      }
      return kept
    } catch {
      throw .inputOutput
    }
  }

  /// Copies the database aside, as it is now (for an import that replaces everything);
  /// returns where, or nothing for a database in memory.
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

  @discardableResult
  public func setNote(_ note: String?, of change: RecordedChange) -> Bool {
    let row = change.row
    do throws(SQLiteError) {
      let noted = try connection.transaction { () throws(SQLiteError) -> Bool in
        try connection.run(
          "UPDATE change SET note = ? WHERE seq = ? AND counter = ? AND time = ? AND machine IS NULL",
          [note.map { .text($0) } ?? .null, .integer(row), .text(change.entry.counter), .integer(change.entry.milliseconds)])
        guard connection.changedRows == 1 else { return false }
        // With sync on, the month's file in the folder already has the change without this
        // note: marked as not as this machine left it, from before the row, so that the next
        // copy writes it anew, whole, from the database (the other machines read a replaced
        // file again whole). Nothing happens here without sync.
        try connection.run(
          "UPDATE own_file SET size = -1, copied = min(copied, ?1) WHERE substr(name, -length(?2)) = ?2",
          [.integer(row - 1), .text(HistoryFolder.monthSuffix(forMilliseconds: change.entry.milliseconds))])
        try connection.run("UPDATE setting SET value = min(value, ?) WHERE key = 'copied'", [.integer(row - 1)])
        return true
      }
      appendProblem = nil
      return noted
    } catch {
      appendProblem = "the note could not be saved: \(HistoryError(error, path: path))"
      return false
    }
  }

  // MARK: Reading

  /// What the other machines' files held that could not be read (what opening found is in
  /// ``notices``, told once by whoever opened it).
  public var notice: String? {
    var parts: [String] = []
    if folder != nil, let damaged = try? connection.integer("SELECT sum(damaged) FROM folder_file"), damaged > 0 {
      parts.append("\(damaged) damaged line\(damaged == 1 ? "" : "s") of other machines' history skipped")
    }
    if let skipped = folder?.skipped, !skipped.isEmpty { parts += skipped }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  private func entries(_ sql: String, _ values: [SQLiteValue]) -> HistoryReading {
    readFolderIfUnread()
    var reading = HistoryReading()
    do throws(SQLiteError) {
      let statement = try connection.statement(sql)
      try statement.bind(values)
      while try statement.step() {
        if let entry = HistorySchema.entry(statement) { reading.entries.append(entry) } else { reading.damagedLines += 1 }
      }
    } catch {
      reading.problem = "the history could not be read: \(noted(error))"
    }
    return reading
  }

  public func read() -> HistoryReading {
    entries("SELECT \(HistorySchema.columns) FROM change ORDER BY time, seq", [])
  }

  public func entries(ofCounter id: String, since: Date?, until: Date?, limit: Int?) -> HistoryReading {
    let from = since.map(HistoryEntry.milliseconds(of:)) ?? .min
    let to = until.map(HistoryEntry.milliseconds(of:)) ?? .max
    guard let limit else {
      return entries(
        "SELECT \(HistorySchema.columns) FROM change WHERE counter = ? AND time >= ? AND time < ? ORDER BY time, seq",
        [.text(id), .integer(from), .integer(to)])
    }
    var reading = entries(
      "SELECT \(HistorySchema.columns) FROM change WHERE counter = ? AND time >= ? AND time < ? ORDER BY time DESC, seq DESC LIMIT ?",
      [.text(id), .integer(from), .integer(to), .integer(Int64(max(0, limit)))])
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
    readFolderIfUnread()
    // Kept by the `change` table's triggers: no row is read.
    return Int(clamping: (try? connection.integer("SELECT count FROM counter_entries WHERE counter = ?", [.text(id)])) ?? 0)
  }

  public func lastChange(ofCounter id: String) -> RecordedChange? {
    // Walks the (counter, time) index backwards: this machine's last change is among the
    // first rows it meets.
    let found = try? connection.firstRow(FrameQuery.lastChange, [.text(id)]) { row in
      HistorySchema.entry(row).map { RecordedChange(row: row.integer(9), entry: $0) }
    }
    return found ?? nil
  }

  public func allTime(ofCounter id: String) -> Int {
    readFolderIfUnread()
    let total = try? connection.integer("SELECT net FROM counter_total WHERE counter = ?", [.text(id)])
    return Int(clamping: total ?? 0)
  }

  public func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, from first: Int?) -> PeriodTotals {
    guard kind != .total else { return [:] }
    readFolderIfUnread()
    guard keepsTotals(for: calendar) else {
      // A calendar without a name (or a database that cannot be written): every change read.
      let totals = PeriodTotal.byPeriod(
        entries(ofCounter: id, since: nil, until: nil, limit: nil).entries, per: kind, calendar: calendar)
      return first.map { totals.from($0) } ?? totals
    }
    return (try? keptTotals.totals(ofCounter: id, per: kind, from: first)) ?? [:]
  }

  public func streaks(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, reaching amount: Int, current: Int)
    -> (current: Int, best: Int)
  {
    guard kind != .total else { return (0, 0) }
    readFolderIfUnread()
    guard keepsTotals(for: calendar) else {
      let every = totals(ofCounter: id, per: kind, calendar: calendar, from: nil)
      return GoalSummary.streaks(in: every, reaching: amount, current: current)
    }
    return keptTotals.streaks(ofCounter: id, per: kind, reaching: amount, current: current)
  }

  /// Brings the kept totals up to date for `calendar`, which appends then keep them for;
  /// false for a calendar without a name, or a database that cannot be written.
  private func keepsTotals(for calendar: GoalCalendar) -> Bool {
    guard let key = calendar.key else { return false }
    lastCalendar = calendar
    return (try? keptTotals.bringUpToDate(calendar: calendar, key: key)) != nil
  }

}
