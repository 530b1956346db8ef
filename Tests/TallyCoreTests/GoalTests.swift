import FoundationEssentials
import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

private func change(_ time: String, _ old: Int, _ new: Int, counter: String = "count") -> HistoryEntry {
  HistoryEntry(time: at(time), event: .changed, counter: counter, name: "Count", old: old, new: new, source: .app)
}

private var utc: GoalCalendar { GoalCalendar(utcOffset: { _ in 0 }) }

struct GoalTextTests {
  @Test(arguments: [
    ("8/day", Goal(amount: 8, period: .day)), ("3/week", Goal(amount: 3, period: .week)),
    (" 20/MONTH ", Goal(amount: 20, period: .month)), ("300", Goal(amount: 300, period: .total)),
  ])
  func goalsAreTypedAsAmountAndPeriod(text: String, goal: Goal) throws {
    #expect(try Goal(text: text) == goal)
    #expect(try Goal(text: goal.text) == goal)
  }

  @Test(arguments: ["", "0/day", "-1", "8/year", "8/", "/day", "8/none", "eight", "8 / day", "8/day/week"])
  func anythingElseIsRefused(text: String) {
    #expect(throws: CounterError.self) { try Goal(text: text) }
  }
}

struct GoalRecordTests {
  @Test func aRecordWithoutAGoalOpensUnchangedAndWritesNoGoal() throws {
    let stored: PropertyListValue = .dictionary(["id": .string("count"), "name": .string("Count"), "step": .integer(2)])
    let record = try #require(CounterRecord(propertyListValue: stored))
    #expect(record == CounterRecord(id: "count", name: "Count", step: 2))
    #expect(record.propertyListValue == stored)
  }

  @Test func aGoalIsKeptInTheRecord() throws {
    let record = CounterRecord(id: "count-2", name: "water", step: 1, goal: Goal(amount: 8, period: .day))
    guard case .dictionary(let entries) = record.propertyListValue else { throw TestFailure() }
    #expect(entries["goal"] == .dictionary(["amount": .integer(8), "period": .string("day")]))
    #expect(CounterRecord(propertyListValue: record.propertyListValue) == record)
  }

  @Test(arguments: [
    PropertyListValue.string("8/day"), .dictionary(["amount": .integer(0), "period": .string("day")]),
    .dictionary(["amount": .integer(8), "period": .string("year")]), .dictionary(["amount": .integer(8)]),
  ])
  func aDamagedGoalIsDroppedNeverTheCounter(goal: PropertyListValue) throws {
    let stored: PropertyListValue = .dictionary([
      "id": .string("count"), "name": .string("Count"), "step": .integer(1), "goal": goal,
    ])
    #expect(try #require(CounterRecord(propertyListValue: stored)).goal == nil)
  }
}

struct TestFailure: Error {}

struct GoalEditTests {
  private let defaults = InMemoryUserDefaults()

  init() {
    AppDefaults.register(in: defaults)
  }

  @Test func settingAGoalIsAChangeThatUndoAndRedoReplay() throws {
    let model = CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy())
    let screen = CounterViewModel()
    #expect(screen.receive(.key(.character("g")), counters: model.list).effects.isEmpty)
    for key in "5/week" { screen.receive(.key(.character(key)), counters: model.list) }
    let confirmed = screen.receive(.key(.enter), counters: model.list)
    let effects = confirmed.effects
    #expect(effects == [.edit(.setGoal(Goal(amount: 5, period: .week), of: "count"))])
    screen.receive(
      .edited(model.apply(effects.compactMap { if case .edit(let edit) = $0 { edit } else { nil } }), for: confirmed.purpose))
    #expect(model.list.current.goal == Goal(amount: 5, period: .week))
    guard case .array(let records)? = defaults.domains.persistent["counters"], case .dictionary(let stored)? = records.first
    else { throw TestFailure() }
    #expect(stored["goal"] == .dictionary(["amount": .integer(5), "period": .string("week")]))

