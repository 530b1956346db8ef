import TallyDefaults
import TallyModel
import TallySettings
import TallyTestSupport
import Testing

struct CountersModelTests {
  private let defaults = InMemoryUserDefaults()
  private let eventRecorder = EventRecorderSpy()
  private var store: CountersModel { CountersModel(userDefaults: defaults, eventRecorder: eventRecorder) }

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
    let counters = CountersModel(userDefaults: reopened, eventRecorder: eventRecorder)

    #expect(counters.list.counters == [Counter(id: "count", name: "Count", step: 1, value: 12)])
    #expect(counters.list.current.value == 12)
  }

  @Test func newCountersGetTheirOwnKeysAndStartAt0() throws {
    let laps = try store.make("laps")
    let reps = try store.make("reps")
    #expect(laps.id == "count-2")
    #expect(reps.id == "count-3")
    try store.perform(.add(5, to: laps.id))
    #expect(store.list.counters.map(\.name) == ["Count", "laps", "reps"])
    #expect(store.list.counters.map(\.value) == [0, 5, 0])
    #expect(defaults.domains.persistent["count-2"] == .integer(5))
  }

  @Test(arguments: ["Laps", "LAPS", "  laps  "])
  func namesAreUniqueIgnoringCaseAndSpaces(name: String) throws {
    try store.make("laps")
    #expect(throws: CounterError.duplicateName(name.trimmingCharacters())) {
      try store.perform(.create(named: name, selecting: false))
    }
  }

  @Test(arguments: [
    ("", "cannot be empty"), ("   ", "cannot be empty"), (String(repeating: "x", count: 33), "at most 32"),
    ("tab\there", "control characters"), ("new\nline", "control characters"),
  ])
  func badNamesAreRefusedWithAReason(name: String, reason: String) {
    #expect {
      try store.perform(.create(named: name, selecting: false))
    } throws: { error in
      "\(error)".contains(reason)
    }
    #expect(store.list.counters.count == 1)
  }

  /// Characters that draw nothing or turn the text around: two names could look alike.
  @Test(arguments: [
    ("a\u{200B}b", "U+200B"), ("\u{200B}laps", "U+200B"), ("laps\u{200C}", "U+200C"), ("a\u{200D}b", "U+200D"),
    ("laps\u{200D}", "U+200D"), ("1\u{200D}2", "U+200D"), ("a\u{200E}", "U+200E"), ("a\u{200F}", "U+200F"),
    ("\u{202A}a", "U+202A"), ("cod\u{202E}gnp.exe", "U+202E"), ("\u{2066}a\u{2069}", "U+2066"),
    ("\u{FEFF}laps", "U+FEFF"), ("soft\u{AD}hyphen", "U+00AD"), ("a\u{E0067}", "U+E0067"), ("x\u{1}y", "U+0001"),
  ])
  func invisibleAndDirectionChangingCharactersAreRefusedByTheirCodePoint(name: String, codePoint: String) throws {
    for kind in ["a counter's name", "a group's name"] {
      #expect {
        kind == "a counter's name" ? try CountersModel.validatedName(name) : try CountersModel.validatedGroup(name)
      } throws: { error in
        "\(error)".hasPrefix("\(kind) cannot contain") && "\(error)".hasSuffix("(it holds \(codePoint))")
      }
    }
    let laps = try store.make("laps")
    #expect(throws: CounterError.self) { try store.perform(.rename(laps.id, to: name)) }
    #expect(store.list.counters.map(\.name) == ["Count", "laps"])
  }

  @Test(arguments: [
    "☕ coffee", "漢字カウンター", "👨‍👩‍👧 family", String(repeating: "é", count: 32), "🇯🇵 flag", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 scotland",
    "👩🏽‍💻 code", "❤️ love", "1️⃣ one", "עברית", "العربية",
  ])
  func unicodeNamesAreFine(name: String) throws {
    let counter = try store.make(name)
    #expect(store.list.counter(named: name)?.id == counter.id)
  }

  @Test func renamingKeepsTheValueAndChecksUniqueness() throws {
    let laps = try store.make("laps")
    try store.perform(.add(3, to: laps.id))
    try store.perform(.rename(laps.id, to: "swims"))
    #expect(store.list.counter(named: "swims")?.value == 3)
    #expect(throws: CounterError.duplicateName("count")) { try store.perform(.rename(laps.id, to: "count")) }
    try store.perform(.rename(laps.id, to: "SWIMS"))  // its own name in another case is fine
    #expect(throws: CounterError.unknownCounter("nope")) { try store.perform(.rename("nope", to: "x")) }
  }

  @Test func theLastCounterCannotBeDeleted() {
    #expect(throws: CounterError.lastCounter) { try store.perform(.delete("count")) }
    #expect(store.list.counters.count == 1)
  }

  @Test func deletingTheCurrentCounterMovesToANeighbourAndRemovesItsValue() throws {
    let laps = try store.make("laps")
    let reps = try store.make("reps")
    try store.perform(.add(4, to: reps.id))
    try store.perform(.select(reps.id))

    let deleted = try store.perform(.delete(reps.id))

    #expect(deleted == .delete(Counter(id: reps.id, name: "reps", value: 4), index: 2))
    #expect(store.list.currentID == laps.id)
    #expect(defaults.domains.persistent[reps.id] == nil)

    let restored = try store.perform(.restore(Counter(id: reps.id, name: "reps", value: 4), at: 2))
    #expect(restored == .create(Counter(id: reps.id, name: "reps", value: 4), index: 2, previousID: laps.id))
    #expect(store.list.currentID == reps.id, "a restored counter is shown")
    #expect(store.list.counters.map(\.name) == ["Count", "laps", "reps"])
    #expect(store.list.counter(withID: reps.id)?.value == 4)
  }

  @Test func stepsArePositiveAndRemembered() throws {
    try store.perform(.setStep(5, of: "count"))
    #expect(store.list.current.step == 5)
    #expect(throws: CounterError.invalidStep("0")) { try store.perform(.setStep(0, of: "count")) }
    #expect(throws: CounterError.invalidStep("-2")) { try store.perform(.setStep(-2, of: "count")) }
  }

  @Test func addingPastTheLimitsLeavesTheValueAndSaysSo() throws {
    try store.perform(.setValue(Int.max - 1, of: "count"))
    #expect(try store.perform(.add(1, to: "count")) == .value(counterID: "count", from: Int.max - 1, to: Int.max))
    #expect(throws: CounterError.limitReached(value: Int.max, step: 1)) { try store.perform(.add(1, to: "count")) }
    #expect(store.list.current.value == Int.max)
    try store.perform(.setValue(-Int.max, of: "count"))
    #expect(throws: CounterError.limitReached(value: -Int.max, step: -3)) { try store.perform(.add(-3, to: "count")) }
    #expect(store.list.current.value == -Int.max)
  }

  /// `Int.min` is no count: with sync on, a machine's subtractions could not hold it.
  @Test func intMinIsRefusedAsAValue() throws {
    try store.perform(.setValue(-Int.max + 1, of: "count"))
    #expect(throws: CounterError.limitReached(value: -Int.max + 1, step: -2)) { try store.perform(.add(-2, to: "count")) }
    #expect(throws: CounterError.limitReached(value: -Int.max + 1, step: -1)) {
      try store.perform(.setValue(Int.min, of: "count"))
    }
    #expect(store.list.current.value == -Int.max + 1)
    #expect(CounterError.limitReached(value: -Int.max, step: -1).description.hasPrefix("-9223372036854775807 is the smallest"))
  }

  @Test func shiftingAnUnchangedValueLandsExactlyOnTheTarget() throws {
    try store.perform(.setValue(-Int.max, of: "count"))
    // The difference does not fit an Int; the move is still exact.
    #expect(
      try store.perform(.shift("count", from: -Int.max, to: Int.max)) == .value(counterID: "count", from: -Int.max, to: Int.max))
    #expect(
      try store.perform(.shift("count", from: Int.max, to: -Int.max)) == .value(counterID: "count", from: Int.max, to: -Int.max))
    #expect(store.list.current.value == -Int.max)
  }

  @Test func shiftingAValueAnotherWriterChangedKeepsTheirChange() throws {
    try store.perform(.setValue(13, of: "count"))
    defaults.set(20, forKey: "count")  // as another process would have

    #expect(try store.perform(.shift("count", from: 13, to: 12)) == .value(counterID: "count", from: 20, to: 19))
    #expect(store.list.current.value == 19)
  }

  @Test func shiftingPastTheLimitsLeavesTheValue() throws {
    try store.perform(.setValue(Int.max - 1, of: "count"))
    #expect(throws: CounterError.limitReached(value: Int.max - 1, step: 1)) {
      try store.perform(.shift("count", from: 0, to: 5))
    }
    #expect(store.list.current.value == Int.max - 1)
  }

  @Test func theCurrentCounterIsRememberedAndFallsBackWhenGone() throws {
    let laps = try store.make("laps")
    try store.perform(.select(laps.id))
    #expect(CountersModel(userDefaults: defaults, eventRecorder: eventRecorder).list.currentID == laps.id)
    defaults.x.set("count-99", forKey: .currentCounter)
    #expect(store.list.currentID == "count")
  }

  @Test func twoStoresCreatingAtOnceGetDistinctCounters() throws {
    let directory = try TemporaryDirectory()
    let first = CountersModel(userDefaults: try FileUserDefaults(directory: directory.path), eventRecorder: eventRecorder)
    let second = CountersModel(userDefaults: try FileUserDefaults(directory: directory.path), eventRecorder: eventRecorder)
    let a = try first.make("a")
    let b = try second.make("b")
    #expect(a.id != b.id)
    #expect(
      CountersModel(userDefaults: try FileUserDefaults(directory: directory.path), eventRecorder: eventRecorder).list.counters
        .map(\.name)
        == [
          "Count", "a", "b",
        ])
    #expect(throws: CounterError.duplicateName("A")) { try second.make("A") }
  }

  @Test func aBatchIsOneSaveAndStopsAtTheFirstRefusal() throws {
    let directory = try TemporaryDirectory()
    let model = CountersModel(userDefaults: try FileUserDefaults(directory: directory.path), eventRecorder: eventRecorder)
    let outcomes = model.apply([
      .add(2, to: "count"), .create(named: "laps", selecting: true), .create(named: "LAPS", selecting: false),
      .add(1, to: "count"),
    ])
    #expect(outcomes.count == 3, "nothing after the refusal is made")
    #expect(try outcomes[0].get() == .value(counterID: "count", from: 0, to: 2))
    #expect(try outcomes[1].get() == .create(Counter(id: "count-2", name: "laps"), index: 1, previousID: "count"))
    #expect(throws: CounterError.duplicateName("LAPS")) { try outcomes[2].get() }
    #expect(model.list.counters.map(\.value) == [2, 0])
    #expect(model.list.currentID == "count-2")
    let reopened = CountersModel(userDefaults: try FileUserDefaults(directory: directory.path), eventRecorder: eventRecorder)
    #expect(reopened.list == model.list, "what the model shows is what the file holds")
  }

  @Test func theListChangesOnlyWhenAChangeIsMadeOrTheStoreIsReloaded() {
    let model = store
    defaults.set(7, forKey: "count")  // as another process would have
    #expect(model.list.current.value == 0)
    model.reload()
    #expect(model.list.current.value == 7)
  }

  @Test func changesThatChangeNothingAreNotChanges() throws {
    #expect(try store.perform(.setValue(0, of: "count")) == nil)
    #expect(try store.perform(.rename("count", to: "Count")) == nil)
    #expect(try store.perform(.select("count-99")) == nil)
    #expect(throws: CounterError.unknownCounter("count-99")) { try store.perform(.add(1, to: "count-99")) }
    #expect(defaults.object(forKey: "count-99") == nil)
  }

  @Test func aDamagedListFallsBackToTheFirstCounter() {
    defaults.set("not a list", forKey: "counters")
    #expect(store.list.counters.map(\.id) == ["count"])
  }
}

