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
/// - Totals per day, week and month (``PeriodTotal``) are kept in `period` for one calendar
///   (time zone and the hour a day starts at), brought up to date with the rows written
///   since when they are asked for, and rebuilt once when the calendar changes. The screens
///   read a few rows, however long the history.
/// - The database is in WAL mode with `synchronous=FULL`: an append returns once the
///   change is on disk, and survives `kill -9` and power loss.
///
/// The schema is in docs/history.md.
public final class SQLiteHistory: HistoryLog {
  /// The database's name in the data directory.
  public static let fileName = "history.sqlite"
  /// The schema this Tally writes (`PRAGMA user_version`); a later one is refused.
  ///
  /// 5 added `change.pending_id`; 4, `counter_entries`; 3, `change.note`; 2, the `streak`
  /// table.
  public static let schemaVersion: Int64 = 5
  /// More new rows than this since the totals were last brought up to date are folded in by
  /// rebuilding them, in order, rather than row by row.
  static let rebuildThreshold = 2_000

  /// The database's path, or `:memory:`.
  public let path: String
  let connection: SQLiteConnection
  public private(set) var appendProblem: String?
  /// What the last failed write or read found, when it was damage (`SQLITE_CORRUPT`,
  /// `SQLITE_NOTADB`): ``DeferredHistory`` then moves the database aside and starts anew.
  public internal(set) var damage: String?
  /// What opening found and did (an import of the old log, a damaged database rebuilt),
  /// one sentence each, for the person using Tally.
  public internal(set) var notices: [String] = []
  /// The sync folder, when sync is on: other machines' history is read from it, and this
  /// machine's is written there.
  var folder: HistoryFolder?
  /// Where the damaged database this one was rebuilt from went, until the sync folder had
  /// its say.
  var rebuiltFrom: String?
  /// The calendar totals were last asked for in: appends keep them up to date for it.
  var lastCalendar: GoalCalendar?
  /// Whether the other machines' files are to be read before the next question.
  var folderUnread = false
  /// The moves of this machine's counters to other ids that sync noted since the last call
  /// (``CounterSync/takeMovedCounterIDs()``); `nil` while no sync folder is attached.
  var takeCounterMoves: (() -> [(old: String, new: String)])?
  /// The sync folder's side of the counters it joined, and whether it was to read the other
  /// machines' files before its first answer: what a database made anew joins again.
  var attachedSync: (sync: CounterSync, readingFirst: Bool)?
  /// ``unfinishedWork``, once read.
  var leftToDo: Set<String>?

  /// Reads the other machines' files if that is still to do (once, before the first
  /// question: `tally inc` and `tally get` never read them).
  private func readFolderIfUnread() {
    if folderUnread { refresh() }
  }

  init(path: String, connection: SQLiteConnection) {
    self.path = path
    self.connection = connection
  }

  /// The size past which this connection folds the write-ahead log into the database, and
  /// empties it, when it closes: 256 KiB for a command; 0 for the interactive app, which folds
  /// whatever is in the log when it quits, so that its next start has no log index to rebuild
  /// (a start reads the whole log to do so: 0.3 M instructions for 200 KiB, about seven
  /// presses' worth).
  ///
  /// Closing does not fold every time (two fsyncs at the end of every `tally inc`); but a
  /// process that opens the database reads the whole log to rebuild its index, and a log
  /// never emptied would grow with every command.
  public var logFoldedAbove = 256 << 10

  /// How long a change waits for another process's lock from now on, in seconds.
  public func waitForLock(upTo seconds: Double) { connection.waitForLock(upTo: seconds) }