    let undo = screen.receive(.key(.character("u")), counters: model.list)
    screen.receive(
      .edited(model.apply(undo.effects.compactMap { if case .edit(let edit) = $0 { edit } else { nil } }), for: undo.purpose))
    #expect(model.list.current.goal == nil)
    #expect(screen.status?.text == "Undone: goal of Count none → 5/week")
    let redo = screen.receive(.key(.control("r")), counters: model.list)
    screen.receive(
      .edited(model.apply(redo.effects.compactMap { if case .edit(let edit) = $0 { edit } else { nil } }), for: redo.purpose))
    #expect(model.list.current.goal == Goal(amount: 5, period: .week))
  }

  @Test func theGoalPromptStartsWithTheGoalAndAnEmptyAnswerClearsIt() throws {
    let model = CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy())
    try model.perform(.setGoal(Goal(amount: 8, period: .day), of: "count"))
    let screen = CounterViewModel()
    screen.receive(.key(.character("g")), counters: model.list)
    guard case .prompt(let prompt) = screen.mode else { throw TestFailure() }
    #expect(prompt.field.text == "8/day")
    screen.receive(.key(.control("u")), counters: model.list)
    #expect(screen.receive(.key(.enter), counters: model.list).effects == [.edit(.setGoal(nil, of: "count"))])
  }

  @Test func aGoalThatIsNotOneKeepsThePromptOpen() throws {
    let model = CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy())
    let screen = CounterViewModel()
    screen.receive(.key(.character("g")), counters: model.list)
    for key in "8/year" { screen.receive(.key(.character(key)), counters: model.list) }
    #expect(screen.receive(.key(.enter), counters: model.list).effects.isEmpty)
    guard case .prompt(let prompt) = screen.mode else { throw TestFailure() }
    #expect(prompt.error?.contains("not \"8/year\"") == true)
  }

  @Test func aDeletedCounterComesBackWithItsGoal() throws {
    let model = CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy())
    try model.perform(.create(named: "water", selecting: true))
    try model.perform(.setGoal(Goal(amount: 8, period: .day), of: "count-2"))
    let deleted = try #require(try model.perform(.delete("count-2")))
    guard case .delete(let counter, let index) = deleted else { throw TestFailure() }
    try model.perform(.restore(counter, at: index))
    #expect(model.list.counter(named: "water")?.goal == Goal(amount: 8, period: .day))
  }
}

struct GoalSummaryTests {
  private let daily = Goal(amount: 8, period: .day)

  private func summary(_ goal: Goal, _ entries: [HistoryEntry], now: String, value: Int = 0, calendar: GoalCalendar = utc)
    -> GoalSummary
  {
    GoalSummary(goal: goal, value: value, entries: entries, now: at(now), calendar: calendar)
  }

  @Test func progressIsTheSumOfTodaysChanges() {
    let entries = [
      change("2026-11-22T23:59:59Z", 0, 5), change("2026-11-23T00:00:00Z", 5, 8), change("2026-11-23T09:00:00Z", 8, 10),
      change("2026-11-23T10:00:00Z", 10, 9),
    ]
    let goal = summary(daily, entries, now: "2026-11-23T12:00:00Z")
    #expect(goal.progress == 4)
    #expect(goal.progressText == "4 of 8 today")
    #expect(!goal.isReached)
  }

  @Test func aCounterMadeTodayStartsAt0() {
    let created = HistoryEntry(
      time: at("2026-11-23T08:00:00Z"), event: .created, counter: "count", name: "Count", new: 0, source: .app)
    #expect(summary(daily, [created], now: "2026-11-23T12:00:00Z").progress == 0)
    #expect(summary(daily, [created, change("2026-11-23T09:00:00Z", 0, 8)], now: "2026-11-23T12:00:00Z").isReached)
  }

  @Test func aResetAtTheStartOfADayTakesNothingBack() {
    let entries = [
      change("2026-11-22T20:00:00Z", 0, 8), change("2026-11-23T07:00:00Z", 8, 0), change("2026-11-23T08:00:00Z", 0, 2),
    ]
    let goal = summary(daily, entries, now: "2026-11-23T12:00:00Z")
    #expect(goal.progress == 2)
    #expect(goal.periods.suffix(2).map(\.progress) == [8, 2])
  }

