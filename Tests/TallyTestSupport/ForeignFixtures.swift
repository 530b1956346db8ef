import CSQLite
import TallyModel

/// Other apps' SQLite files for the import's tests, made here through SQLite's C API with
/// the schemas docs/import.md describes (written for these tests, none of the apps' files).
public enum ForeignFixtures {
  /// A habit of a Loop backup.
  public struct LoopHabit: Sendable {
    public var id: Int
    public var name: String
    public var archived = false
    public var freqNum = 1
    public var freqDen = 1
    /// 0 yes/no, 1 measurable (schema 16 on).
    public var type = 0
    /// 0 at least, 1 at most (schema 18 on).
    public var targetType = 0
    public var targetValue = 0.0
    public var position: Int

    public init(
      id: Int, name: String, archived: Bool = false, freq: (Int, Int) = (1, 1), type: Int = 0, targetType: Int = 0,
      targetValue: Double = 0, position: Int? = nil
    ) {
      self.id = id
      self.name = name
      self.archived = archived
      (freqNum, freqDen) = freq
      self.type = type
      self.targetType = targetType
      self.targetValue = targetValue
      self.position = position ?? id
    }
  }

  /// A row of Loop's `Repetitions`: a habit's local date (`YYYY-MM-DD`), its value, its note.
  public struct LoopRow: Sendable {
    public var habit: Int
    public var date: String
    public var value: Int
    public var notes: String?

    public init(_ habit: Int, _ date: String, _ value: Int = 2, notes: String? = nil) {
      self.habit = habit
      self.date = date
      self.value = value
      self.notes = notes
    }
  }

  /// The tables of Loop's schema `version` (9 to 25), as its migrations leave them.
  public static func loopSchema(_ version: Int) -> String {
    var habits = "id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER, description TEXT, freq_den INTEGER,"
    habits += " freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER, reminder_hour INTEGER, reminder_min INTEGER"
    if version >= 11 { habits += ", reminder_days INTEGER NOT NULL DEFAULT 127" }
    if version >= 16 { habits += ", type INTEGER NOT NULL DEFAULT 0" }
    if version >= 18 {
      habits += ", target_type INTEGER NOT NULL DEFAULT 0, target_value REAL NOT NULL DEFAULT 0, unit TEXT DEFAULT ''"
    }
    if version >= 23 { habits += ", question TEXT" }
    if version >= 24 { habits += ", uuid TEXT" }
    var repetitions =
      version >= 22
      ? "id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER NOT NULL REFERENCES Habits(id), timestamp INTEGER NOT NULL"
      : "id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(id), timestamp INTEGER"
    if version >= 16 { repetitions += ", value INTEGER NOT NULL DEFAULT 2" }
    if version >= 25 { repetitions += ", notes TEXT" }
    var sql = "PRAGMA user_version = \(version); CREATE TABLE Habits (\(habits)); CREATE TABLE Repetitions (\(repetitions));"
    if version >= 13 { sql += " CREATE INDEX idx_repetitions_habit_timestamp ON Repetitions (habit, timestamp);" }
    if version >= 22 { sql += " CREATE UNIQUE INDEX idx_repetitions_unique ON Repetitions (habit, timestamp);" }
    if version < 20 {
      sql += " CREATE TABLE Checkmarks (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER);"
      sql += " CREATE TABLE Score (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, score REAL);"
      sql += " CREATE TABLE Streak (id INTEGER PRIMARY KEY, habit INTEGER, start INTEGER, end INTEGER);"
    }
    if version >= 19 {
      sql += " CREATE TABLE Events (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp INTEGER, message TEXT, server_id INTEGER);"
    }
    return sql
  }

