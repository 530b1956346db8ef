import TallyCore
import TallyTestSupport
import Testing

struct CounterStoreTests {
  private let defaults = InMemoryUserDefaults()
  private let analytics = AnalyticsSpy()
  private var store: CounterStore { CounterStore(userDefaults: defaults, analytics: analytics) }

  init() {
    AppDefaults.register(in: defaults)
  }

  @Test func aStoreWrittenByTally01OpensWithItsCountIntact() throws {
    let directory = try TemporaryDirectory()
    let old = try FileUserDefaults(directory: directory.path)
    old.set(12, forKey: "count")
    old.set(true, forKey: "hasOnboardingBeenShown")

    let reopened = try FileUserDefaults(directory: directory.path)
    AppDefaults.register(in: reopened)
    let counters = CounterStore(userDefaults: reopened, analytics: analytics)

    #expect(counters.counters == [Counter(id: "count", name: "Count", step: 1, value: 12)])
    #expect(counters.current.value == 12)
  }

  @Test func newCountersGetTheirOwnKeysAndStartAt0() throws {
    let laps = try store.create(named: "laps")
    let reps = try store.create(named: "reps")
    #expect(laps.id == "count-2")
    #expect(reps.id == "count-3")
    try store.add(5, to: laps.id)
    #expect(store.counters.map(\.name) == ["Count", "laps", "reps"])
    #expect(store.counters.map(\.value) == [0, 5, 0])
    #expect(defaults.domains.persistent["count-2"] == .integer(5))
  }

  @Test(arguments: ["Laps", "LAPS", "  laps  "])
  func namesAreUniqueIgnoringCaseAndSpaces(name: String) throws {
    try store.create(named: "laps")
    #expect(throws: CounterError.duplicateName(name.trimmingCharacters())) { try store.create(named: name) }
  }

  @Test(arguments: [
    ("", "cannot be empty"), ("   ", "cannot be empty"), (String(repeating: "x", count: 33), "at most 32"),
    ("tab\there", "control characters"), ("new\nline", "control characters"),
  ])
  func badNamesAreRefusedWithAReason(name: String, reason: String) {
    #expect {
      try store.create(named: name)
    } throws: { error in
      "\(error)".contains(reason)
    }
    #expect(store.counters.count == 1)
  }

  @Test(arguments: ["☕ coffee", "漢字カウンター", "👨‍👩‍👧 family", String(repeating: "é", count: 32)])
  func unicodeNamesAreFine(name: String) throws {
    let counter = try store.create(named: name)
    #expect(store.counter(named: name)?.id == counter.id)
  }

  @Test func renamingKeepsTheValueAndChecksUniqueness() throws {
    let laps = try store.create(named: "laps")
    try store.add(3, to: laps.id)
    try store.rename(laps.id, to: "swims")
    #expect(store.counter(named: "swims")?.value == 3)
    #expect(throws: CounterError.duplicateName("count")) { try store.rename(laps.id, to: "count") }
    try store.rename(laps.id, to: "SWIMS")  // its own name in another case is fine
    #expect(throws: CounterError.unknownCounter("nope")) { try store.rename("nope", to: "x") }
  }

  @Test func theLastCounterCannotBeDeleted() {
    #expect(throws: CounterError.lastCounter) { try store.delete("count") }
    #expect(store.counters.count == 1)
  }

  @Test func deletingTheCurrentCounterMovesToANeighbourAndRemovesItsValue() throws {
    let laps = try store.create(named: "laps")
    let reps = try store.create(named: "reps")
    try store.add(4, to: reps.id)
    store.select(reps.id)

    let (deleted, index) = try store.delete(reps.id)

    #expect(deleted.value == 4)
    #expect(index == 2)
    #expect(store.currentID == laps.id)
    #expect(defaults.domains.persistent[reps.id] == nil)

    let restored = try store.restore(deleted, at: index)
    #expect(restored.id == reps.id)
    #expect(store.counters.map(\.name) == ["Count", "laps", "reps"])
    #expect(store.counter(withID: reps.id)?.value == 4)
  }

  @Test func stepsArePositiveAndRemembered() throws {
    try store.setStep(5, of: "count")
    #expect(store.current.step == 5)
    #expect(throws: CounterError.invalidStep("0")) { try store.setStep(0, of: "count") }
    #expect(throws: CounterError.invalidStep("-2")) { try store.setStep(-2, of: "count") }
  }

  @Test func addingPastTheLimitsLeavesTheValueAndSaysSo() throws {
    store.setValue(Int.max - 1, of: "count")
    #expect(try store.add(1, to: "count") == (Int.max - 1, Int.max))
    #expect(throws: CounterError.limitReached(value: Int.max, step: 1)) { try store.add(1, to: "count") }
    #expect(store.current.value == Int.max)
    store.setValue(Int.min, of: "count")
    #expect(throws: CounterError.limitReached(value: Int.min, step: -3)) { try store.add(-3, to: "count") }
    #expect(store.current.value == Int.min)
  }

  @Test func shiftingAnUnchangedValueLandsExactlyOnTheTarget() throws {
    store.setValue(Int.min, of: "count")
    // The difference does not fit an Int; the move is still exact.
    #expect(try store.shift("count", from: Int.min, to: Int.max) == (Int.min, Int.max))
    #expect(try store.shift("count", from: Int.max, to: Int.min) == (Int.max, Int.min))
    #expect(store.current.value == Int.min)
  }

  @Test func shiftingAValueAnotherWriterChangedKeepsTheirChange() throws {
    store.setValue(13, of: "count")
    defaults.set(20, forKey: "count")  // as another process would have

    #expect(try store.shift("count", from: 13, to: 12) == (20, 19))
    #expect(store.current.value == 19)
  }

  @Test func shiftingPastTheLimitsLeavesTheValue() throws {
    store.setValue(Int.max - 1, of: "count")
    #expect(throws: CounterError.limitReached(value: Int.max - 1, step: 1)) {
      try store.shift("count", from: 0, to: 5)
    }
    #expect(store.current.value == Int.max - 1)
  }

  @Test func theCurrentCounterIsRememberedAndFallsBackWhenGone() throws {
    let laps = try store.create(named: "laps")
    store.select(laps.id)
    #expect(CounterStore(userDefaults: defaults, analytics: analytics).currentID == laps.id)
    defaults.x.set("count-99", forKey: .currentCounter)
    #expect(store.currentID == "count")
  }

  @Test func twoStoresCreatingAtOnceGetDistinctCounters() throws {
    let directory = try TemporaryDirectory()
    let first = CounterStore(userDefaults: try FileUserDefaults(directory: directory.path), analytics: analytics)
    let second = CounterStore(userDefaults: try FileUserDefaults(directory: directory.path), analytics: analytics)
    let a = try first.create(named: "a")
    let b = try second.create(named: "b")
    #expect(a.id != b.id)
    #expect(
      CounterStore(userDefaults: try FileUserDefaults(directory: directory.path), analytics: analytics).counters.map(\.name) == [
        "Count", "a", "b",
      ])
    #expect(throws: CounterError.duplicateName("A")) { try second.create(named: "A") }
  }

  @Test func observersHearOfCounterChangesOnly() throws {
    var calls = 0
    let observation = store.observe { calls += 1 }
    try store.add(1, to: "count")
    let laps = try store.create(named: "laps")
    store.select(laps.id)
    defaults.set(true, forKey: "hasOnboardingBeenShown")
    #expect(calls == 3)
    _ = observation
  }

  @Test func aDamagedListFallsBackToTheFirstCounter() {
    defaults.set("not a list", forKey: "counters")
    #expect(store.counters.map(\.id) == ["count"])
  }
}

