import FoundationEssentials
import TallyModel
import TallyPlatform
import Testing

/// HabitBull's CSV, harsh's files, dijo's JSON and BetterCounter's export read into
/// counters, with their traps: date styles, sentinels, duplicates, last lines winning,
/// fixed-point amounts, names with commas, and days in zones either side of UTC.
struct ForeignTextTests {
  /// The calendar of the time zone `zone` names.
  static func calendar(_ zone: String) throws -> GoalCalendar {
    GoalCalendar(timeZone: try #require(TimeZone(identifier: zone)))
  }

  static var west: GoalCalendar { get throws { try calendar("America/New_York") } }
  static var east: GoalCalendar { get throws { try calendar("Asia/Tokyo") } }

  static func days(_ item: Backup.Item, in calendar: GoalCalendar) -> [String] {
    item.history.map {
      String(UTCTime.text(for: Date(timeIntervalSince1970: Double(calendar.day(of: $0.time)) * 86_400)).prefix(10))
    }
  }

  private func backup(_ foreign: ForeignHistory, _ calendar: GoalCalendar? = nil) throws -> Backup {
    try foreign.backup(calendar: try calendar ?? Self.west).backup
  }

  @Test(arguments: ["America/New_York", "Asia/Tokyo"])
  func habitBullReadsBothDateStylesAmountsAndNoDataOnTheirLocalDays(zone: String) throws {
    let calendar = try Self.calendar(zone)
    let csv = """
      HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
      Pushups,"Arms, chest",Fitness,2019-04-11,30,Good
      Pushups,"Arms, chest",Fitness,2019-04-11,30,Good
      Pushups,"Arms, chest",Fitness,2019-04-12,1,
      Pushups,"Arms, chest",Fitness,2019-04-13,0,
      Floss,,Health,4/9/2019,1,
      Floss,,Health,12/31/2019,1,
      Floss,,Health,1/1/2020,-2150000000,

      """
    #expect(ForeignText.detect(Array(csv.utf8)) == .habitbull)
    let result = try backup(try ForeignText.habitBull(Array(("\u{FEFF}" + csv).utf8)), calendar)
    #expect(result.counters.map(\.name) == ["Pushups", "Floss"])
    // The duplicate row counts once; 0 and the no-data sentinel count nothing.
    #expect(result.counters.map(\.value) == [31, 2])
    #expect(Self.days(result.counters[0], in: calendar) == ["2019-04-11", "2019-04-12"])
    #expect(Self.days(result.counters[1], in: calendar) == ["2019-04-09", "2019-12-31"])
    #expect(result.counters[0].history[0].note == "Good")
    #expect(result.counters.map(\.goal) == [nil, Goal(amount: 1, period: .day)])
  }

  @Test func aDayWithoutATimeStaysOnItsDateWhenDaysStartInTheEvening() throws {
    let csv = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nA,,,2019-04-11,1,\n"
    let calendar = GoalCalendar(timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")), dayStartsAtHour: 18)
    let result = try backup(try ForeignText.habitBull(Array(csv.utf8)), calendar)
    #expect(Self.days(result.counters[0], in: calendar) == ["2019-04-11"])
  }

  @Test func habitBullRefusesADateItCannotRead() {
    let csv = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nA,,,13/40/2019,1,\n"
    #expect(throws: Backup.Problem(location: "line 2", reason: "a date is YYYY-MM-DD or M/D/YYYY, not \"13/40/2019\"")) {
      try ForeignText.habitBull(Array(csv.utf8))
    }
  }

  /// A day a month does not have (30 February, 31 April, 29 February of a common year) is
  /// refused, not read as a day of the next month; 29 February of a leap year is read.
  @Test(arguments: ["2019-02-30", "2/29/2019", "4/31/2019", "2019-00-10", "0000-01-01"])
  func habitBullRefusesADayTheMonthDoesNotHave(date: String) {
    let csv = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nA,,,\(date),1,\n"
    #expect(throws: Backup.Problem(location: "line 2", reason: "a date is YYYY-MM-DD or M/D/YYYY, not \"\(date)\"")) {
      try ForeignText.habitBull(Array(csv.utf8))
    }
  }

  @Test func habitBullReadsTheTwentyNinthOfFebruaryOfALeapYear() throws {
    let csv = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nA,,,2/29/2020,1,\n"
    let result = try backup(try ForeignText.habitBull(Array(csv.utf8)), try Self.west)
    #expect(Self.days(result.counters[0], in: try Self.west) == ["2020-02-29"])
  }

