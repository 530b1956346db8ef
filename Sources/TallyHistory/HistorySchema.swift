import TallyModel

/// The tables of the history database (docs/history.md), and their migrations.
enum HistorySchema {
  /// The schema this Tally writes (`PRAGMA user_version`), a later one refused: 7 keeps
  /// `counter_total` in two halves; 6 added `change.action`; 5, `change.pending_id`; 4,
  /// `counter_entries`; 3, `change.note`; 2, the `streak` table.
  static let version: Int64 = 7

  static let columns = "time, event, counter, name, old, new, source, machine, note, action"

  /// The entry in the current row of `statement`, whose first columns are ``columns``.
  static func entry(_ statement: SQLiteStatement) -> HistoryEntry? {
    guard let event = HistoryEntry.Event(rawValue: statement.text(1)),
      let source = HistoryEntry.Source(rawValue: statement.text(6))
    else { return nil }
    var entry = HistoryEntry(
      time: HistoryEntry.date(milliseconds: statement.integer(0)), event: event, counter: statement.text(2),
      name: statement.text(3), old: statement.optionalInteger(4).map { Int(clamping: $0) },
      new: statement.optionalInteger(5).map { Int(clamping: $0) }, source: source, note: statement.optionalText(8),
      action: statement.optionalText(9).flatMap(HistoryEntry.Action.init(rawValue:)))
    entry.machine = statement.optionalText(7)
    return entry
  }

  /// `entry`'s values for the columns `time, event, counter, name, old, new, source`.
  static func values(of entry: HistoryEntry) -> [SQLiteValue] {
    [
      .integer(entry.milliseconds), .text(entry.event.rawValue), .text(entry.counter), .text(entry.name),
      entry.old.map { .integer(Int64($0)) } ?? .null, entry.new.map { .integer(Int64($0)) } ?? .null,
      .text(entry.source.rawValue),
    ]
  }

  /// Creates the tables when they are not there, and checks the schema's version; an older
  /// database is brought up to it once, in one transaction that keeps every row.
  static func create(on connection: SQLiteConnection, path: String) throws(HistoryError) {
    let version = try HistoryError.catching(path: path) { () throws(SQLiteError) in
      try connection.integer("PRAGMA user_version") ?? 0
    }
    guard version <= Self.version else { throw HistoryError.futureFormat(path: path, version: version) }
    guard version < Self.version else { return }
    // A database with tables and no version is another program's: left as it is.
    let tables = try HistoryError.catching(path: path) { () throws(SQLiteError) in
      version == 0 ? try connection.integer("SELECT count(*) FROM sqlite_master") ?? 0 : 0
    }
    guard tables == 0 else { throw HistoryError.foreign(path: path) }
    try HistoryError.catching(path: path) { () throws(SQLiteError) in
      try connection.transaction { () throws(SQLiteError) in
        // Before 7, `counter_total` held one sum, which SQLite turns into a real past `Int64`.
        if (1...6).contains(version) { try connection.execute(Self.droppedTotal) }
        try connection.execute(Self.sql)
        if (1...6).contains(version) { try connection.execute(Self.totalsFromChanges) }
        // Versions 1 to 4 had a `change` table, which `CREATE TABLE IF NOT EXISTS` leaves as
        // it was: its missing columns are added; before version 4 its rows were not counted.
        if (1...2).contains(version) { try connection.execute("ALTER TABLE change ADD COLUMN note TEXT") }
        if (1...4).contains(version) { try connection.execute("ALTER TABLE change ADD COLUMN pending_id INTEGER") }
        if (1...5).contains(version) { try connection.execute("ALTER TABLE change ADD COLUMN action TEXT") }
        if (1...3).contains(version) {
          try connection.execute(
            "INSERT INTO counter_entries (counter, count) SELECT counter, count(*) FROM change GROUP BY counter")
        }
        try connection.execute(
          "CREATE UNIQUE INDEX IF NOT EXISTS change_by_pending_id ON change (pending_id) WHERE pending_id IS NOT NULL")
        // Made, or brought up from a Tally that could leave a value without its row: to be
        // checked against the store's values once (``DeferredHistory``).
        try connection.execute("INSERT OR REPLACE INTO setting (key, value) VALUES ('reconcile', 1)")
        try connection.execute("PRAGMA user_version = \(Self.version)")
      }
    }
  }

