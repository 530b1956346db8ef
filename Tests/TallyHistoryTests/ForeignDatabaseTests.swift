import FoundationEssentials
import TallyModel
import TallyPlatform
import TallyTestSupport
import Testing

@testable import TallyHistory

/// Loop Habit Tracker's and Tickmate's backups read into counters: every schema a user may
/// have, their value encodings, local dates in zones either side of UTC, and files left as
/// they were.
struct ForeignDatabaseTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The calendar of the time zone `zone` names.
  static func calendar(_ zone: String) throws -> GoalCalendar {
    GoalCalendar(timeZone: try #require(TimeZone(identifier: zone)))
  }

  static var west: GoalCalendar { get throws { try calendar("America/Los_Angeles") } }
  static var east: GoalCalendar { get throws { try calendar("Pacific/Auckland") } }

  /// The local days the changes of `item` fall on, as `YYYY-MM-DD`, in `calendar`.
  static func days(_ item: Backup.Item, in calendar: GoalCalendar) -> [String] {
    item.history.map {
      String(UTCTime.text(for: Date(timeIntervalSince1970: Double(calendar.day(of: $0.time)) * 86_400)).prefix(10))
    }
  }

  private func loop(_ version: Int, habits: [ForeignFixtures.LoopHabit], rows: [ForeignFixtures.LoopRow]) throws -> String {
    let path = directory.appending("Loop Habits Backup \(version).db")
    try ForeignFixtures.writeLoop(version: version, habits: habits, rows: rows, to: path)
    return path
  }

  @Test(arguments: [9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25], ["America/Los_Angeles", "Pacific/Auckland"])
  func everySchemaGivesTheDoneDaysOnTheirLocalDates(version: Int, zone: String) throws {
    let calendar = try Self.calendar(zone)
    var rows = [ForeignFixtures.LoopRow(0, "2016-03-14"), .init(0, "2016-03-16"), .init(1, "2016-01-01")]
    // Before 22 a day can be stored twice; it counts once, as Loop keeps the first row.
    if version < 22 { rows.append(.init(0, "2016-03-14")) }
    // From 16 a row says what the day holds: NO, YES_AUTO, SKIP and UNKNOWN count nothing.
    if version >= 16 {
      rows += [.init(0, "2016-03-17", 0), .init(0, "2016-03-18", 1), .init(0, "2016-03-19", 3), .init(0, "2016-03-20", -1)]
    }
    let path = try loop(
      version, habits: [.init(id: 0, name: "Wake up early", freq: (3, 7)), .init(id: 1, name: "Meditate", archived: true)],
      rows: rows)
    // Before 22 a row can lack its habit or its day; Loop's own migration drops those.
    if version < 22 {
      try ForeignFixtures.execute("INSERT INTO Repetitions (habit, timestamp) VALUES (NULL, 0), (0, NULL)", at: path)
    }
    let foreign = try ForeignDatabase.read(.loop, atPath: path)
    let (backup, reports) = try foreign.backup(calendar: calendar)

    #expect(backup.counters.map(\.name) == ["Wake up early", "Meditate"])
    #expect(backup.counters.map(\.value) == [2, 1])
    #expect(Self.days(backup.counters[0], in: calendar) == ["2016-03-14", "2016-03-16"])
    #expect(Self.days(backup.counters[1], in: calendar) == ["2016-01-01"])
    #expect(backup.counters[0].goal == Goal(amount: 3, period: .week))
    #expect(backup.counters[1].group == ForeignHistory.archivedGroup)
    #expect(reports[0].total == 2 && reports[0].changes == 2)
    #expect(try ForeignDatabase.detect(atPath: path) == .loop)
  }

  @Test func aMeasurableHabitCountsItsAmountsRoundedWithTheExactFigureInTheNote() throws {
    let path = try loop(
      25, habits: [.init(id: 3, name: "Run", freq: (1, 7), type: 1, targetType: 0, targetValue: 10.5)],
      rows: [
        .init(3, "2024-05-01", 2_500, notes: "Park"), .init(3, "2024-05-02", 7_000), .init(3, "2024-05-03", 3, notes: "Rain"),
        .init(3, "2024-05-04", -1), .init(3, "2024-05-05", 0), .init(3, "2024-05-06", -2_500),
      ])
    let (backup, reports) = try ForeignDatabase.read(.loop, atPath: path).backup(calendar: try Self.west)
    let run = try #require(backup.counters.first)
    // SKIP keeps its note on a change of 0; UNKNOWN, a stored 0 and what no one can enter count nothing.
    #expect(run.history.map(\.netChange) == [3, 7, 0])
    #expect(run.history.map(\.note) == ["Park; exact 2.5", nil, "Rain"])
    #expect(run.value == 10)
    // 10.5 km a week: rounded half away from zero.
    #expect(run.goal == Goal(amount: 11, period: .week))
    #expect(
      reports[0].notes.contains { $0.contains("amounts with a fraction, rounded (the exact figure in the change's note): 1") })
  }

  @Test(arguments: [
    ((1, 1), 0, 0.0, "1/day"), ((5, 5), 0, 0, "1/day"), ((2, 7), 0, 0, "2/week"), ((4, 30), 0, 0, "4/month"),
    ((4, 31), 0, 0, "4/month"), ((1, 1), 1, 3.0, "at most 3/day"), ((1, 7), 1, 20, "at most 20/week"),
  ])
  func frequenciesThatFitBecomeGoals(frequency: (Int, Int), type: Int, target: Double, goal: String) throws {
    let path = try loop(
      25, habits: [.init(id: 1, name: "H", freq: frequency, type: type, targetType: type, targetValue: target)], rows: [])
    let (backup, _) = try ForeignDatabase.read(.loop, atPath: path).backup(calendar: try Self.east)
    #expect(backup.counters[0].goal?.text == goal)
  }

  @Test func everyNDaysIsReportedNotInvented() throws {
    let path = try loop(
      25, habits: [.init(id: 1, name: "Floss", freq: (1, 5)), .init(id: 2, name: "Read", freq: (3, 10))], rows: [])
    let (backup, reports) = try ForeignDatabase.read(.loop, atPath: path).backup(calendar: try Self.east)
    #expect(backup.counters.map(\.goal) == [nil, nil])
    #expect(reports[0].notes.contains { $0.contains("1 in 5 days, has no Tally goal") })
    #expect(reports[1].notes.contains { $0.contains("3 in 10 days, has no Tally goal") })
  }

  @Test func twoHabitsOfOneNameStayTwoAndOrphanRowsAreReported() throws {
    let path = try loop(
      18, habits: [.init(id: 1, name: "Walk"), .init(id: 2, name: "walk")],
      rows: [.init(1, "2020-02-02"), .init(2, "2020-02-03"), .init(9, "2020-02-04")])
    let foreign = try ForeignDatabase.read(.loop, atPath: path)
    let (backup, reports) = try foreign.backup(calendar: try Self.west)
    #expect(backup.counters.map(\.name) == ["Walk", "walk (2)"])
    #expect(reports[1].sourceName == "walk")
    #expect(foreign.leftOut.contains("entries of habits no longer in the file, left out: 1"))
  }

  @Test func theDatabaseIsLeftAsItWasWithNothingMadeBesideIt() throws {
    let path = directory.appending("wal.db")
    try ForeignFixtures.writeLoop(
      version: 25, habits: [.init(id: 1, name: "Walk")], rows: [.init(1, "2020-02-02")], to: path, wal: true)
    let before = try #require(TestFiles.read(path))
    let listing = FileSystem.names(inDirectory: directory.path).sorted()
    _ = try ForeignDatabase.detect(atPath: path)
    _ = try ForeignDatabase.read(.loop, atPath: path)
    #expect(TestFiles.read(path) == before)
    #expect(FileSystem.names(inDirectory: directory.path).sorted() == listing)
  }

  @Test func aLaterSchemaADamagedFileAndAnotherDatabaseAreRefused() throws {
    let later = try loop(26, habits: [], rows: [])
    #expect(throws: Backup.Problem(location: "", reason: "Loop's schema 26 is later than Tally knows (it reads 9 to 25)")) {
      try ForeignDatabase.read(.loop, atPath: later)
    }
    let whole = try #require(TestFiles.read(try loop(25, habits: [.init(id: 1, name: "Walk")], rows: [])))
    let truncated = directory.appending("truncated.db")
    try TestFiles.write(Array(whole.prefix(whole.count / 2 + 100)), to: truncated)
    let damaged = try #require(throws: Backup.Problem.self) { try ForeignDatabase.read(.loop, atPath: truncated) }
    #expect(damaged.reason.contains("damaged"), "\(damaged)")
    let other = directory.appending("other.db")
    try ForeignFixtures.execute("CREATE TABLE notes (id INTEGER)", at: other)
    let refused = try #require(throws: Backup.Problem.self) { try ForeignDatabase.detect(atPath: other) }
    #expect(refused.reason.contains("neither Loop Habit Tracker's nor Tickmate's"))
    #expect(throws: Backup.Problem(location: "", reason: "Loop Habit Tracker's database, not Tickmate's")) {
      try ForeignDatabase.read(.tickmate, atPath: later)
    }
  }

  @Test(arguments: ["America/Los_Angeles", "Pacific/Auckland"])
  func tickmateCountsEveryTickOfATrackThatTakesSeveralAndADayOnceOtherwise(zone: String) throws {
    let calendar = try Self.calendar(zone)
    let path = directory.appending("tickmate-backup-20250101.db")
    try ForeignFixtures.writeTickmate(
      tracks: [(1, "Coffee", true, true), (2, "Gym", true, false), (3, "Old", false, false)],
      ticks: [
        (1, "2024-01-31", "08:00:00"), (1, "2024-01-31", "23:30:00"), (1, "2024-02-01", nil), (2, "2024-01-24", nil),
        (2, "2024-01-24", "07:00:00"), (3, "2023-12-31", nil), (9, "2024-01-01", nil),
      ], to: path)
    let foreign = try ForeignDatabase.read(.tickmate, atPath: path)
    let (backup, _) = try foreign.backup(calendar: calendar)
    #expect(backup.counters.map(\.value) == [3, 1, 1])
    // Month 0 is January; a tick with a time is at that local time.
    #expect(Self.days(backup.counters[0], in: calendar) == ["2024-01-31", "2024-01-31", "2024-02-01"])
    #expect(Self.days(backup.counters[1], in: calendar) == ["2024-01-24"])
    #expect(backup.counters[2].group == ForeignHistory.archivedGroup)
    #expect(foreign.leftOut.contains("ticks of tracks no longer in the file, left out: 1"))
    #expect(try ForeignDatabase.detect(atPath: path) == .tickmate)
  }

  @Test func anOldTickmateFileWithoutTimesOrOptionsReadsAsOneTickADay() throws {
    let path = directory.appending("tickmate-old.db")
    try ForeignFixtures.execute(
      """
      PRAGMA user_version = 9;
      CREATE TABLE tracks (_id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, description TEXT NOT NULL, icon TEXT);
      CREATE TABLE ticks (_id INTEGER PRIMARY KEY AUTOINCREMENT, _track_id INTEGER, year INTEGER, month INTEGER, day INTEGER);
      INSERT INTO tracks (_id, name, description) VALUES (1, 'Smile', '');
      INSERT INTO ticks (_track_id, year, month, day) VALUES (1, 2013, 11, 31), (1, 2013, 11, 31), (1, 2014, 0, 1), (1, 2014, 1, 30);
      """, at: path)
    let foreign = try ForeignDatabase.read(.tickmate, atPath: path)
    let (backup, _) = try foreign.backup(calendar: try Self.west)
    // Month 11 is December; 30 February does not exist.
    #expect(Self.days(backup.counters[0], in: try Self.west) == ["2013-12-31", "2014-01-01"])
    #expect(foreign.leftOut.contains("ticks on dates that do not exist, left out: 1"))
  }
}