  @Test func aResetInsideADayStartsItsCountOver() {
    let entries = [
      change("2026-11-23T07:00:00Z", 20, 26), change("2026-11-23T09:00:00Z", 26, 0), change("2026-11-23T10:00:00Z", 0, 1),
    ]
    #expect(summary(daily, entries, now: "2026-11-23T12:00:00Z").progress == 1)
  }

  /// A reset is not progress backwards: down 5, a reset and 3 more make 3 today, as `today +3`.
  @Test func aResetAfterGoingDownStartsTheDayOverAt0() {
    let entries = [
      change("2026-11-23T07:00:00Z", 0, -5), change("2026-11-23T08:00:00Z", -5, 0), change("2026-11-23T09:00:00Z", 0, 3),
    ]
    #expect(summary(daily, entries, now: "2026-11-23T12:00:00Z").progress == 3)
    // Down from yesterday's 10 to 7, then a reset: today starts over at 0, not at -3.
    let fromYesterday = [change("2026-11-22T20:00:00Z", 0, 10), change("2026-11-23T07:00:00Z", 10, 7)]
    #expect(summary(daily, fromYesterday + [change("2026-11-23T08:00:00Z", 7, 0)], now: "2026-11-23T12:00:00Z").progress == 0)
  }

  @Test func subtractingDownTo0TakesThePressBack() {
    let entries = [change("2026-11-23T07:00:00Z", 0, 1), change("2026-11-23T07:00:01Z", 1, 0)]
    #expect(summary(daily, entries, now: "2026-11-23T12:00:00Z").progress == 0)
  }

  @Test func aTotalGoalIsTheValue() {
    let goal = summary(
      Goal(amount: 300, period: .total), [change("2026-11-23T07:00:00Z", 0, 5)], now: "2026-11-23T12:00:00Z", value: 120)
    #expect(goal.progressText == "120 of 300 in total")
    #expect(goal.periods.isEmpty)
    #expect(goal.currentStreak == 0)
  }

  @Test func streaksCountDaysMetInARowAndTodayKeepsYesterdaysStreakUntilItEnds() {
    // Met on the 17th, 18th (best: 2), then the 20th, 21st, 22nd; not yet today, the 23rd.
    let entries = ["17", "18", "20", "21", "22"].enumerated().map { index, day in
      change("2026-11-\(day)T10:00:00Z", index * 8, index * 8 + 8)
    }
    let morning = summary(daily, entries + [change("2026-11-23T09:00:00Z", 40, 41)], now: "2026-11-23T12:00:00Z")
    #expect(morning.currentStreak == 3)
    #expect(morning.bestStreak == 3)
    #expect(morning.periods.map(\.isMet).suffix(7) == [true, true, false, true, true, true, false])
    let evening = summary(daily, entries + [change("2026-11-23T20:00:00Z", 40, 48)], now: "2026-11-23T21:00:00Z")
    #expect(evening.currentStreak == 4)
    #expect(evening.bestStreak == 4)
    let dayAfterAMiss = summary(daily, entries, now: "2026-11-24T12:00:00Z")
    #expect(dayAfterAMiss.currentStreak == 0)
    #expect(dayAfterAMiss.bestStreak == 3)
  }

  @Test func changesEnteredLaterForAnEarlierDayCountOnThatDay() {
    let entries = [change("2026-11-23T10:00:00Z", 0, 8), change("2026-11-22T12:00:00Z", 8, 16)]
    let goal = summary(daily, entries, now: "2026-11-23T12:00:00Z")
    #expect(goal.currentStreak == 2)
    #expect(goal.periods.suffix(2).map(\.progress) == [8, 8])
  }

  @Test func weeksStartOnMondayAndMonthsOnThe1st() {
    // Sunday 22 November and Monday 23 November 2026.
    let entries = [
      change("2026-11-22T10:00:00Z", 0, 2), change("2026-11-23T10:00:00Z", 2, 5), change("2026-10-31T10:00:00Z", 5, 6),
    ]
    let week = summary(Goal(amount: 3, period: .week), entries, now: "2026-11-29T23:00:00Z")
    #expect(week.progress == 3)
    #expect(week.isReached)
    #expect(week.periods.last?.label == "week of 23 Nov")
    let month = summary(Goal(amount: 5, period: .month), entries, now: "2026-11-30T23:59:00Z")
    #expect(month.progress == 5)
    #expect(month.periods.suffix(2).map(\.label) == ["Oct 2026", "Nov 2026"])
    #expect(month.periods.suffix(2).map(\.progress) == [1, 5])
  }
}