  /// What a frame with a goal and the last-change line ask.
  enum FrameQuery {
    static let latestRow = "SELECT max(seq) FROM change"
    static let totalsCalendar = "SELECT value FROM setting WHERE key = 'calendar'"
    static let lastFolded = "SELECT value FROM setting WHERE key = 'folded'"
    static let periods = "SELECT number, net, progress FROM period WHERE kind = ? AND counter = ? AND number >= ?"
    static let keptRuns = "SELECT best, first, last FROM streak WHERE counter = ? AND kind = ? AND amount = ?"
    static let lastChange =
      "SELECT \(columns), seq FROM change WHERE counter = ? AND machine IS NULL AND event = 'changed' "
      + "ORDER BY time DESC, seq DESC LIMIT 1"
    static let all = [latestRow, totalsCalendar, lastFolded, periods, keptRuns, lastChange]
  }

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
      try history.createSchema()
      return history
    } catch {
      fatalError("an in-memory database could not be made: \(error)")
    }
  }

  /// Creates the tables when they are not there, and checks the schema's version.
  ///
  /// An older database (it is on users' disks) is brought up to this schema once, in one
  /// transaction that keeps every row: its missing tables made, its `change` table given a
  /// `note` column (an `ALTER TABLE` that rewrites no row). Opening a current one reads its
  /// version and nothing more.
  func createSchema() throws(HistoryError) {
    let version = try HistoryError.catching(path: path) { () throws(SQLiteError) in
      try connection.integer("PRAGMA user_version") ?? 0
    }
    guard version <= Self.schemaVersion else { throw HistoryError.futureFormat(path: path, version: version) }
    guard version < Self.schemaVersion else { return }
    // A database with tables and no version is another program's: left as it is.
    let tables = try HistoryError.catching(path: path) { () throws(SQLiteError) in
      version == 0 ? try connection.integer("SELECT count(*) FROM sqlite_master") ?? 0 : 0
    }
    guard tables == 0 else { throw HistoryError.foreign(path: path) }
    try HistoryError.catching(path: path) { () throws(SQLiteError) in
      try connection.transaction { () throws(SQLiteError) in
        try connection.execute(Self.schema)
        // Versions 1 to 4 had a `change` table, which `CREATE TABLE IF NOT EXISTS` leaves as
        // it was: its missing columns are added; before version 4 its rows were not counted.
        if (1...2).contains(version) { try connection.execute("ALTER TABLE change ADD COLUMN note TEXT") }
        if (1...4).contains(version) { try connection.execute("ALTER TABLE change ADD COLUMN pending_id INTEGER") }
        if (1...3).contains(version) {
          try connection.execute(
            "INSERT INTO counter_entries (counter, count) SELECT counter, count(*) FROM change GROUP BY counter")
        }
        try connection.execute(
          "CREATE UNIQUE INDEX IF NOT EXISTS change_by_pending_id ON change (pending_id) WHERE pending_id IS NOT NULL")
        // Made, or brought up from a Tally that could leave a value without its row: to be
        // checked against the store's values once (``DeferredHistory``).
        try connection.execute("INSERT OR REPLACE INTO setting (key, value) VALUES ('reconcile', 1)")
        try connection.execute("PRAGMA user_version = \(Self.schemaVersion)")
      }
    }
  }

  /// The columns of a change, as `change` and an import's `import_row` hold it.
  static let changeColumns = """
      seq INTEGER PRIMARY KEY,
      time INTEGER NOT NULL,
      event TEXT NOT NULL,
      counter TEXT NOT NULL,
      name TEXT NOT NULL,
      old INTEGER,
      new INTEGER,
      source TEXT NOT NULL,
      machine TEXT,
      file TEXT,
      note TEXT
    """

  static let schema = """
    CREATE TABLE IF NOT EXISTS change (
    \(changeColumns),
      pending_id INTEGER
    );
    CREATE INDEX IF NOT EXISTS change_by_counter ON change (counter, time);
    CREATE INDEX IF NOT EXISTS change_by_file ON change (file) WHERE file IS NOT NULL;
    CREATE TABLE IF NOT EXISTS period (
      kind INTEGER NOT NULL,
      counter TEXT NOT NULL,
      number INTEGER NOT NULL,
      net INTEGER NOT NULL,
      progress INTEGER NOT NULL,
      last_time INTEGER NOT NULL,
      last_seq INTEGER NOT NULL,
      PRIMARY KEY (kind, counter, number)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS streak (
      counter TEXT NOT NULL,
      kind INTEGER NOT NULL,
      amount INTEGER NOT NULL,
      best INTEGER NOT NULL,
      first INTEGER NOT NULL,
      last INTEGER NOT NULL,
      PRIMARY KEY (counter, kind, amount)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS counter_total (
      counter TEXT PRIMARY KEY,
      net INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS counter_entries (
      counter TEXT PRIMARY KEY,
      count INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS setting (
      key TEXT PRIMARY KEY,
      value
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS folder_file (
      name TEXT PRIMARY KEY,
      machine TEXT NOT NULL,
      device INTEGER NOT NULL,
      inode INTEGER NOT NULL,
      indexed INTEGER NOT NULL,
      modified INTEGER NOT NULL,
      damaged INTEGER NOT NULL
    ) WITHOUT ROWID;
    \(importRowTable)
    CREATE TABLE IF NOT EXISTS own_file (
      name TEXT PRIMARY KEY,
      size INTEGER NOT NULL,
      copied INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TRIGGER IF NOT EXISTS change_adds_to_total AFTER INSERT ON change
    WHEN NEW.event = 'changed' AND NEW.old IS NOT NULL AND NEW.new IS NOT NULL BEGIN
      INSERT INTO counter_total (counter, net) VALUES (NEW.counter, NEW.new - NEW.old)
      ON CONFLICT (counter) DO UPDATE SET net = net + NEW.new - NEW.old;
    END;
    CREATE TRIGGER IF NOT EXISTS change_leaves_total AFTER DELETE ON change
    WHEN OLD.event = 'changed' AND OLD.old IS NOT NULL AND OLD.new IS NOT NULL BEGIN
      UPDATE counter_total SET net = net - (OLD.new - OLD.old) WHERE counter = OLD.counter;
    END;
    CREATE TRIGGER IF NOT EXISTS change_adds_entry AFTER INSERT ON change BEGIN
      INSERT INTO counter_entries (counter, count) VALUES (NEW.counter, 1)
      ON CONFLICT (counter) DO UPDATE SET count = count + 1;
    END;
    CREATE TRIGGER IF NOT EXISTS change_leaves_entries AFTER DELETE ON change BEGIN
      UPDATE counter_entries SET count = count - 1 WHERE counter = OLD.counter;
    END;
    CREATE TRIGGER IF NOT EXISTS change_moves_entry AFTER UPDATE OF counter ON change BEGIN
      UPDATE counter_entries SET count = count - 1 WHERE counter = OLD.counter;
      INSERT INTO counter_entries (counter, count) VALUES (NEW.counter, 1)
      ON CONFLICT (counter) DO UPDATE SET count = count + 1;
    END;
    CREATE TRIGGER IF NOT EXISTS change_moves_total AFTER UPDATE OF counter ON change
    WHEN OLD.event = 'changed' AND OLD.old IS NOT NULL AND OLD.new IS NOT NULL BEGIN
      UPDATE counter_total SET net = net - (OLD.new - OLD.old) WHERE counter = OLD.counter;
      INSERT INTO counter_total (counter, net) VALUES (NEW.counter, NEW.new - NEW.old)
      ON CONFLICT (counter) DO UPDATE SET net = net + NEW.new - NEW.old;
    END;
    """

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
        if let calendar = lastCalendar, let key = calendar.key { try foldPendingRows(calendar: calendar, key: key) }
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
        if added, let calendar = lastCalendar, let key = calendar.key { try foldPendingRows(calendar: calendar, key: key) }
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

  /// This machine's own rows of the counter `id`, added up.
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

  /// The ids of `rows` that the database holds, read without waiting for any lock.
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

  /// The history's error for `error`, kept in ``damage`` when it is damage.
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
    entries("SELECT \(Self.columns) FROM change WHERE machine IS NULL ORDER BY time, seq", []).entries
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
      try connection.transaction { () throws(SQLiteError) in
        for (old, new) in mapping {
          try connection.run("UPDATE change SET counter = ? WHERE counter = ? AND machine IS NULL", [.text(new), .text(old)])
        }
        // The kept totals are for the old ids: made again on the next question.
        try forgetTotals()
      }
    } catch {
      noteWriteFailure(error)
    }
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
        for move in moves {
          try connection.run(
            "UPDATE change SET counter = ? WHERE counter = ? AND machine IS NULL", [.text(move.new), .text(move.old)])
        }
        try forgetTotals()
        // Every file of this machine's is written anew, whole, at the next copy.
        try connection.run("DELETE FROM own_file")
        try connection.run("DELETE FROM setting WHERE key = 'copied'")
      }
    } catch {
      appendProblem = "the history could not be saved: \(HistoryError(error, path: path))"
      return false
    }
    folder?.copyOwnHistory(from: self)
    return true
  }

  public func keepAsideAndClear() throws(SystemError) -> [String] {
    var kept: [String] = []
    do throws(SQLiteError) {
      if path != ":memory:" {
        let destination = FileSystem.asideName(for: path, tag: "replaced")
        try connection.run("VACUUM INTO ?", [.text(destination)])
        kept.append(destination)
      }
      try connection.transaction { () throws(SQLiteError) in
        try connection.run("DELETE FROM change WHERE machine IS NULL")
        try forgetTotals()
      }
    } catch {
      throw .inputOutput
    }
    return kept
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

  /// Drops the kept totals per period; the next question makes them again.
  func forgetTotals() throws(SQLiteError) {
    try connection.run("DELETE FROM period")
    try connection.run("DELETE FROM streak")
    try connection.run("DELETE FROM setting WHERE key IN ('calendar', 'folded')")
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

  static let columns = "time, event, counter, name, old, new, source, machine, note"

  /// The entry in the current row of `statement`, whose first columns are ``columns``.
  static func entry(_ statement: SQLiteStatement) -> HistoryEntry? {
    guard let event = HistoryEntry.Event(rawValue: statement.text(1)),
      let source = HistoryEntry.Source(rawValue: statement.text(6))
    else { return nil }
    var entry = HistoryEntry(
      time: HistoryEntry.date(milliseconds: statement.integer(0)), event: event, counter: statement.text(2),
      name: statement.text(3), old: statement.optionalInteger(4).map { Int(clamping: $0) },
      new: statement.optionalInteger(5).map { Int(clamping: $0) }, source: source, note: statement.optionalText(8))
    entry.machine = statement.optionalText(7)
    return entry
  }

  private func entries(_ sql: String, _ values: [SQLiteValue]) -> HistoryReading {
    readFolderIfUnread()
    var reading = HistoryReading()
    do throws(SQLiteError) {
      let statement = try connection.statement(sql)
      try statement.bind(values)
      while try statement.step() {
        if let entry = Self.entry(statement) { reading.entries.append(entry) } else { reading.damagedLines += 1 }
      }
    } catch {
      reading.problem = "the history could not be read: \(noted(error))"
    }
    return reading
  }

  public func read() -> HistoryReading {
    entries("SELECT \(Self.columns) FROM change ORDER BY time, seq", [])
  }

  public func entries(ofCounter id: String, since: Date?, until: Date?, limit: Int?) -> HistoryReading {
    let from = since.map(HistoryEntry.milliseconds(of:)) ?? .min
    let to = until.map(HistoryEntry.milliseconds(of:)) ?? .max
    guard let limit else {
      return entries(
        "SELECT \(Self.columns) FROM change WHERE counter = ? AND time >= ? AND time < ? ORDER BY time, seq",
        [.text(id), .integer(from), .integer(to)])
    }
    var reading = entries(
      "SELECT \(Self.columns) FROM change WHERE counter = ? AND time >= ? AND time < ? ORDER BY time DESC, seq DESC LIMIT ?",
      [.text(id), .integer(from), .integer(to), .integer(Int64(max(0, limit)))])
    reading.entries.reverse()
    return reading
  }

  public func entries(ofCounter id: String, newestFirstSkipping skipping: Int, limit: Int) -> HistoryReading {
    // The (counter, time) index read backwards, `skipping` rows stepped over in it.
    entries(
      "SELECT \(Self.columns) FROM change WHERE counter = ? ORDER BY time DESC, seq DESC LIMIT ? OFFSET ?",
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
      Self.entry(row).map { RecordedChange(row: row.integer(9), entry: $0) }
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
    guard let key = calendar.key, (try? bringTotalsUpToDate(calendar: calendar, key: key)) != nil else {
      // A calendar without a name (or a database that cannot be written): every change read.
      let totals = PeriodTotal.byPeriod(
        entries(ofCounter: id, since: nil, until: nil, limit: nil).entries, per: kind, calendar: calendar)
      return first.map { totals.from($0) } ?? totals
    }
    var totals = PeriodTotals()
    do throws(SQLiteError) {
      let statement = try connection.statement(FrameQuery.periods)
      try statement.bind([.integer(Self.kindNumber(kind)), .text(id), .integer(Int64(first ?? Int(Int32.min)))])
      while try statement.step() {
        totals[Int(statement.integer(0))] = PeriodTotal(
          net: Int(clamping: statement.integer(1)), progress: Int(clamping: statement.integer(2)))
      }
    } catch {
      return [:]
    }
    return totals
  }

  public func streaks(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, reaching amount: Int, current: Int)
    -> (current: Int, best: Int)
  {
    guard kind != .total else { return (0, 0) }
    readFolderIfUnread()
    guard let key = calendar.key, (try? bringTotalsUpToDate(calendar: calendar, key: key)) != nil else {
      let every = totals(ofCounter: id, per: kind, calendar: calendar, from: nil)
      return GoalSummary.streaks(in: every, reaching: amount, current: current)
    }
    let index = Self.kindNumber(kind)
    if amount > 0,
      let kept = try? connection.firstRow(
        FrameQuery.keptRuns,
        [.text(id), .integer(index), .integer(Int64(amount))],
        { (best: Int($0.integer(0)), first: Int($0.integer(1)), last: Int($0.integer(2))) }),
      current >= kept.last
    {
      let ending = current - 1 <= kept.last && kept.last >= kept.first ? kept.last - kept.first + 1 : 0
      return (ending, kept.best)
    }
    var best = 0
    var ending = 0
    var lastRun = (first: 0, last: Int.min)
    guard let runs = try? runs(ofCounter: id, kind: index, reaching: amount) else { return (0, 0) }
    for (first, last) in runs {
      best = max(best, last - first + 1)
      if last > lastRun.last { lastRun = (first, last) }
      // The run through the current period, or up to the one before while it is open.
      if first <= current && current <= last {
        ending = current - first + 1
      } else if last == current - 1 {
        ending = last - first + 1
      }
    }
    // Kept for the next question (the next frame, the next process), and kept up to date as
    // totals are folded: then a frame reads one row for its streaks, not every period.
    guard amount > 0 else { return (ending, best) }
    try? connection.transaction { () throws(SQLiteError) in
      try connection.run(
        "INSERT OR REPLACE INTO streak (counter, kind, amount, best, first, last) VALUES (?, ?, ?, ?, ?, ?)",
        [
          .text(id), .integer(index), .integer(Int64(amount)), .integer(Int64(best)), .integer(Int64(lastRun.first)),
          .integer(Int64(lastRun.last == Int.min ? Int(Int32.min) : lastRun.last)),
        ])
    }
    return (ending, best)
  }

  /// The runs of consecutive periods of kind number `kind` whose progress reached `amount`,
  /// as their first and last numbers.
  ///
  /// Runs of consecutive numbers ("islands"): a number less its rank is the same along a run.
  /// The database walks the counter's periods; Swift sees one row per run.
  private func runs(ofCounter id: String, kind: Int64, reaching amount: Int) throws(SQLiteError) -> [(first: Int, last: Int)] {
    try connection.rows(
      """
      SELECT min(number), max(number) FROM (
        SELECT number, number - row_number() OVER (ORDER BY number) AS island
        FROM period WHERE kind = ? AND counter = ? AND progress >= ?)
      GROUP BY island
      """, [.integer(kind), .text(id), .integer(Int64(amount))]
    ) { (Int($0.integer(0)), Int($0.integer(1))) }
  }

  /// Keeps the counter's kept runs (``streaks(ofCounter:per:calendar:reaching:current:)``) true
  /// as period `number` of kind `kind` goes from `old` to `new` progress: a period that starts
  /// or extends the last run is added to it; any other change of a period between met and
  /// not met drops the kept runs, found again on the next question.
  private func keepRuns(counter: String, kind: Int, number: Int, from old: Int, to new: Int) throws(SQLiteError) {
    let kept = try connection.rows(
      "SELECT amount, best, first, last FROM streak WHERE counter = ? AND kind = ?", [.text(counter), .integer(Int64(kind))]
    ) { (amount: Int($0.integer(0)), best: Int($0.integer(1)), first: Int($0.integer(2)), last: Int($0.integer(3))) }
    for var runs in kept {
      let (wasMet, isMet) = (old >= runs.amount, new >= runs.amount)
      guard wasMet != isMet else { continue }
      if isMet, number == runs.last + 1, runs.last != Int(Int32.min) {
        runs.last = number
      } else if isMet, number > runs.last + 1 || runs.last == Int(Int32.min) {
        (runs.first, runs.last) = (number, number)
      } else {
        try connection.run(
          "DELETE FROM streak WHERE counter = ? AND kind = ? AND amount = ?",
          [.text(counter), .integer(Int64(kind)), .integer(Int64(runs.amount))])
        continue
      }
      runs.best = max(runs.best, runs.last - runs.first + 1)
      try connection.run(
        "UPDATE streak SET best = ?, first = ?, last = ? WHERE counter = ? AND kind = ? AND amount = ?",
        [
          .integer(Int64(runs.best)), .integer(Int64(runs.first)), .integer(Int64(runs.last)), .text(counter),
          .integer(Int64(kind)), .integer(Int64(runs.amount)),
        ])
    }
  }

  /// The number `period` and `streak` keep a kind of period under, in the database's format.
  static func kindNumber(_ kind: Goal.Period) -> Int64 {
    switch kind {
    case .day: 0
    case .week: 1
    case .month: 2
    case .total: 3
    }
  }

  static let kinds: [Goal.Period] = [.day, .week, .month]

  /// Folds the rows written since the totals were last brought up to date into them, or
  /// rebuilds them when the calendar is not the one they were kept for.
  func bringTotalsUpToDate(calendar: GoalCalendar, key: String) throws(SQLiteError) {
    lastCalendar = calendar
    let (latest, folded) = try foldedRows(key: key)
    if folded == latest { return }
    try connection.transaction { () throws(SQLiteError) in try foldPendingRows(calendar: calendar, key: key) }
  }

  /// The last row, and the last row folded into the totals when they are kept for the
  /// calendar `key` (`nil` when they are not).
  private func foldedRows(key: String) throws(SQLiteError) -> (latest: Int64, folded: Int64?) {
    let latest = try connection.integer(FrameQuery.latestRow) ?? 0
    let calendar = try connection.firstRow(FrameQuery.totalsCalendar) { $0.optionalText(0) } ?? nil
    return (latest, calendar == key ? try connection.integer(FrameQuery.lastFolded) : nil)
  }

  /// Inside a write transaction: folds the rows not yet in the totals, or rebuilds them
  /// for another calendar or past ``rebuildThreshold`` rows.
  private func foldPendingRows(calendar: GoalCalendar, key: String) throws(SQLiteError) {
    let (latest, folded) = try foldedRows(key: key)
    if folded == latest { return }
    if let folded, latest - folded <= Self.rebuildThreshold {
      try fold(after: folded, calendar: calendar)
    } else {
      try rebuildTotals(calendar: calendar)
    }
    try connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('calendar', ?)", [.text(key)])
    try connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('folded', ?)", [.integer(latest)])
  }

  /// Every period's total made anew from every change, counter by counter in the order they
  /// happened.
  private func rebuildTotals(calendar: GoalCalendar) throws(SQLiteError) {
    try connection.run("DELETE FROM period")
    try connection.run("DELETE FROM streak")
    let statement = try connection.statement(
      "SELECT counter, time, seq, old, new FROM change WHERE event = 'changed' AND old IS NOT NULL AND new IS NOT NULL "
        + "ORDER BY counter, time, seq")
    // Period numbers only grow along one counter's changes: each period is written once
    // its counter moves past it (writing to `period` while reading `change` is allowed in one
    // transaction).
    var counter = ""
    var open: [Int: (number: Int, total: PeriodTotal, time: Int64, seq: Int64)] = [:]
    func close(_ kind: Int) throws(SQLiteError) {
      guard let period = open.removeValue(forKey: kind) else { return }
      try store(kind: kind, counter: counter, number: period.number, period.total, time: period.time, seq: period.seq)
    }
    while try statement.step() {
      let id = statement.text(0)
      if id != counter {
        for kind in Self.kinds.indices { try close(kind) }
        counter = id
      }
      let time = statement.integer(1)
      let seq = statement.integer(2)
      let day = calendar.day(of: HistoryEntry.date(milliseconds: time))
      for (index, kind) in Self.kinds.enumerated() {
        let number = GoalCalendar.period(kind, ofDay: day)
        if open[index]?.number != number { try close(index) }
        var period = open[index] ?? (number, PeriodTotal(), time, seq)
        period.total.record(from: Int(clamping: statement.integer(3)), to: Int(clamping: statement.integer(4)))
        (period.time, period.seq) = (time, seq)
        open[index] = period
      }
    }
    for kind in Self.kinds.indices { try close(kind) }
  }

  /// Folds the rows after `seq` into the kept totals: a change later than every one its
  /// period has is added; an earlier one (dated in the past, another machine's) makes the
  /// period again from its changes.
  private func fold(after seq: Int64, calendar: GoalCalendar) throws(SQLiteError) {
    let rows = try connection.rows(
      "SELECT counter, time, seq, old, new FROM change WHERE seq > ? AND event = 'changed' AND old IS NOT NULL "
        + "AND new IS NOT NULL ORDER BY seq", [.integer(seq)]
    ) {
      (
        counter: $0.text(0), time: $0.integer(1), seq: $0.integer(2), old: Int(clamping: $0.integer(3)),
        new: Int(clamping: $0.integer(4))
      )
    }
    for row in rows {
      let day = calendar.day(of: HistoryEntry.date(milliseconds: row.time))
      for (index, kind) in Self.kinds.enumerated() {
        let number = GoalCalendar.period(kind, ofDay: day)
        let kept = try self.period(kind: index, counter: row.counter, number: number)
        // A row the period already holds (a remake read it) or one earlier than its last.
        if let kept, (kept.time, kept.seq) >= (row.time, row.seq) {
          let total = try remake(
            kind: kind, index: index, counter: row.counter, number: number, around: row.time, calendar: calendar)
          try keepRuns(counter: row.counter, kind: index, number: number, from: kept.total.progress, to: total.progress)
        } else {
          var total = kept?.total ?? PeriodTotal()
          total.record(from: row.old, to: row.new)
          try store(kind: index, counter: row.counter, number: number, total, time: row.time, seq: row.seq)
          try keepRuns(counter: row.counter, kind: index, number: number, from: kept?.total.progress ?? 0, to: total.progress)
        }
      }
    }
  }

  /// Makes one period's total again from its changes, which lie within a period's length (and
  /// a day, for the offset and the hour a day starts) of `time`; returns it.
  private func remake(kind: Goal.Period, index: Int, counter: String, number: Int, around time: Int64, calendar: GoalCalendar)
    throws(SQLiteError) -> PeriodTotal
  {
    let days: Int64 =
      switch kind {
      case .day: 2
      case .week: 9
      case .month, .total: 33
      }
    let margin = days * 86_400_000
    let rows = try connection.rows(
      "SELECT time, seq, old, new FROM change WHERE counter = ? AND time >= ? AND time <= ? AND event = 'changed' "
        + "AND old IS NOT NULL AND new IS NOT NULL ORDER BY time, seq",
      [.text(counter), .integer(time - margin), .integer(time + margin)]
    ) { ($0.integer(0), $0.integer(1), Int(clamping: $0.integer(2)), Int(clamping: $0.integer(3))) }
    var total = PeriodTotal()
    var last: (time: Int64, seq: Int64) = (time, 0)
    for (rowTime, seq, old, new) in rows where calendar.period(kind, of: HistoryEntry.date(milliseconds: rowTime)) == number {
      total.record(from: old, to: new)
      last = (rowTime, seq)
    }
    try store(kind: index, counter: counter, number: number, total, time: last.time, seq: last.seq)
    return total
  }

  private func period(kind: Int, counter: String, number: Int) throws(SQLiteError) -> (
    total: PeriodTotal, time: Int64, seq: Int64
  )? {
    try connection.firstRow(
      "SELECT net, progress, last_time, last_seq FROM period WHERE kind = ? AND counter = ? AND number = ?",
      [.integer(Int64(kind)), .text(counter), .integer(Int64(number))]
    ) { row in
      (
        PeriodTotal(net: Int(clamping: row.integer(0)), progress: Int(clamping: row.integer(1))),
        row.integer(2), row.integer(3)
      )
    }
  }

  private func store(kind: Int, counter: String, number: Int, _ total: PeriodTotal, time: Int64, seq: Int64) throws(SQLiteError) {
    try connection.run(
      "INSERT OR REPLACE INTO period (kind, counter, number, net, progress, last_time, last_seq) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        .integer(Int64(kind)), .text(counter), .integer(Int64(number)), .integer(Int64(total.net)),
        .integer(Int64(total.progress)), .integer(time), .integer(seq),
      ])
  }
}
