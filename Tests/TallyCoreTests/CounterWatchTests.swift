import FoundationEssentials
import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallySettings
import TallyTestSupport
import Testing

/// `tally get --format`'s templates.
struct CounterTemplateTests {
  let now = at("2026-11-23T14:30:00Z")
  let calendar = GoalCalendar(utcOffset: { _ in 0 }, zone: "UTC")

  private func render(_ text: String, _ counter: Counter, history: HistoryLog? = nil) throws -> String {
    try CounterTemplate(text).render(counter, history: history, now: now, calendar: calendar)
  }

  @Test func everyFieldOfACounterWithAGoalAndAGroup() throws {
    let history = SQLiteHistory.inMemory(entries: [
      HistoryEntry(time: at("2026-11-22T09:00:00Z"), event: .changed, counter: "w", name: "water", old: 0, new: 8, source: .app),
      HistoryEntry(time: at("2026-11-23T14:28:00Z"), event: .changed, counter: "w", name: "water", old: 8, new: 11, source: .app),
    ])
    let water = Counter(id: "w", name: "water", step: 2, value: 11, goal: Goal(amount: 8, period: .day), group: "Health")
    #expect(
      try render("{name}={value} step {step} goal {goal}: {progress}, streak {streak} [{group}] {last}", water, history: history)
        == "water=11 step 2 goal 8/day: 3 of 8 today, streak 1 [Health] 2 min ago")
  }

  @Test func fieldsACounterDoesNotHaveAreEmptyAndBracesAreDoubled() throws {
    let bare = Counter(id: "b", name: "bare\u{1B}[2J", value: -4)
    #expect(
      try render("{{{name}}} {value}|{goal}|{progress}|{streak}|{group}|{last}|", bare, history: SQLiteHistory.inMemory())
        == "{bare\\u{1B}[2J} -4||||||")
    // A total goal has progress but no streak.
    let book = Counter(id: "k", name: "book", value: 120, goal: Goal(amount: 300, period: .total))
    #expect(try render("{progress}|{streak}", book, history: SQLiteHistory.inMemory()) == "120 of 300 in total|")
  }

  @Test func onlyTheHistoryFieldsNeedTheHistory() throws {
    #expect(try !CounterTemplate("{name} {value} {step} {goal} {group}").needsHistory)
    for field in ["progress", "streak", "last"] { #expect(try CounterTemplate("{\(field)}").needsHistory) }
  }

  @Test(arguments: [
    ("{nope}", "{nope} is not a field; the fields are {name}, {value}, {step}, {goal}, {progress}, {streak}, {group}, {last}"),
    ("{Name}", "{Name} is not a field"),
    ("{}", "{} is not a field"),
    ("{name", "a { with no } after it at character 1"),
    ("a {na{me}", "a { with no } after it at character 3"),
    ("a}b", "a } with no { before it at character 2"),
    ("{na\u{1B}me}", "{na\\u{1B}me} is not a field"),
  ])
  func aBadTemplateNamesItsMistake(text: String, message: String) {
    #expect {
      try CounterTemplate(text)
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }
}

/// `tally watch`'s loop, on a real store in a temporary directory and a simulated clock.
struct CounterWatchTests {
  let directory: TemporaryDirectory
  let store: FileUserDefaults
  let model: CountersModel
  let clock = ManualClock(iso: "2026-11-23T22:00:00Z")

  init() throws {
    directory = try TemporaryDirectory()
    store = try FileUserDefaults(directory: directory.path)
    AppDefaults.register(in: store)
    model = CountersModel(userDefaults: store, eventRecorder: EventRecorderSpy())
  }

  private func watch(line: @escaping (CounterList, Date) -> String = { list, _ in String(list.current.value) })
    -> CounterWatch
  {
    CounterWatch(
      store: store, model: model, sync: nil, history: SQLiteHistory.inMemory(), clock: clock,
      calendar: { GoalCalendar(utcOffset: { _ in 0 }) }, line: line)
  }

  /// Another process's change: a second store on the same file.
  private func otherProcessAdds(_ amount: Int) throws {
    let other = try FileUserDefaults(directory: directory.path)
    AppDefaults.register(in: other)
    try CountersModel(userDefaults: other, eventRecorder: EventRecorderSpy()).perform(.add(amount, to: "count"))
  }

  @Test func aLineAtStartAndOneForEachChangeByAnotherProcessAndNoneOtherwise() throws {
    var printed: [String] = []
    var wakes = 0
    watch().run(
      wait: { descriptors, timeout in
        wakes += 1
        switch wakes {
        case 1:
          // Another process counts: the store's watch wakes the loop.
          try? otherProcessAdds(3)
          return descriptors.first.map { .descriptor($0) } ?? .stop
        case 2:
          // The store's watch wakes the loop, but nothing it shows changed.
          return descriptors.first.map { .descriptor($0) } ?? .stop
        case 3:
          try? otherProcessAdds(-1)
          return descriptors.first.map { .descriptor($0) } ?? .stop
        default: return .stop
        }
      },
      print: {
        printed.append($0)
        return true
      })
    #expect(printed == ["0", "3", "2"])
  }

  /// The store is watched before the first line is read: a change that lands while that
  /// line is made and printed wakes the loop and gets a line of its own.
  @Test func aChangeWhileTheFirstLineIsPrintedGetsItsLine() throws {
    var printed: [String] = []
    var waits = 0
    watch().run(
      wait: { descriptors, _ in
        waits += 1
        return waits == 1 ? descriptors.first.map { .descriptor($0) } ?? .stop : .stop
      },
      print: {
        printed.append($0)
        if printed.count == 1 { try? otherProcessAdds(5) }
        return true
      })
    #expect(printed == ["0", "5"])
  }

  /// A change made after the command read the store, before its watch began, is in the
  /// first line.
  @Test func aChangeBeforeTheWatchBeganIsInTheFirstLine() throws {
    try otherProcessAdds(2)
    var printed: [String] = []
    watch().run(
      wait: { _, _ in .stop },
      print: {
        printed.append($0)
        return true
      })
    #expect(printed == ["2"])
  }

  @Test func aDayIsWatchedRoundTheClockAndANewDayGetsItsLine() {
    var printed: [(String, Date)] = []
    var timeouts: [Double?] = []
    watch().run(
      wait: { _, timeout in
        timeouts.append(timeout)
        // Twenty-six hours of nothing at all, but the clock.
        guard let timeout, clock.now() < at("2026-11-25T00:00:00Z") else { return .stop }
        clock.advance(by: timeout)
        return .timeout
      },
      print: {
        printed.append(($0, clock.now()))
        return true
      })
    // The start, then midnight and the next midnight: nothing between, however long.
    #expect(printed.map(\.1) == [at("2026-11-23T22:00:00Z"), at("2026-11-24T00:00:00Z"), at("2026-11-25T00:00:00Z")])
    #expect(printed.map(\.0) == ["0", "0", "0"])
    // It slept until the next day each time: no polling.
    #expect(timeouts.prefix(2) == [7200, 86_400])
  }

  @Test func itEndsWhenTheReaderIsGone() throws {
    var prints = 0
    var waits = 0
    watch().run(
      wait: { descriptors, _ in
        waits += 1
        try? otherProcessAdds(1)
        return descriptors.first.map { .descriptor($0) } ?? .stop
      },
      print: { _ in
        prints += 1
        return prints < 2
      })
    #expect(prints == 2)
    #expect(waits == 1)
  }
}
