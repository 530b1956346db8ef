import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// The board, headless: every counter of a group, a key each, counted in bursts.
struct BoardTests {
  private let defaults = InMemoryUserDefaults()
  private let history = SQLiteHistory.inMemory()
  private let clock = ManualClock(iso: "2026-11-23T10:00:00Z")
  private let app: AppViewModel

  /// "cars", "trucks" and "bikes" in the group "survey", and "water" in none; "cars" on show.
  init() throws {
    AppDefaults.register(in: defaults)
    let recorder = HistoryRecorder(log: history, clock: clock, source: .app)
    app = TestApps.app(
      settings: FakeSettingStorage(showOnboarding: false), defaults: defaults, eventRecorder: recorder, history: history,
      clock: clock)
    for name in ["cars", "trucks", "bikes"] {
      try app.counters.perform(.create(named: name, selecting: false))
      try app.counters.perform(.setGroup("survey", of: #require(app.counters.list.counter(named: name)).id))
    }
    try app.counters.perform(.create(named: "water", selecting: false))
    try app.counters.perform(.select(#require(app.counters.list.counter(named: "cars")).id))
  }

  private func values() -> [String: Int] {
    Dictionary(uniqueKeysWithValues: app.counters.list.counters.map { ($0.name, $0.shown) })
  }

  private func render(_ width: Int = 80, _ height: Int = 24, unicode: Bool = true) -> [String] {
    app.receive(.keys([], width: width, height: height, unicode: unicode))
    return app.frame(width: width, height: height, unicode: unicode).render().lines
  }

  @Test func aBurstOfRowKeysCountsEachKeyOnceAndMinusSubtracts() {
    app.press(.character("B"))
    #expect(app.screen is BoardViewModel)
    app.press(.character("1"), .character("1"), .character("2"), .character("1"), .character("3"))
    app.press(.character("-"), .character("1"))
    #expect(values() == ["Count": 0, "cars": 2, "trucks": 1, "bikes": 1, "water": 0])
  }

  /// The app has one undo: `u` on the board undoes the counter screen's changes too, and `u`
  /// on the counter screen the board's, newest first, each saying what it undid.
  @Test func oneUndoTakesBackTheChangesOfBothScreensInTheOrderMade() {
    app.press(.space)
    app.press(.character("B"), .character("2"), .character("3"))
    #expect(values() == ["Count": 0, "cars": 1, "trucks": 1, "bikes": 1, "water": 0])
    app.press(.character("u"))
    #expect(values()["bikes"] == 0)
    #expect(render()[22] == "Undone: bikes 0 → 1 (now 0)")
    app.press(.character("u"), .character("u"))
    #expect(values() == ["Count": 0, "cars": 0, "trucks": 0, "bikes": 0, "water": 0], "the counter screen's + too")
    #expect(render()[22] == "Undone: cars 0 → 1 (now 0)")
    app.press(.character("u"))
    #expect(render()[22] == "Nothing to undo.")
    app.press(.character("1"), .character("q"))
    #expect(app.screen is CounterViewModel)
    app.press(.control("r"))
    #expect(app.message == "Nothing to redo.", "a new change on the board leaves nothing to redo")
    app.press(.character("u"))
    #expect(values()["cars"] == 0)
    #expect(app.message == "Undone: cars 0 → 1 (now 0)")
    app.press(.control("r"))
    #expect(values()["cars"] == 1)
  }

  @Test func rowsShowKeysValuesSharesTodayAndTheLastDays() {
    app.press(.character("B"), .character("1"), .character("1"), .character("1"), .character("2"))
    let lines = render()
    #expect(lines[0].hasPrefix(" Tally  Board: survey"))
    #expect(lines[2] == "  1  cars                      3   75%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁█")
    #expect(lines[3] == "  2  trucks                    1   25%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁█")
    #expect(lines[4] == "  3  bikes                     0    0%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁▁")
    #expect(lines[21].hasPrefix("     total                     4  100%"))
    #expect(render(unicode: false)[2].hasSuffix("_____________#"))
  }

  /// What another process counts shows on the board as soon as the store says so, and a new
  /// day moves the last 14 days along.
  @Test func theBoardFollowsChangesMadeElsewhereAndANewDay() throws {
    app.press(.character("B"), .character("1"))
    #expect(render()[2].hasSuffix("▁▁▁▁▁▁▁▁▁▁▁▁▁█"))
    let recorder = HistoryRecorder(log: history, clock: clock, source: .command)
    let command = CountersModel(userDefaults: defaults, eventRecorder: recorder)
    try command.perform(.add(2, to: #require(command.list.counter(named: "trucks")).id))
    recorder.flush()
    app.receive(.storeChanged)
    #expect(render()[3] == "  2  trucks                    2   67%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁█")
    clock.advance(by: 86_400)
    #expect(render()[2].hasSuffix("▁▁▁▁▁▁▁▁▁▁▁▁█▁"))
    #expect(render()[3].hasSuffix("▁▁▁▁▁▁▁▁▁▁▁▁█▁"))
  }

  @Test func aGoalShowsItsProgressToday() throws {
    try app.counters.perform(.setGoal(Goal(amount: 4, period: .day), of: #require(app.counters.list.counter(named: "cars")).id))
    app.press(.character("B"), .character("1"), .character("1"))
    #expect(render()[2].contains("█████░░░░░ 2/4"))
    app.press(.character("1"), .character("1"))
    #expect(render()[2].contains("██████████ 4/4 ✓"))
  }

  private func set(_ values: [String: Int]) throws {
    for (name, value) in values {
      try app.counters.perform(.setValue(value, of: #require(app.counters.list.counter(named: name)).id))
    }
  }

  /// The share column of the board's rows 2 to 4 (cars, trucks, bikes).
  private func shares() -> [String] {
    render()[2...4].map { String($0.dropFirst(32).prefix(6)) }
  }

  @Test func sharesAddUpToAHundredByTheLargestRemainders() throws {
    try set(["cars": 1, "trucks": 1, "bikes": 1])
    app.press(.character("B"))
    #expect(shares() == ["   34%", "   33%", "   33%"])
    try set(["cars": 3, "trucks": 1, "bikes": 2])
    #expect(shares() == ["   50%", "   17%", "   33%"])
  }

  @Test func aCounterBelowZeroHasNoShare() throws {
    try set(["cars": -4, "trucks": 2, "bikes": 1])
    app.press(.character("B"))
    #expect(shares() == ["      ", "   67%", "   33%"])
    #expect(render()[21].hasPrefix("     total                    -1  100%"))
    try set(["trucks": -2, "bikes": 0])
    #expect(shares() == ["      ", "      ", "      "])
    #expect(render()[21] == "     total                    -6")
  }

  /// A counter at `Int.max` and another at 1: the board shows them, its total saturates, and
  /// nothing traps (the sparkline scaled a day's change of `Int.max` by 7 and overflowed).
  @Test func theLargestValuesShowAndTheTotalSaturates() throws {
    try set(["cars": Int.max, "trucks": 1, "bikes": -Int.max])
    app.press(.character("B"))
    let lines = render()
    #expect(lines[2].hasPrefix("  1  cars              9223372036854775807  100%"))
    #expect(lines[3].hasSuffix("▁▁▁▁▁▁▁▁▁▁▁▁▁█"), "today's change of 1 next to one of Int.max")
    #expect(lines[3].hasPrefix("  2  trucks                    1    0%"))
    #expect(lines[4].hasPrefix("  3  bikes             -9223372036854775807      "))
    // Summed wide, then clamped: Int.max + 1 - Int.max is 1, whatever the order.
    #expect(lines[21].hasPrefix("     total                     1  100%"))
  }

  /// Down 5, a reset and 3 more, by commands: the counter screen, the board and `H` say the
  /// same progress as `stats`, 3 of 8 today, and no bar shows less than empty.
  @Test func progressIsOneNumberOnEveryScreen() throws {
    let recorder = HistoryRecorder(log: history, clock: clock, source: .command)
    let command = CountersModel(userDefaults: defaults, eventRecorder: recorder)
    let cars = try #require(command.list.counter(named: "cars")).id
    try command.perform(.setGoal(Goal(amount: 8, period: .day), of: cars))
    for edit in [CounterEdit.add(-5, to: cars), .setValue(0, of: cars), .add(3, to: cars)] {
      try command.perform(edit)
      recorder.flush()
    }
    app.receive(.storeChanged)
    let stats = GoalSummary.of(
      try #require(command.list.counter(named: "cars")), history: history, now: clock.now(),
      calendar: GoalCalendar(clock: clock))
    #expect(stats?.progressText == "3 of 8 today")
    #expect(render().contains { $0.contains("3 of 8 today  ███░░░░░░░") })
    app.press(.character("B"))
    #expect(render()[2].contains("███░░░░░░░ 3/8"))
    app.press(.character("q"), .character("H"))
    // The Days view, a Tab or more away, says the goal's progress.
    var lines = render()
    for _ in 0..<4 where !lines.contains(where: { $0.hasPrefix(" Goal 8/day: ") && $0.contains(" of 8 today") }) {
      app.press(.tab)
      lines = render()
    }
    #expect(lines.contains { $0.hasPrefix(" Goal 8/day: 3 of 8 today") }, "\(lines)")
  }

  @Test func uUndoesTheBoardsLastChangeWhicheverCounterItWas() {
    app.press(.character("B"), .character("1"), .character("2"), .character("3"))
    app.press(.character("u"))
    #expect(values()["bikes"] == 0)
    app.press(.character("u"))
    #expect(values()["trucks"] == 0 && values()["cars"] == 1)
  }

  @Test func enterOpensTheChosenCounterAndQGoesBack() {
    app.press(.character("B"), .down, .enter)
    #expect(app.screen is CounterViewModel)
    #expect(app.current.name == "trucks")
    app.press(.character("B"), .character("q"))
    #expect(app.screen is CounterViewModel)
  }

  @Test func bracketsMoveBetweenGroupsAndACounterInNoneShowsEveryCounter() throws {
    app.press(.character("B"), .character("]"))
    #expect(render()[0].contains("Board: No group"))
    app.press(.character("1"))
    #expect(values()["Count"] == 1)
    app.press(.character("q"))
    try app.counters.perform(.select(#require(app.counters.list.counter(named: "water")).id))
    app.press(.character("B"))
    #expect(render()[0].contains("Board: every counter"))
    #expect(render()[6].contains("5  water"))
  }

  @Test func manyCountersScrollToTheChosenOneAndSaySo() throws {
    for index in 1...30 { try app.counters.perform(.create(named: "c\(index)", selecting: false)) }
    try app.counters.perform(.select(#require(app.counters.list.counter(named: "water")).id))
    app.press(.character("B"))
    var lines = render()
    #expect(lines[2].contains("1  Count") && lines[20].contains("i  c14"))
    #expect(lines[22] == "35 counters: Up/Down to see them all")
    for _ in 0..<24 { app.press(.down) }
    lines = render()
    #expect(lines[20].contains("o  c20"), "the chosen row stays in sight")
    app.press(.character("o"))
    #expect(values()["c20"] == 1)
  }

  /// Narrower than 80 columns the board is a list of each row's key, name and value, down to
  /// 20x6; a name is cut to the room left, never the value.
  @Test func narrowerThanEightyTheBoardIsAListOfKeysNamesAndValues() throws {
    try set(["cars": 2, "trucks": 1_234_567])
    try app.counters.perform(
      .rename(#require(app.counters.list.counter(named: "bikes")).id, to: "bicycles and tricycles in town"))
    app.press(.character("B"))
    #expect(
      render(40, 12) == [
        " Tally  Board: survey",
        "key  name                         value",
        "  1  cars                             2",
        "  2  trucks                     1234567",
        "  3  bicycles and tricycles i…        0",
        "", "", "", "",
        "     total                      1234569",
        "",
        " 1-9 a-z add  ? keys   q back",
      ])
    let lines = render(60, 15)
    #expect(lines[4] == "  3  bicycles and tricycles in town                       0")
    #expect(lines[12] == "     total                                          1234569")
    #expect(
      render(20, 6) == [
        " Tally  Board: surve", "key  name     value", "  1  cars         2", "     total  1234569", "3 counters: Up/Down…",
        " 1-9 a-z add  q back",
      ])
  }

  /// A row's key counts only a counter the board draws: one scrolled out of sight, or below
  /// the last row shown, does nothing and says nothing.
  @Test(arguments: [(40, 12, 7), (60, 15, 10), (80, 24, 19)])
  func aRowKeyOfACounterNotDrawnCountsNothing(width: Int, height: Int, rows: Int) throws {
    for index in 1...30 { try app.counters.perform(.create(named: "c\(index)", selecting: false)) }
    try app.counters.perform(.select(#require(app.counters.list.counter(named: "water")).id))
    app.press(.character("B"))
    let before = values()
    _ = render(width, height)
    app.press(.character(BoardViewModel().rowKeys[rows]))
    #expect(values() == before)
    #expect(render(width, height)[height - 2] == "35 counters: Up/Down to see them all")
    app.press(.character(BoardViewModel().rowKeys[rows - 1]))
    #expect(values()["c\(rows - 5)"] == 1)
    #expect(render(width, height)[2 + rows - 1].contains("c\(rows - 5)"))
  }

  /// Below the board's smallest size the terminal only says so, and no key counts.
  @Test func belowTwentyBySixItSaysWhatSizeItNeedsAndNoKeyCounts() {
    app.press(.character("B"))
    #expect(render(19, 6).joined().contains("need 20x6"))
    app.press(.character("1"), .character("-"), .character("2"))
    #expect(values()["cars"] == 0 && values()["trucks"] == 0)
    _ = render(20, 6)
    app.press(.character("1"))
    #expect(values()["cars"] == 1)
  }

  @Test func aGroupsAlertRingsOnTheBoardAndNothingIsRefused() throws {
    for counter in app.counters.list.counters(inGroup: "survey") {
      var rules = counter.rules
      rules.groupAlert = GroupAlert(group: "survey", alert: CounterAlert(at: 3))
      try app.counters.perform(.setRules(rules, of: counter.id))
    }
    app.press(.character("B"), .character("1"), .character("2"))
    #expect(app.notice == nil)
    let answer = app.take(.keys([.character("3")], width: 80, height: 24, unicode: true))
    #expect(app.notice == "survey reached 3")
    #expect(answer.alerts, "the run loop rings")
    app.press(.character("3"))
    #expect(values()["bikes"] == 2)
  }
}