  @Test func harshCountsYesReadsEveryLineShapeAndALaterLineWins() throws {
    let habits = """
      # comment
      ! Health
      Gym: 3/7
      Floss: 1
      Plants: 4: 2026-06-01
      ! Work
      Review: 2w
      Track: 0

      """
    let log = [
      "2025-01-01 : Gym : y", "2025-01-02 : Gym : y : Legs", "2025-01-03 : Gym : y :  : 45.5", "2025-01-04 : Gym : y : first",
      "2025-01-04 : Gym : s : Rest day : ", "2025-01-05 : Gym : n :  : ", "2025-01-01 : Floss : y :  : ",
      "2025-01-01 : Gone : y :  : ", "2025-01-02 : Floss : y : a : b : c : d", "not a line", "",
    ].joined(separator: "\n")
    #expect(ForeignText.detect(Array(log.utf8)) == .harsh)
    let foreign = try ForeignText.harsh(habits: Array(habits.utf8), log: Array(log.utf8))
    let (result, reports) = try foreign.backup(calendar: try Self.east)
    #expect(result.counters.map(\.name) == ["Gym", "Floss", "Plants", "Review", "Track"])
    // The 4th's `s` replaces its `y`, and keeps its comment on a change of 0.
    #expect(result.counters[0].history.map(\.netChange) == [1, 1, 46, 0])
    #expect(result.counters[0].history.map(\.note) == [nil, "Legs", "exact 45.5", "Rest day"])
    #expect(Self.days(result.counters[0], in: try Self.east) == ["2025-01-01", "2025-01-02", "2025-01-03", "2025-01-04"])
    #expect(result.counters[1].value == 1)
    #expect(result.counters.map(\.goal?.text) == ["3/week", "1/day", nil, nil, nil])
    #expect(result.counters.map(\.group) == ["Health", "Health", "Health", "Work", "Work"])
    #expect(reports[2].notes.contains { $0.contains("1 in 4 days, has no Tally goal") })
    #expect(reports[2].notes.contains("its end date, 2026-06-01, is not carried"))
    #expect(reports[3].notes.contains { $0.contains("1 in 14 days, has no Tally goal") })
    #expect(foreign.leftOut.contains("log lines of habits not in the habits file, left out: 1"))
    #expect(foreign.leftOut.contains("log lines that are not DATE : HABIT : y/n/s, left out: 2"))
  }

  @Test func harshRefusesAFrequencyItWouldRefuse() {
    #expect(throws: Backup.Problem.self) { try ForeignText.harsh(habits: Array("Gym: 8/7\n".utf8), log: []) }
  }

  @Test func dijoReadsBitsCountsAndFixedPointFloatsFromBothFiles() throws {
    let regular = """
      [
        {"type": "Bit", "name": "walk", "stats": {"2021-03-01": true, "2021-03-02": false}, "goal": true, "auto": false},
        {"type": "Count", "name": "pushups", "stats": {"2021-03-01": 30, "2021-03-03": 0}, "goal": 50},
        {"type": "Count", "name": "idle", "stats": {}, "goal": 0}
      ]
      """
    let auto = """
      [{"type": "Float", "name": "water", "stats": {"2021-03-01": {"value": 15, "precision": 1},
        "2021-03-02": {"value": 250, "precision": 2}}, "goal": {"value": 25, "precision": 1}, "precision": 1, "auto": true}]
      """
    #expect(ForeignText.detect(Array(regular.utf8)) == .dijo)
    let (result, reports) = try ForeignText.dijo([Array(regular.utf8), Array(auto.utf8)]).backup(calendar: try Self.west)
    #expect(result.counters.map(\.name) == ["walk", "pushups", "idle", "water"])
    #expect(result.counters.map(\.value) == [1, 30, 0, 5])
    #expect(result.counters[3].history.map(\.note) == ["exact 1.5", "exact 2.5"])
    #expect(result.counters.map(\.goal?.text) == ["1/day", "50/day", nil, "3/day"])
    #expect(reports[2].notes == ["its goal is 0: no Tally goal"])
  }

  @Test func dijoRefusesDeepJSONAndAnotherShape() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: Backup.Problem(location: "", reason: "JSON nested 9 deep; dijo's is at most 8")) {
      try ForeignText.dijo([Array(deep.utf8)])
    }
    #expect(throws: Backup.Problem.self) { try ForeignText.dijo([Array(#"[{"name": 3}]"#.utf8)]) }
  }

  @Test(arguments: ["America/New_York", "Asia/Tokyo"])
  func betterCounterCountsEveryTapOnItsLocalDayAndKeepsCommasInNames(zone: String) throws {
    let calendar = try Self.calendar(zone)
    // 2024-03-10 02:00 UTC: the 9th in New York, the 10th in Tokyo.
    let tap = 1_710_036_000_000
    let text = "Coffee, black,\(tap),\(tap + 1),\(tap + 86_400_000)\nEmpty\n"
    #expect(ForeignText.detect(Array(text.utf8)) == .bettercounter)
    let result = try backup(try ForeignText.betterCounter(Array(text.utf8)), calendar)
    #expect(result.counters.map(\.name) == ["Coffee, black", "Empty"])
    #expect(result.counters.map(\.value) == [3, 0])
    let first = zone == "America/New_York" ? "2024-03-09" : "2024-03-10"
    #expect(Self.days(result.counters[0], in: calendar).first == first)
  }

  @Test func betterCounterRefusesAWordAfterTheTaps() {
    #expect(throws: Backup.Problem(location: "line 1", reason: "a tap is a time in milliseconds, not \"x\"")) {
      try ForeignText.betterCounter(Array("A,1710036000000,x\n".utf8))
    }
  }

  @Test func escapeCodesInANameAreRefusedNamingTheHabit() throws {
    let text = "Evil\u{1B}]0;owned\u{07},1710036000000\n"
    let problem = try #require(throws: Backup.Problem.self) {
      try ForeignText.betterCounter(Array(text.utf8)).backup(calendar: try Self.west)
    }
    #expect(problem.location == "habit 1 (\"Evil\\u{1B}]0;owned\\u{7}\")")
    #expect(problem.reason.contains("control characters"))
  }
}
