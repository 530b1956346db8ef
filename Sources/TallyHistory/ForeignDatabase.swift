import TallyLocalization
import TallyModel
import TallyPlatform

/// The readers of other apps' SQLite backups, Loop Habit Tracker's (schema 9 to 25) and
/// Tickmate's, each opened read-only and immutable so that nothing is made or changed
/// beside the file (docs/import.md).
public enum ForeignDatabase {
  /// The first bytes of every SQLite database.
  public static let header = Array("SQLite format 3\0".utf8)
  /// The newest schema of Loop's that Tally knows.
  static let loopVersions: ClosedRange<Int64> = 9...25

  /// The app whose database is at `path`, told by its tables: Loop's `Habits` and
  /// `Repetitions`, Tickmate's `tracks` and `ticks`.
  public static func detect(atPath path: String) throws(Backup.Problem) -> ForeignHistory.Format {
    try opened(path, format(of:))
  }

  /// The habits of the database at `path`, read as `format` (Loop or Tickmate).
  public static func read(_ format: ForeignHistory.Format, atPath path: String) throws(Backup.Problem) -> ForeignHistory {
    try opened(path) { connection throws(SQLiteError) in
      let found = try Self.format(of: connection)
      guard found == format else {
        throw SQLiteError(code: 0, message: "\(found.appName)'s database, not \(format.appName)'s")
      }
      return format == .tickmate ? try tickmate(connection) : try loop(connection)
    }
  }

  private static func format(of connection: SQLiteConnection) throws(SQLiteError) -> ForeignHistory.Format {
    let tables = Set(try connection.rows("SELECT lower(name) FROM sqlite_master WHERE type = 'table'") { $0.text(0) })
    if tables.isSuperset(of: ["habits", "repetitions"]) { return .loop }
    if tables.isSuperset(of: ["tracks", "ticks"]) { return .tickmate }
    throw SQLiteError(code: 0, message: tr("an SQLite database, but neither Loop Habit Tracker's nor Tickmate's"))
  }

  /// Runs `body` on the database checked whole (`quick_check`), its problems worded for the user.
  private static func opened<Result>(_ path: String, _ body: (SQLiteConnection) throws(SQLiteError) -> Result)
    throws(Backup.Problem) -> Result
  {
    do throws(SQLiteError) {
      let connection = try SQLiteConnection(readingImmutable: path)
      let check = try connection.rows("PRAGMA quick_check(1)") { $0.text(0) }
      guard check == ["ok"] else { throw SQLiteError(code: 11, message: check.first ?? "") }
      return try body(connection)
    } catch {
      let reason =
        switch error.code {
        case 0: error.message
        case 11, 26: tr("a damaged or truncated database (\(TerminalText.escaped(error.message)))")
        default: tr("the database cannot be read (\(TerminalText.escaped(error.message)))")
        }
      throw Backup.Problem(location: "", reason: reason)
    }
  }

  /// A habit's day, as duplicates are known by.
  struct HabitDay: Hashable {
    var habit: Int64
    var day: Int64
  }

  /// The names of `table`'s columns, lower-cased.
  static func columns(of table: String, in connection: SQLiteConnection) throws(SQLiteError) -> Set<String> {
    Set(try connection.rows("SELECT lower(name) FROM pragma_table_info('\(table)')") { $0.text(0) })
  }

  // MARK: Tickmate

  /// Tickmate's tracks and ticks: each tick counts 1, a track without several ticks a day
  /// counts a day once; months are 0-based; disabled tracks are archived.
  static func tickmate(_ connection: SQLiteConnection) throws(SQLiteError) -> ForeignHistory {
    let trackColumns = try columns(of: "tracks", in: connection)
    let multiple = trackColumns.contains("multiple_entries_per_day") ? "multiple_entries_per_day" : "0"
    let enabled = trackColumns.contains("enabled") ? "enabled" : "1"
    let order = trackColumns.contains("order") ? "\"order\", " : ""
    var habits: [ForeignHistory.Habit] = []
    var index: [Int64: (habit: Int, multiple: Bool)] = [:]
    let tracks = try connection.rows("SELECT _id, name, \(multiple), \(enabled) FROM tracks ORDER BY \(order)_id") {
      ($0.integer(0), $0.text(1), $0.integer(2) != 0, $0.integer(3) != 0)
    }
    for (id, name, several, on) in tracks {
      index[id] = (habits.count, several)
      habits.append(ForeignHistory.Habit(name: name, archived: !on))
    }
    // Ticks from before Tickmate kept times have none (schema 9 and older: no such columns).
    let timed = try columns(of: "ticks", in: connection).isSuperset(of: ["hour", "minute", "second", "has_time_info"])
    let time = timed ? "hour, minute, second, has_time_info" : "NULL, NULL, NULL, 0"
    let statement = try connection.statement("SELECT _track_id, year, month, day, \(time) FROM ticks ORDER BY _id")
    var seen: Set<HabitDay> = []
    var orphans = 0
    var unread = 0
    while try statement.step() {
      guard let track = index[statement.integer(0)] else {
        orphans += 1
        continue
      }
      guard
        let day = ForeignHistory.day(
          year: Int(statement.integer(1)), month: Int(statement.integer(2)) + 1, day: Int(statement.integer(3)))
      else {
        unread += 1
        continue
      }
      if !track.multiple, !seen.insert(HabitDay(habit: statement.integer(0), day: Int64(day))).inserted { continue }
      let (hour, minute, second) = (statement.integer(4), statement.integer(5), statement.integer(6))
      let hasTime =
        statement.integer(7) != 0 && !statement.isNull(4) && (0..<24).contains(hour) && (0..<60).contains(minute)
        && (0..<60).contains(second)
      let seconds = Int64(day) * 86_400 + (hasTime ? hour * 3_600 + minute * 60 + second : 0)
      habits[track.habit].entries.append(ForeignHistory.Entry(hasTime ? .wallClock(seconds) : .day(day)))
    }
    var notes = [tr("Tickmate's descriptions, icons and colours are not carried")]
    if orphans > 0 { notes.append(tr("ticks of tracks no longer in the file, left out: \(orphans)")) }
    if unread > 0 { notes.append(tr("ticks on dates that do not exist, left out: \(unread)")) }
    return ForeignHistory(format: .tickmate, habits: habits, leftOut: notes)
  }
}