struct CountersModelEventTests {
  private let defaults = InMemoryUserDefaults()
  private let spy = EventRecorderSpy()
  private var store: CountersModel { CountersModel(userDefaults: defaults, eventRecorder: spy) }

  init() {
    AppDefaults.register(in: defaults)
  }

  @Test func eachChangeReportsExactlyOneEvent() throws {
    try store.perform(.add(2, to: "count"))
    try store.perform(.setValue(10, of: "count"))
    let laps = try store.make("laps")
    try store.perform(.rename(laps.id, to: "swims"))
    try store.perform(.add(-1, to: laps.id))
    let deleted = Counter(id: laps.id, name: "swims", value: -1)
    #expect(try store.perform(.delete(laps.id)) == .delete(deleted, index: 1))
    try store.perform(.restore(deleted, at: 1))

    #expect(
      spy.events == [
        .counterChanged(id: "count", name: "Count", old: 0, new: 2, action: .add),
        .counterChanged(id: "count", name: "Count", old: 2, new: 10, action: .set),
        .counterCreated(id: "count-2", name: "laps"),
        .counterRenamed(id: "count-2", from: "laps", to: "swims"),
        .counterChanged(id: "count-2", name: "swims", old: 0, new: -1, action: .subtract),
        .counterDeleted(id: "count-2", name: "swims", value: -1),
        .counterCreated(id: "count-2", name: "swims"),
        .counterChanged(id: "count-2", name: "swims", old: 0, new: -1, action: .replay),
      ])
  }

  @Test func refusedAndEmptyChangesReportNothing() throws {
    try store.perform(.setValue(Int.max, of: "count"))
    spy.reset()
    #expect(throws: CounterError.self) { try store.perform(.add(1, to: "count")) }
    #expect(throws: CounterError.self) { try store.make("count") }
    #expect(throws: CounterError.self) { try store.perform(.delete("count")) }
    #expect(throws: CounterError.self) { try store.perform(.rename("count", to: "")) }
    try store.perform(.setValue(Int.max, of: "count"))
    try store.perform(.rename("count", to: "Count"))
    #expect(spy.events.isEmpty)
  }

  @Test func selectingAndSettingAStepAreNotCounterChanges() throws {
    let laps = try store.make("laps")
    spy.reset()
    try store.perform(.select(laps.id))
    try store.perform(.setStep(3, of: laps.id))
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

extension CountersModel {
  /// Makes a counter, not shown, and returns it.
  @discardableResult
  fileprivate func make(_ name: String) throws -> Counter {
    guard case .create(let counter, _, _)? = try perform(.create(named: name, selecting: false)) else {
      throw CounterError.invalidName("not made")
    }
    return counter
  }
}
