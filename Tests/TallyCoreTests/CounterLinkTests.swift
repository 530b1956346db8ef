import PropertyBased
import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// Linked counters that carry, and bounds a change stays within.
struct CounterLinkTests {
  private let defaults = InMemoryUserDefaults()
  private let model: CountersModel

  init() {
    AppDefaults.register(in: defaults)
    model = CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy())
  }

  /// Makes counters `names` and returns their ids.
  private func make(_ names: String...) throws -> [String] {
    try names.map { name in
      try model.perform(.create(named: name, selecting: false))
      return try #require(model.list.counter(named: name)).id
    }
  }

  private func link(_ from: String, to: String, every: Int) throws {
    try model.perform(.setRules(CounterRules(link: CounterLink(to: to, every: every)), of: from))
  }

  private func shown(_ name: String) -> Int? { model.list.counter(named: name)?.shown }

  @Test func aLinkedCounterWrapsAndCarriesUpAndBack() throws {
    let ids = try make("rows", "repeats")
    try link(ids[0], to: ids[1], every: 12)
    try model.perform(.add(25, to: ids[0]))
    #expect(shown("rows") == 1)
    #expect(shown("repeats") == 2)
    try model.perform(.add(-2, to: ids[0]))
    #expect(shown("rows") == 11)
    #expect(shown("repeats") == 1)
    // The carries are worked out, never stored: each counter keeps its own changes.
    #expect(model.list.counters.map(\.value) == [0, 23, 0])
    #expect(model.list.counter(named: "repeats")?.carried == 1)
  }

  @Test func chainsCarryOnAndLoopsAreRefused() throws {
    let ids = try make("rows", "repeats", "pattern")
    try link(ids[0], to: ids[1], every: 12)
    try link(ids[1], to: ids[2], every: 4)
    try model.perform(.add(12 * 9 + 5, to: ids[0]))
    #expect([shown("rows"), shown("repeats"), shown("pattern")] == [5, 1, 2])
    #expect {
      try link(ids[2], to: ids[0], every: 2)
    } throws: { error in
      "\(error)".contains("loop")
    }
    #expect(throws: CounterError.self) { try link(ids[0], to: ids[0], every: 2) }
    #expect(throws: CounterError.self) { try link(ids[2], to: ids[1], every: 1) }
    #expect(model.list.counter(named: "pattern")?.rules.link == nil)
  }

  @Test func aLoopThatAMergeMadeCarriesNothingAndShowsEveryCount() {
    var a = Counter(id: "a", name: "a", value: 30, rules: CounterRules(link: CounterLink(to: "b", every: 12)))
    var b = Counter(id: "b", name: "b", value: 5, rules: CounterRules(link: CounterLink(to: "a", every: 2)))
    let c = Counter(id: "c", name: "c", value: 7, rules: CounterRules(link: CounterLink(to: "a", every: 3)))
    let list = CounterList(counters: [a, b, c], currentID: "a")
    (a, b) = (list.counters[0], list.counters[1])
    #expect(!a.carries && !b.carries)
    #expect([a.shown, b.shown] == [32, 5], "a takes c's carry of 2; nothing goes round the loop")
    #expect(list.counters[2].shown == 1)
  }

  @Test func settingALinkedCounterSetsItsCountWithinAndKeepsTheCarries() throws {
    let ids = try make("rows", "repeats")
    try link(ids[0], to: ids[1], every: 12)
    try model.perform(.add(30, to: ids[0]))
    try model.perform(.setValue(0, of: ids[0]))
    #expect(shown("rows") == 0)
    #expect(shown("repeats") == 2)
    try model.perform(.setValue(0, of: ids[1]))
    #expect(shown("repeats") == 0)
  }

  /// What links carry comes from other machines' files too, and can be anything: a total
  /// past either end of `Int` stays at that end, never wrapping to the other.
  @Test func aTotalPastEitherEndOfIntStaysAtThatEnd() {
    var high = Counter(id: "a", name: "a", value: Int.max)
    high.carried = 1
    #expect(high.total == Int.max)
    var low = Counter(id: "b", name: "b", value: Int.min)
    low.carried = -1
    #expect(low.total == Int.min)
  }

  @Test func aChangePastABoundIsRefusedAndChangesNothing() throws {
    let ids = try make("seats")
    try model.perform(.setRules(CounterRules(minimum: 0, maximum: 3), of: ids[0]))
    try model.perform(.add(3, to: ids[0]))
    #expect(throws: CounterError.pastBound(name: "seats", value: 4, bound: "max 3")) {
      try model.perform(.add(1, to: ids[0]))
    }
    #expect(throws: CounterError.pastBound(name: "seats", value: -1, bound: "min 0")) {
      try model.perform(.setValue(-1, of: ids[0]))
    }
    #expect(shown("seats") == 3)
    #expect(defaults.domains.persistent[ids[0]] == .integer(3))
  }

  @Test func aPressWhoseCarryTakesTheOtherPastItsBoundIsRefused() throws {
    let ids = try make("rows", "repeats")
    try link(ids[0], to: ids[1], every: 12)
    try model.perform(.setRules(CounterRules(maximum: 1), of: ids[1]))
    try model.perform(.add(23, to: ids[0]))
    #expect(throws: CounterError.pastBound(name: "repeats", value: 2, bound: "max 1")) {
      try model.perform(.add(1, to: ids[0]))
    }
    #expect([shown("rows"), shown("repeats")] == [11, 1])
  }

  @Test func boundsTheValueIsOutsideOfOrThatCrossAreRefused() throws {
    let ids = try make("seats")
    try model.perform(.add(5, to: ids[0]))
    #expect(throws: CounterError.self) { try model.perform(.setRules(CounterRules(maximum: 4), of: ids[0])) }
    #expect(throws: CounterError.self) { try model.perform(.setRules(CounterRules(minimum: 6, maximum: 2), of: ids[0])) }
    #expect(model.list.counter(named: "seats")?.rules == CounterRules())
  }

  @Test func aCounterAMergeTookPastItsBoundIsMarkedAndCanComeBack() throws {
    let ids = try make("seats")
    try model.perform(.setRules(CounterRules(maximum: 3), of: ids[0]))
    defaults.set(5, forKey: ids[0])
    model.reload()
    let seats = try #require(model.list.counter(named: "seats"))
    #expect(seats.isPastBound)
    #expect(model.list.valueText(of: seats) == "5 (past max 3)")
    try model.perform(.add(-1, to: ids[0]))
    #expect(shown("seats") == 4)
  }

  @Test func theCounterScreenShowsBothAndUUndoesThePressWithItsCarry() throws {
    let app = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    let ids = try ["rows", "repeats"].map { name in
      try app.counters.perform(.create(named: name, selecting: false))
      return try #require(app.counters.list.counter(named: name)).id
    }
    try app.counters.perform(.setRules(CounterRules(link: CounterLink(to: ids[1], every: 3)), of: ids[0]))
    try app.counters.perform(.select(ids[0]))
    app.press(.space, .space, .space, .space)
    var canvas = Canvas(width: 80, height: 24)
    app.render(into: &canvas)
    #expect(canvas.lines.contains { $0.contains("rows: 1 of 3 · repeats 1") })
    app.press(.character("u"), .character("u"))
    #expect(app.counters.list.counter(named: "rows")?.shown == 2)
    #expect(app.counters.list.counter(named: "repeats")?.shown == 0)
  }

  @Test func alertsRingOnTheWayUpOnlyAndAgainAfterGoingBackUnder() {
    let once = CounterAlert(at: 100)
    #expect(once.rings(from: 99, to: 100))
    #expect(once.rings(from: 90, to: 130), "a jump past it counts")
    #expect(!once.rings(from: 100, to: 101))
    #expect(!once.rings(from: 101, to: 99))
    #expect(once.rings(from: 99, to: 100), "back under and up again rings again")
    let every = CounterAlert(at: 10, repeating: true)
    #expect(every.rings(from: 9, to: 10) && every.rings(from: 19, to: 21))
    #expect(!every.rings(from: 10, to: 19) && !every.rings(from: 21, to: 19))
    #expect(CounterAlert(text: "every 10") == every)
    #expect(CounterAlert(text: "100") == once)
    #expect(CounterAlert(text: "every 0") == nil && CounterAlert(text: "soon") == nil)
  }

  @Test(arguments: Backup.Format.allCases)
  func linksBoundsAndAlertsSurviveExportAndImport(format: Backup.Format) throws {
    let ids = try make("rows", "repeats")
    try link(ids[0], to: ids[1], every: 12)
    try model.perform(.setGroup("lab", of: ids[1]))
    let groupAlert = GroupAlert(group: "lab", alert: CounterAlert(at: 100))
    try model.perform(
      .setRules(
        CounterRules(minimum: -2, maximum: 40, alert: CounterAlert(at: 5, repeating: true), groupAlert: groupAlert), of: ids[1]))
    let backup = Backup(list: model.list, history: HistoryReading(entries: []))
    let bytes = format == .json ? BackupJSON.encode(backup) : BackupCSV.encode(backup)
    let read = try Backup.decode(bytes)
    #expect(read.counters.map(\.rules) == backup.counters.map(\.rules))
    #expect(read.counters[1].rules.link == CounterLink(to: "repeats", every: 12), "a backup links by name")

    let other = InMemoryUserDefaults()
    AppDefaults.register(in: other)
    let imported = CountersModel(userDefaults: other, eventRecorder: EventRecorderSpy())
    _ = try BackupImport(store: nil, model: imported, history: SQLiteHistory.inMemory()).apply(read, replacing: true)
    let rows = try #require(imported.list.counter(named: "rows"))
    let repeats = try #require(imported.list.counter(named: "repeats"))
    #expect(rows.rules.link == CounterLink(to: repeats.id, every: 12))
    #expect(
      repeats.rules
        == CounterRules(minimum: -2, maximum: 40, alert: CounterAlert(at: 5, repeating: true), groupAlert: groupAlert))
  }

  /// `rm b; new c`: c is a new counter, never b's id again, so neither the link to b nor b's
  /// history (kept under its id) reaches c; also once b was the newest counter, in a new process.
  @Test func aNewCounterNeverTakesTheIdOfADeletedOneNorTheLinksToIt() throws {
    let ids = try make("rows", "b")
    try link(ids[0], to: ids[1], every: 3)
    try model.perform(.add(5, to: ids[1]))
    try model.perform(.delete(ids[1]))
    let reopened = CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy())
    try reopened.perform(.create(named: "c", selecting: false))
    let c = try #require(reopened.list.counter(named: "c"))
    #expect(c.id != ids[1])
    #expect(c.value == 0)
    try reopened.perform(.add(7, to: ids[0]))
    #expect(reopened.list.counter(named: "rows")?.shown == 7, "a link to a deleted counter carries nothing")
    #expect(reopened.list.counter(named: "c")?.carried == 0)
  }

  /// A counter whose link goes to a deleted counter still takes an alert and bounds, and its
  /// link can be cleared or changed.
  @Test func aLinkToADeletedCounterLeavesTheOtherRulesFree() throws {
    let ids = try make("rows", "repeats", "pattern")
    try link(ids[0], to: ids[1], every: 12)
    try model.perform(.delete(ids[1]))
    var rules = try #require(model.list.counter(named: "rows")).rules
    rules.alert = CounterAlert(at: 10)
    try model.perform(.setRules(rules, of: ids[0]))
    rules.maximum = 100
    try model.perform(.setRules(rules, of: ids[0]))
    #expect(model.list.counter(named: "rows")?.rules == rules)
    #expect {
      try link(ids[0], to: ids[1], every: 6)
    } throws: { error in
      "\(error)" == "the counter to link to was deleted"
    }
    try link(ids[0], to: ids[2], every: 4)
    #expect(model.list.counter(named: "rows")?.rules.link == CounterLink(to: ids[2], every: 4))
    try model.perform(.setRules(CounterRules(), of: ids[0]))
    #expect(model.list.counter(named: "rows")?.rules == CounterRules())
  }

  /// What each counter shows is a function of the values and links alone, whatever the order
  /// of the list: two machines with the same merged state show the same.
  @Test func whatCountersShowDoesNotDependOnTheirOrder() async {
    let counters = Gen.int(in: 0...10_000).array(of: 1...8).map { seeds in
      seeds.enumerated().map { index, seed in
        let link = seed % 3 == 0 ? nil : CounterLink(to: "c\(seed % seeds.count)", every: 2 + seed % 5)
        return Counter(id: "c\(index)", name: "c\(index)", value: seed % 50 - 10, rules: CounterRules(link: link))
      }
    }
    await propertyCheck(count: 200, input: counters) { counters in
      let forward = CounterList(counters: counters, currentID: "c0").counters
      let backward = CounterList(counters: counters.reversed(), currentID: "c0").counters.reversed()
      #expect(forward.map(\.shown) == backward.map(\.shown))
      #expect(forward.map(\.carried) == backward.map(\.carried))
    }
  }
}