struct CounterStoreAnalyticsTests {
  private let defaults = InMemoryUserDefaults()
  private let spy = AnalyticsSpy()
  private var store: CounterStore { CounterStore(userDefaults: defaults, analytics: spy) }

  init() {
    AppDefaults.register(in: defaults)
  }

  @Test func eachChangeReportsExactlyOneEvent() throws {
    try store.add(2, to: "count")
    store.setValue(10, of: "count")
    let laps = try store.create(named: "laps")
    try store.rename(laps.id, to: "swims")
    try store.add(-1, to: laps.id)
    let (deleted, index) = try store.delete(laps.id)
    try store.restore(deleted, at: index)

    #expect(
      spy.events == [
        .counterChanged(id: "count", name: "Count", old: 0, new: 2),
        .counterChanged(id: "count", name: "Count", old: 2, new: 10),
        .counterCreated(id: "count-2", name: "laps"),
        .counterRenamed(id: "count-2", from: "laps", to: "swims"),
        .counterChanged(id: "count-2", name: "swims", old: 0, new: -1),
        .counterDeleted(id: "count-2", name: "swims", value: -1),
        .counterCreated(id: "count-2", name: "swims"),
        .counterChanged(id: "count-2", name: "swims", old: 0, new: -1),
      ])
  }

  @Test func refusedAndEmptyChangesReportNothing() throws {
    store.setValue(Int.max, of: "count")
    spy.reset()
    #expect(throws: CounterError.self) { try store.add(1, to: "count") }
    #expect(throws: CounterError.self) { try store.create(named: "count") }
    #expect(throws: CounterError.self) { try store.delete("count") }
    #expect(throws: CounterError.self) { try store.rename("count", to: "") }
    store.setValue(Int.max, of: "count")
    try store.rename("count", to: "Count")
    #expect(spy.events.isEmpty)
  }

  @Test func selectingAndSettingAStepAreNotCounterChanges() throws {
    let laps = try store.create(named: "laps")
    spy.reset()
    store.select(laps.id)
    try store.setStep(3, of: laps.id)
    #expect(spy.events.isEmpty)
  }
}

extension String {
  fileprivate func trimmingCharacters() -> String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