  /// A Loop backup of schema `version` at `path`: its habits and rows (a row's value and
  /// notes only where the schema has them); in write-ahead-log mode when `wal`, as Android
  /// keeps an app's database (a reader that is not immutable leaves `-wal` and `-shm` beside it).
  public static func writeLoop(version: Int, habits: [LoopHabit], rows: [LoopRow], to path: String, wal: Bool = false) throws {
    if wal { try execute("PRAGMA journal_mode = WAL", at: path) }
    var sql = loopSchema(version) + " BEGIN;"
    for habit in habits {
      var columns = "id, name, archived, color, description, freq_num, freq_den, highlight, position"
      var values =
        "\(habit.id), \(quoted(habit.name)), \(habit.archived ? 1 : 0), 0, 'Did you?', \(habit.freqNum), \(habit.freqDen), 0, \(habit.position)"
      if version >= 16 {
        columns += ", type"
        values += ", \(habit.type)"
      }
      if version >= 18 {
        columns += ", target_type, target_value, unit"
        values += ", \(habit.targetType), \(habit.targetValue), 'km'"
      }
      sql += " INSERT INTO Habits (\(columns)) VALUES (\(values));"
    }
    for row in rows {
      let milliseconds = try days(row.date) * 86_400_000
      var columns = "habit, timestamp"
      var values = "\(row.habit), \(milliseconds)"
      if version >= 16 {
        columns += ", value"
        values += ", \(row.value)"
      }
      if version >= 25 {
        columns += ", notes"
        values += ", " + (row.notes.map(quoted) ?? "NULL")
      }
      sql += " INSERT INTO Repetitions (\(columns)) VALUES (\(values));"
    }
    try execute(sql + " COMMIT;", at: path)
  }

  /// A Tickmate backup at `path` (schema 14): tracks (id, name, enabled, several ticks a
  /// day) and ticks (track, `YYYY-MM-DD`, and a local time `HH:MM:SS` or none).
  public static func writeTickmate(
    tracks: [(id: Int, name: String, enabled: Bool, multiple: Bool)], ticks: [(track: Int, date: String, time: String?)],
    to path: String
  ) throws {
    var sql = """
      PRAGMA user_version = 14;
      CREATE TABLE tracks (_id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, description TEXT NOT NULL, icon TEXT,
        enabled INTEGER, multiple_entries_per_day INTEGER DEFAULT 0, "order" INTEGER DEFAULT -1, color INTEGER DEFAULT 0);
      CREATE TABLE ticks (_id INTEGER PRIMARY KEY AUTOINCREMENT, _track_id INTEGER, year INTEGER, month INTEGER, day INTEGER,
        hour INTEGER, minute INTEGER, second INTEGER, has_time_info INTEGER DEFAULT 0);
      CREATE TABLE groups (_id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, description TEXT, "order" INTEGER DEFAULT -1);
      CREATE TABLE track2groups (_id INTEGER PRIMARY KEY AUTOINCREMENT, _track_id INTEGER, _group_id INTEGER);
      BEGIN;
      """
    for track in tracks {
      sql += " INSERT INTO tracks (_id, name, description, enabled, multiple_entries_per_day) VALUES ("
      sql += "\(track.id), \(quoted(track.name)), '', \(track.enabled ? 1 : 0), \(track.multiple ? 1 : 0));"
    }
    for tick in ticks {
      let date = tick.date.split(separator: "-").compactMap { Int($0) }
      let time = tick.time.map { $0.split(separator: ":").compactMap { Int($0) } } ?? [0, 0, 0]
      sql += " INSERT INTO ticks (_track_id, year, month, day, hour, minute, second, has_time_info) VALUES ("
      sql +=
        "\(tick.track), \(date[0]), \(date[1] - 1), \(date[2]), \(time[0]), \(time[1]), \(time[2]), \(tick.time == nil ? 0 : 1));"
    }
    try execute(sql + " COMMIT;", at: path)
  }

  /// Runs `sql` on the database at `path`, made if need be.
  public static func execute(_ sql: String, at path: String) throws {
    var handle: OpaquePointer?
    defer { sqlite3_close(handle) }
    guard sqlite3_open(path, &handle) == SQLITE_OK else { throw TestSupportError("cannot open \(path)") }
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? "?"
      sqlite3_free(message)
      throw TestSupportError("SQL failed: \(text)")
    }
  }

  /// Days since 1970-01-01 of `YYYY-MM-DD`.
  public static func days(_ date: String) throws -> Int {
    guard let day = ForeignHistory.day(isoText: date) else { throw TestSupportError("not a date: \(date)") }
    return day
  }

  private static func quoted(_ text: String) -> String { "'" + text.replacing("'", with: "''") + "'" }
}