  /// The columns of a change, as `change` and an import's `import_row` hold it.
  private static let changeColumns = """
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

  private static let sql = """
    CREATE TABLE IF NOT EXISTS change (
    \(changeColumns),
      pending_id INTEGER,
      action TEXT
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
      high INTEGER NOT NULL,
      low INTEGER NOT NULL
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
      INSERT INTO counter_total (counter, high, low) VALUES (NEW.counter, \(high("NEW")), \(low("NEW")))
      ON CONFLICT (counter) DO UPDATE SET high = high + \(high("NEW")), low = low + \(low("NEW"));
    END;
    CREATE TRIGGER IF NOT EXISTS change_leaves_total AFTER DELETE ON change
    WHEN OLD.event = 'changed' AND OLD.old IS NOT NULL AND OLD.new IS NOT NULL BEGIN
      UPDATE counter_total SET high = high - \(high("OLD")), low = low - \(low("OLD")) WHERE counter = OLD.counter;
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
      UPDATE counter_total SET high = high - \(high("OLD")), low = low - \(low("OLD")) WHERE counter = OLD.counter;
      INSERT INTO counter_total (counter, high, low) VALUES (NEW.counter, \(high("NEW")), \(low("NEW")))
      ON CONFLICT (counter) DO UPDATE SET high = high + \(high("NEW")), low = low + \(low("NEW"));
    END;
    """

  /// A change's `new - old` in two halves that SQLite adds without overflow: the high 32 bits
  /// (an arithmetic shift) and the low 32, so that the sum is `high << 32 + low`, exactly, for
  /// any two `Int64`s and up to 2^31 changes.
  private static func high(_ row: String) -> String { "((\(row).new >> 32) - (\(row).old >> 32))" }
  private static func low(_ row: String) -> String { "((\(row).new & 4294967295) - (\(row).old & 4294967295))" }

  /// The one-sum table of versions before 7 and the triggers that kept it.
  private static let droppedTotal = """
    DROP TRIGGER IF EXISTS change_adds_to_total;
    DROP TRIGGER IF EXISTS change_leaves_total;
    DROP TRIGGER IF EXISTS change_moves_total;
    DROP TABLE IF EXISTS counter_total;
    """

  /// Every counter's total from its changes, as the triggers keep it.
  private static let totalsFromChanges = """
    INSERT INTO counter_total (counter, high, low)
    SELECT counter, sum(\(high("change"))), sum(\(low("change"))) FROM change
    WHERE event = 'changed' AND old IS NOT NULL AND new IS NOT NULL GROUP BY counter;
    """

  /// The staging table of an import (``ImportStaging``), with `change`'s columns.
  static let importRowTable = """
    CREATE TABLE IF NOT EXISTS import_row (
    \(changeColumns)
    );
    """
}

/// What a frame with a goal and the last-change line ask, prepared ahead of the first frame.
extension HistorySchema {
  /// One change, this machine's or from a file of the sync folder (``SQLiteHistory/insert(_:file:pendingID:)``).
  static let insertChange =
    "INSERT INTO change (time, event, counter, name, old, new, source, machine, file, note, pending_id, action) "
    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
}

enum FrameQuery {
  static let latestRow = "SELECT max(seq) FROM change"
  static let totalsCalendar = "SELECT value FROM setting WHERE key = 'calendar'"
  static let lastFolded = "SELECT value FROM setting WHERE key = 'folded'"
  static let periods = "SELECT number, net, progress FROM period WHERE kind = ? AND counter = ? AND number >= ?"
  static let periodsOver = """
    SELECT number, net, progress FROM period WHERE kind = ?1 AND counter = ?2
      AND (progress > ?3 OR number = (SELECT min(number) FROM period WHERE kind = ?1 AND counter = ?2))
    """
  static let keptRuns = "SELECT best, first, last FROM streak WHERE counter = ? AND kind = ? AND amount = ?"
  static let lastChange =
    "SELECT \(HistorySchema.columns), seq FROM change WHERE counter = ? AND machine IS NULL AND event = 'changed' "
    + "ORDER BY time DESC, seq DESC LIMIT 1"
  /// A counter's changes in a time range, oldest first; its newest ones (the app's last change
  /// line asks for one at every frame): made once, not at each question.
  static let changesInRange =
    "SELECT \(HistorySchema.columns) FROM change WHERE counter = ? AND time >= ? AND time < ? ORDER BY time, seq"
  static let newestInRange =
    "SELECT \(HistorySchema.columns) FROM change WHERE counter = ? AND time >= ? AND time < ? "
    + "ORDER BY time DESC, seq DESC LIMIT ?"
  static let all = [latestRow, totalsCalendar, lastFolded, periods, periodsOver, keptRuns, lastChange, newestInRange]
}