struct GoalCalendarTests {
  private let berlin: TimeZone
  private let tokyo: TimeZone
  private let losAngeles: TimeZone

  init() throws {
    berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
  }

  @Test func daysBeginAtLocalMidnightOnBothDaylightSavingChanges() {
    let calendar = GoalCalendar(timeZone: berlin)
    // 29 March 2026: clocks go from 02:00 CET to 03:00 CEST; the day has 23 hours.
    #expect(calendar.day(of: at("2026-03-28T22:59:59Z")) == calendar.day(of: at("2026-03-28T12:00:00Z")))
    #expect(calendar.day(of: at("2026-03-28T23:00:00Z")) == calendar.day(of: at("2026-03-28T12:00:00Z")) + 1)
    #expect(calendar.day(of: at("2026-03-29T21:59:59Z")) == calendar.day(of: at("2026-03-28T23:00:00Z")))
    #expect(calendar.day(of: at("2026-03-29T22:00:00Z")) == calendar.day(of: at("2026-03-28T23:00:00Z")) + 1)
    // 25 October 2026: clocks go from 03:00 CEST back to 02:00 CET; the day has 25 hours.
    #expect(calendar.day(of: at("2026-10-24T22:00:00Z")) == calendar.day(of: at("2026-10-25T22:59:59Z")))
    #expect(calendar.day(of: at("2026-10-25T23:00:00Z")) == calendar.day(of: at("2026-10-25T22:59:59Z")) + 1)
  }

  @Test func progressOnADaylightSavingDayCountsAll25Hours() {
    let calendar = GoalCalendar(timeZone: berlin)
    let entries = [
      change("2026-10-24T21:59:59Z", 0, 1),  // 23:59:59 CEST on the 24th
      change("2026-10-24T22:00:00Z", 1, 2),  // 00:00 CEST on the 25th
      change("2026-10-25T00:30:00Z", 2, 3),  // 02:30 CEST
      change("2026-10-25T01:30:00Z", 3, 4),  // 02:30 CET, the hour again
      change("2026-10-25T22:59:59Z", 4, 5),  // 23:59:59 CET
      change("2026-10-25T23:00:00Z", 5, 6),  // 00:00 CET on the 26th
    ]
    let goal = GoalSummary(
      goal: Goal(amount: 4, period: .day), value: 6, entries: entries, now: at("2026-10-25T12:00:00Z"), calendar: calendar)
    #expect(goal.progress == 4)
    #expect(goal.isReached)
    #expect(goal.periods.last?.label == "Sun 25 Oct")
  }

  @Test func theHourADayStartsMovesEveryPeriod() {
    let late = GoalCalendar(timeZone: berlin, dayStartsAtHour: 4)
    // 03:30 CET on Monday 23 November still counts for Sunday, and so for the week before.
    let night = at("2026-11-23T02:30:00Z")
    #expect(late.day(of: night) == late.day(of: at("2026-11-22T12:00:00Z")))
    #expect(late.period(.week, of: night) == late.period(.week, of: at("2026-11-22T12:00:00Z")))
    #expect(late.day(of: at("2026-11-23T03:00:00Z")) == late.day(of: night) + 1)
    // On the spring change, 04:00 CEST is 02:00 UTC.
    #expect(late.day(of: at("2026-03-29T01:59:59Z")) + 1 == late.day(of: at("2026-03-29T02:00:00Z")))
  }

  @Test func oneMomentIsADifferentDayInDifferentZones() {
    let moment = at("2026-11-23T20:00:00Z")
    #expect(GoalCalendar(timeZone: tokyo).day(of: moment) == GoalCalendar(timeZone: losAngeles).day(of: moment) + 1)
  }
}

