import FoundationEssentials
import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// The counter screen's line under the value: what last changed the counter, and when.
struct LastChangeLineTests {
  private let utc = GoalCalendar(utcOffset: { _ in 0 })

  private func change(
    _ time: String, old: Int = 4, new: Int = 5, machine: String? = nil, action: HistoryEntry.Action? = nil
  ) -> HistoryEntry {
    var entry = HistoryEntry(
      time: at(time), event: .changed, counter: "count", name: "Count", old: old, new: new, source: .app, action: action)
    entry.machine = machine
    return entry
  }

  @Test(arguments: [
    ("2026-11-23T18:29:45Z", "+1  just now", 45.0),
    ("2026-11-23T18:27:30Z", "+1  2 min ago", 30),
    ("2026-11-23T15:00:00Z", "+1  3 h ago", 1800),
    ("2026-11-22T18:30:00Z", "+1  yesterday 18:30", 19_800),
    ("2026-03-12T08:05:00Z", "+1  12 Mar 08:05", 19_800),
    ("2025-12-31T23:59:00Z", "+1  31 Dec 2025 23:59", 19_800),
  ])
  func theAgeIsInWordsAndTheLineSaysWhenItNextChanges(time: String, text: String, changesIn: Double) {
    let line = LastChangeLine.describe(change(time), now: at("2026-11-23T18:30:00Z"), calendar: utc)
    #expect(line.text == text)
    #expect(line.changesIn == changesIn)
  }

  @Test func aResetADecreaseAndAnotherMachinesChangeSaySo() {
    let now = at("2026-11-23T18:30:00Z")
    #expect(
      LastChangeLine.describe(change("2026-11-23T18:30:00Z", old: 7, new: 0, action: .reset), now: now, calendar: utc).text
        == "reset  just now")
    // A label says what the user did, not what the value became: a subtraction to 0 is one.
    #expect(
      LastChangeLine.describe(change("2026-11-23T18:30:00Z", old: 1, new: 0, action: .subtract), now: now, calendar: utc).text
        == "-1  just now")
    #expect(
      LastChangeLine.describe(change("2026-11-23T18:30:00Z", old: 7, new: 0), now: now, calendar: utc).text == "-7  just now",
      "a change from before labels were kept")
    #expect(
      LastChangeLine.describe(change("2026-11-23T18:30:00Z", old: 5, new: 2), now: now, calendar: utc).text == "-3  just now")
    #expect(
      LastChangeLine.describe(change("2026-11-23T18:30:00Z", new: 7, machine: "laptop"), now: now, calendar: utc).text
        == "+3 on laptop  just now")
    // A machine's name comes from the sync folder: escaped before it reaches the terminal.
    #expect(
      LastChangeLine.describe(change("2026-11-23T18:30:00Z", machine: "lap\u{1B}]0;x"), now: now, calendar: utc).text
        == "+1 on lap\\u{1B}]0;x  just now")
  }

  @Test func yesterdayEndsWhenTheDayStarts() {
    let now = at("2026-11-23T02:00:00Z")
    let late = change("2026-11-22T23:00:00Z")
    #expect(LastChangeLine.describe(late, now: now, calendar: utc).text == "+1  yesterday 23:00")
    let fromFour = GoalCalendar(utcOffset: { _ in 0 }, dayStartsAtHour: 4)
    #expect(LastChangeLine.describe(late, now: now, calendar: fromFour).text == "+1  3 h ago")
  }

  private func render(goal: Goal? = nil, width: Int = 80, height: Int = 24) -> Canvas {
    let counters = CounterList(counters: [Counter(id: "count", name: "Count", value: 5, goal: goal)], currentID: "count")
    var canvas = Canvas(width: width, height: height)
    CounterView(model: CounterViewModel(), counters: counters, lastChange: "+1  2 min ago").render(into: &canvas)
    return canvas
  }

  @Test func theLineSitsUnderTheButtonsAsAHint() throws {
    let canvas = render()
    let row = try #require(canvas.lines.firstIndex { $0.contains("+1  2 min ago") })
    #expect(canvas.lines[row - 1].contains("[ - ]   [ + ]"))
    let column = try #require((0..<canvas.width).first { canvas.character(column: $0, row: row) == "+" })
    #expect(canvas.style(column: column, row: row) == .hint)
  }

  @Test func onTheSmallestScreenTheLineGivesWay() {
    let counters = CounterList(counters: [Counter(id: "count", name: "Count", value: 5)], currentID: "count")
    let smallest = CounterLayout.minimumSize(for: counters)
    let canvas = render(width: smallest.width, height: smallest.height)
    #expect(!canvas.lines.contains { $0.contains("ago") })
    #expect(canvas.lines.contains { $0.contains("Count: 5") })
  }

  /// `-` from 1 to 0, `r`, `=` and `u` in the app: the line says what each did, from what the
  /// user did (a `-` to 0 read `reset`).
  @Test func theLineSaysWhatTheUserDid() throws {
    let directory = try TemporaryDirectory()
    let store = try FileUserDefaults(directory: directory.path)
    Environment.prepare(store, argumentDomain: [:])
    let dependencies = Environment(
      store: store, settings: Settings(store: store, environment: [:]), history: SQLiteHistory.inMemory(),
      clock: ManualClock(iso: "2026-11-23T10:00:00Z"))
    let bursts: [[Key]] = [
      [.space], [.character("-")], [.space, .space], [.character("r"), .character("y")],
      [.character("=")] + "42".map { .character($0) } + [.enter], [.character("u")],
    ]
    let terminal = InMemoryTerminal(width: 80, height: 24, script: bursts.map { .keys($0) } + [.keys([.character("q")])])
    _ = AppRunLoop(terminal: terminal, environment: dependencies).run {
      TestApps.app(
        settings: FakeSettingStorage(showOnboarding: false), defaults: store, eventRecorder: dependencies.recorder,
        history: dependencies.history, clock: dependencies.clock, showsLastChange: true)
    }
    let lines = terminal.frames.map { frame in
      frame.lines.first { $0.hasSuffix("  just now") }.map { String($0.drop { $0 == " " }) }
    }
    #expect(
      lines.suffix(6) == ["+1  just now", "-1  just now", "+2  just now", "reset  just now", "set 42  just now", "-42  just now"])
  }

  @Test func theRunLoopWakesToDrawTheLineAgainWithinAMinute() throws {
    let directory = try TemporaryDirectory()
    let store = try FileUserDefaults(directory: directory.path)
    Environment.prepare(store, argumentDomain: [:])
    let dependencies = Environment(
      store: store, settings: Settings(store: store, environment: [:]), history: SQLiteHistory.inMemory(),
      clock: ManualClock(iso: "2026-11-23T10:00:00Z"))
    let terminal = InMemoryTerminal(width: 80, height: 24, script: [.keys([.space]), .keys([.character("q")])])
    _ = AppRunLoop(terminal: terminal, environment: dependencies).run {
      TestApps.app(
        settings: FakeSettingStorage(showOnboarding: false), defaults: store, eventRecorder: dependencies.recorder,
        history: dependencies.history, clock: dependencies.clock, showsLastChange: true)
    }
    try #require(terminal.frames.count >= 2)
    #expect(!terminal.frames[0].lines.contains { $0.contains("just now") })
    #expect(terminal.frames[1].lines.contains { $0.hasSuffix(" +1  just now") })
    // Before any change only the next day wakes it; after the press, the minute does.
    #expect(terminal.timeouts[0].map { $0 > 60 } == true, "\(terminal.timeouts)")
    #expect(terminal.timeouts[1] == 60, "\(terminal.timeouts)")
  }
}
