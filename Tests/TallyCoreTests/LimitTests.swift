import TallyDefaults
import TallyHistory
import TallyModel
import TallyScreens
import TallyTestSupport
import Testing

/// Limits, the goals of habits to cut down: "at most 3/day".
struct LimitTests {
  @Test(arguments: ["at most 3/day", "<=3/day", "  AT MOST 3/Day ", "<= 3/day"])
  func aLimitReadsAsTypedAndPrintsOneWay(text: String) throws {
    let goal = try Goal(text: text)
    #expect(goal == Goal(amount: 3, period: .day, isLimit: true))
    #expect(goal.text == "at most 3/day")
    #expect(try Goal(text: "at most 2/week").text == "at most 2/week")
    #expect(throws: CounterError.self) { try Goal(text: "at most") }
    #expect(throws: CounterError.self) { try Goal(text: "<=-1/day") }
  }

  /// `at most 0/day` is the limit of a habit to quit: a limit may be 0, a goal to reach may not.
  @Test func atMost0IsALimitAndKeptAsOne() throws {
    let quit = try Goal(text: "at most 0/day")
    #expect(quit == Goal(amount: 0, period: .day, isLimit: true))
    #expect(quit.isMet(by: 0) && !quit.isMet(by: 1))
    let record = CounterRecord(id: "count", name: "coffee", step: 1, goal: quit)
    #expect(CounterRecord(propertyListValue: record.propertyListValue)?.goal == quit)
    #expect(throws: CounterError.self) { try Goal(text: "0/day") }
  }

  @Test func withinIsMetAndOverIsNot() {
    let limit = Goal(amount: 3, period: .day, isLimit: true)
    #expect(limit.isMet(by: 0) && limit.isMet(by: 3) && !limit.isMet(by: 4))
    #expect(Goal(amount: 3, period: .day).isMet(by: 3) && !Goal(amount: 3, period: .day).isMet(by: 2))
  }

  @Test func aGoalFromBeforeLimitsIsAnAtLeastGoalAndALimitKeepsItsKind() throws {
    let record = CounterRecord(id: "count", name: "Count", step: 1, goal: Goal(amount: 3, period: .day, isLimit: true))
    #expect(CounterRecord(propertyListValue: record.propertyListValue)?.goal?.isLimit == true)
    let old: PropertyListValue = .dictionary([
      "id": .string("count"), "name": .string("Count"), "step": .integer(1),
      "goal": .dictionary(["amount": .integer(3), "period": .string("day")]),
    ])
    #expect(CounterRecord(propertyListValue: old)?.goal == Goal(amount: 3, period: .day))
  }

  private func totals(_ days: [Int: Int]) -> PeriodTotals {
    var totals = PeriodTotals()
    for (day, progress) in days { totals[day] = PeriodTotal(net: progress, progress: progress) }
    return totals
  }

  @Test func streaksCountPeriodsWithinFromTheFirstEntryAndADayWithNothingIsWithin() {
    // First change on day 10; day 12 over; nothing on 13 and 14 (within); today is 15.
    let days = totals([10: 2, 11: 3, 12: 5, 15: 1])
    #expect(GoalSummary.streaks(in: days, within: 3, from: 10, current: 15) == (current: 3, best: 3))
    #expect(GoalSummary.streaks(in: totals([10: 1, 11: 9]), within: 3, from: 10, current: 11) == (current: 0, best: 1))
    #expect(GoalSummary.streaks(in: totals([10: 1]), within: 3, from: 10, current: 20) == (current: 11, best: 11))
    // Made on day 8 (its first entry), first counted on day 10.
    #expect(GoalSummary.streaks(in: totals([10: 1]), within: 3, from: 8, current: 20) == (current: 13, best: 13))
    #expect(GoalSummary.streaks(in: PeriodTotals(), within: 3, from: 15, current: 15) == (current: 1, best: 1), "made today")
    #expect(GoalSummary.streaks(in: PeriodTotals(), within: 0, from: 12, current: 15) == (current: 4, best: 4), "quitting")
  }

  /// A counter made today with `at most 2/day` is within it, with a streak of 1 that grows a
  /// day at a time with nothing counted; the Days view ticks the same days, none before it
  /// was made; going over breaks both.
  @Test func aLimitsStreakAgreesWithGoalReachedAndTheDaysView() throws {
    let history = SQLiteHistory.inMemory()
    let clock = ManualClock(iso: "2026-11-23T10:00:00Z")
    let recorder = HistoryRecorder(log: history, clock: clock, source: .command)
    let model = CountersModel(userDefaults: InMemoryUserDefaults(), eventRecorder: recorder)
    try model.perform(.create(named: "coffee", selecting: true))
    try model.perform(.setGoal(Goal(amount: 2, period: .day, isLimit: true), of: model.list.current.id))
    recorder.flush()
    let calendar = GoalCalendar(clock: clock)
    func stand() throws -> (reached: Bool, streak: Int, ticks: [Bool?]) {
      let goal = try #require(GoalSummary.of(model.list.current, history: history, now: clock.now(), calendar: calendar))
      let days = DaysChart(
        counter: model.list.current, history: history, calendar: calendar, today: calendar.day(of: clock.now()),
        windowsBack: 0)
      #expect(goal.periods.map(\.isMet) == days.bars.map { $0.isMet ?? false }, "the summary's periods and H's bars")
      return (goal.isReached, goal.currentStreak, Array(days.bars.map(\.isMet).suffix(3)))
    }
    #expect(try stand() == (true, 1, [false, false, true]))
    clock.advance(by: 86_400)
    #expect(try stand() == (true, 2, [false, true, true]))
    try model.perform(.add(3, to: model.list.current.id))
    recorder.flush()
    #expect(try stand() == (false, 0, [false, true, false]))
  }

  @Test func theBarMarksALimitGoneOverInWordsAsWellAsColour() {
    let goal = Goal(amount: 3, period: .day, isLimit: true)
    func summary(_ progress: Int) -> GoalSummary {
      GoalSummary(
        goal: goal, value: progress, totals: totals([0: progress]), streaks: (0, 0), now: .init(timeIntervalSince1970: 0),
        calendar: GoalCalendar(utcOffset: { _ in 0 }), periodCount: 1)
    }
    let list = CounterList(counters: [Counter(id: "count", name: "coffee", goal: goal)], currentID: "count")
    let within = CounterView(model: CounterViewModel(), counters: list, goal: summary(2)).progressLine(width: 80)
    #expect(within == "2 of at most 3 today  ██████░░░░")
    let over = CounterView(model: CounterViewModel(), counters: list, goal: summary(4)).progressLine(width: 80)
    #expect(over == "4 of at most 3 today  ██████████  ! over the limit")
  }
}

extension LimitTests {
  @Test func theYearMapMarksTheDaysOverADailyLimitAndShadesTheRest() {
    let limit = Goal(amount: 3, period: .day, isLimit: true)
    let map = YearMap(firstDay: 100, lastDay: 102, days: totals([100: 2, 101: 4, 102: 3]), goal: limit, periods: nil)
    #expect(Array(map.met.prefix(3)) == [false, true, false])
    #expect(map.level(at: 0) > 0 && map.level(at: 2) == 4, "days within are shaded up to the limit")
    let weekly = YearMap(
      firstDay: 102, lastDay: 104, days: totals([102: 2, 103: 2, 104: 1]),
      goal: Goal(amount: 3, period: .week, isLimit: true), periods: totals([14: 5, 15: 5]))
    #expect(weekly.met.prefix(3).filter { $0 }.count == 1, "the day the week went over")
  }
}