/// The one reading of every time option: `--at`, `--since`, `--until`, `--on`.
struct TimeArgumentTests {
  private let berlin: GoalCalendar
  private let now = at("2026-11-23T17:00:00Z")

  init() throws {
    berlin = GoalCalendar(timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
  }

  private func read(_ text: String, option: String = "--at") throws -> TimeArgument { try TimeArgument(text, option: option) }

  @Test(arguments: [
    ("today", "2026-11-23T17:00:00Z"), ("now", "2026-11-23T17:00:00Z"), ("yesterday", "2026-11-22T11:00:00Z"),
    ("2026-11-20", "2026-11-20T11:00:00Z"), ("2026-11-23", "2026-11-23T17:00:00Z"),
    ("2026-11-20 18:30", "2026-11-20T17:30:00Z"), ("2026-11-20T18:30:15", "2026-11-20T17:30:15Z"),
    ("2026-07-20 18:30", "2026-07-20T16:30:00Z"), ("2026-11-20T18:30:00Z", "2026-11-20T18:30:00Z"),
    ("2026-11-20T18:30:00+05:00", "2026-11-20T13:30:00Z"),
  ])
  func momentsAreReadInLocalTime(text: String, expected: String) throws {
    #expect(try read(text).pastMoment(now: now, calendar: berlin) == at(expected))
  }

  @Test func yesterdayIsTheDayBeforeInTheStoresCalendar() throws {
    let late = GoalCalendar(utcOffset: { _ in 0 }, dayStartsAtHour: 4)
    // At 02:00 the day that started yesterday at 04:00 is still today.
    let moment = try read("yesterday").pastMoment(now: at("2026-11-23T02:00:00Z"), calendar: late)
    #expect(moment == at("2026-11-21T16:00:00Z"))
    #expect(late.day(of: moment) == late.day(of: at("2026-11-23T02:00:00Z")) - 1)
  }

  @Test(arguments: ["2026-11-24", "2026-11-23 19:00", "2026-11-24T00:00:00Z"])
  func aMomentInTheFutureIsRefusedForAt(text: String) throws {
    #expect {
      try read(text).pastMoment(now: now, calendar: berlin)
    } throws: { error in
      "\(error)" == "--at \(text) is in the future"
    }
  }

  @Test(arguments: ["tomorrow", "2026-13-01", "2026-11-20 25:00", "20/11/2026", "", "-3"])
  func unreadableTimesAreRefusedNamingTheOptionAndTheText(text: String) {
    #expect {
      try TimeArgument(text, option: "--since")
    } throws: { error in
      "\(error)".hasPrefix("--since \(text):") && "\(error)".contains("yesterday")
    }
  }

  /// --since and --until: a day is its start, as the calendar begins it; a time is itself.
  @Test(arguments: [
    ("today", "2026-11-22T23:00:00Z"), ("yesterday", "2026-11-21T23:00:00Z"), ("2026-11-20", "2026-11-19T23:00:00Z"),
    ("2026-11-20 18:30", "2026-11-20T17:30:00Z"), ("2026-11-20T18:30:00Z", "2026-11-20T18:30:00Z"),
    ("now", "2026-11-23T17:00:00Z"),
  ])
  func aDayStartsWhereTheCalendarStartsIt(text: String, expected: String) throws {
    #expect(try read(text, option: "--since").start(now: now, calendar: berlin) == at(expected))
  }

  @Test func aDayStartsAtTheHourTheSettingGives() throws {
    let late = GoalCalendar(utcOffset: { _ in 3600 }, dayStartsAtHour: 4)
    #expect(try read("2026-11-23").start(now: now, calendar: late) == at("2026-11-23T03:00:00Z"))
    // At 02:00 local (01:00 UTC) it is still the day that began yesterday at 04:00.
    #expect(try read("today").start(now: at("2026-11-23T01:00:00Z"), calendar: late) == at("2026-11-22T03:00:00Z"))
    #expect(try read("2026-11-23 02:00").day(now: now, calendar: late) == late.day(of: at("2026-11-22T12:00:00Z")))
  }
}
