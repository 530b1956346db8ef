import TallyApp
import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// Several named counters: making, switching, renaming and deleting them, and what a store
/// written by Tally 0.1 opens as.
struct CounterListTests {
  private let defaults = InMemoryUserDefaults()

  init() {
    AppDefaults.register(in: defaults)
  }

  private func makeModel(_ names: String...) -> AppViewModel {
    let sut = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    for name in names { sut.createCounter(named: name) }
    return sut
  }

  @Test func aStoreWrittenBy01OpensOnItsCount() {
    let fake = FakeUserDefaults()
    fake.integers = ["count": 12]
    let sut = TestApps.counter(defaults: fake, eventRecorder: EventRecorderSpy())
    #expect(sut.counters.list.counters.map(\.name) == ["Count"])
    #expect(sut.counterView.valueLine == "Count: 12")

    sut.press(.character("n"))
    sut.type("laps")
    sut.press(.enter, .space)
    #expect(fake.integers["count"] == 12, "the first counter's value stays under the book's key")
    #expect(fake.integers["count-2"] == 1)
  }

  @Test func aFileStoreWrittenBy01KeepsItsCountThroughEveryChange() throws {
    let directory = try TemporaryDirectory()
    let old = try FileUserDefaults(directory: directory.path)
    old.set(12, forKey: "count")

    let store = try FileUserDefaults(directory: directory.path)
    AppDefaults.register(in: store)
    let sut = TestApps.counter(defaults: store, eventRecorder: EventRecorderSpy())
    sut.press(.space, .character("n"))
    sut.type("laps")
    sut.press(.enter, .space, .space, .backTab)
    #expect(sut.counterView.valueLine == "Count: 13")

    let reopened = try FileUserDefaults(directory: directory.path)
    #expect(reopened.integer(forKey: "count") == 13)
    #expect(reopened.integer(forKey: "count-2") == 2)
  }

  @Test func nMakesACounterAndShowsIt() {
    let sut = makeModel()
    sut.press(.character("n"))
    #expect(sut.prompt?.question == "New counter's name:")
    sut.type("laps")
    #expect(sut.counters.list.counters.count == 1, "nothing changes before Enter")
    sut.press(.enter)
    #expect(sut.counters.list.counters.map(\.name) == ["Count", "laps"])
    #expect(sut.counterView.valueLine == "laps: 0")
    #expect(sut.counterScreen?.mode == .counting)
  }

  @Test(arguments: [
    ("", "A counter's name cannot be empty"),
    ("count", "A counter named \"count\" already exists"),
    (String(repeating: "x", count: 33), "A counter's name can have at most 32 characters, not 33"),
    ("la\u{200B}ps", "A counter's name cannot contain invisible or direction-changing characters (it holds U+200B)"),
    ("\u{202E}spal", "A counter's name cannot contain invisible or direction-changing characters (it holds U+202E)"),
  ])
  func aBadNameKeepsThePromptOpenWithTheReason(name: String, message: String) {
    let sut = makeModel()
    sut.press(.character("n"))
    sut.type(name)
    sut.press(.enter)
    #expect(sut.prompt?.error == message)
    #expect(sut.counters.list.counters.count == 1)
    sut.press(.escape)
    #expect(sut.counterScreen?.mode == .counting)
    #expect(sut.counters.list.counters.count == 1)
  }

  @Test(arguments: ["☕ coffee", "漢字カウンター", "👨‍👩‍👧 family", "naïve"])
  func unicodeNamesCanBeTyped(name: String) {
    let sut = makeModel(name)
    #expect(sut.current.name == name)
    #expect(sut.counterView.valueLine == "\(name): 0")
  }

  @Test func tabAndFriendsGoRoundTheCounters() {
    let sut = makeModel("laps", "reps")
    #expect(sut.current.name == "reps")
    for key in [Key.tab, .right, .character("l")] {
      let before = sut.counters.list.currentIndex
      sut.press(key)
      #expect(sut.counters.list.currentIndex == (before + 1) % 3)
    }
    for key in [Key.backTab, .left, .character("h")] {
      let before = sut.counters.list.currentIndex
      sut.press(key)
      #expect(sut.counters.list.currentIndex == (before + 2) % 3)
    }
  }

  @Test func keysChangeOnlyTheCurrentCounter() {
    let sut = makeModel("laps")
    sut.press(.space, .space, .tab, .space)
    #expect(sut.counters.list.counters.map(\.value) == [1, 2])
  }

  @Test func theListTheCurrentCounterAndStepsAreRememberedAcrossLaunches() {
    let first = makeModel("laps", "reps")
    first.press(.backTab, .character("s"))
    first.type("3")
    first.press(.enter, .space)

    let second = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    #expect(second.counters.list.counters.map(\.name) == ["Count", "laps", "reps"])
    #expect(second.current.name == "laps")
    #expect(second.current.step == 3)
    #expect(second.counterView.valueLine == "laps: 3")
    #expect(defaults.x.object(String.self, forKey: .currentCounter) == "count-2")
  }

  @Test func renamingStartsFromTheNameAndKeepsTheValue() {
    let sut = makeModel("laps")
    sut.press(.space)
    sut.press(.character("e"))
    #expect(sut.prompt?.field.text == "laps")
    sut.press(.backspace, .backspace, .backspace, .backspace)
    sut.type("swims")
    sut.press(.enter)
    #expect(sut.counterView.valueLine == "swims: 1")
    #expect(sut.counters.list.counters.map(\.name) == ["Count", "swims"])
  }

  @Test(arguments: ["la\u{200B}ps", "\u{202E}spal"])
  func renamingToAnInvisibleOrReversingCharacterIsRefused(name: String) {
    let sut = makeModel("laps")
    sut.press(.character("e"), .control("u"))
    sut.type(name)
    sut.press(.enter)
    #expect(sut.prompt?.error?.contains("invisible or direction-changing characters") == true)
    #expect(sut.current.name == "laps")
  }

  @Test func renamingToAnotherCountersNameIsRefused() {
    let sut = makeModel("laps")
    sut.press(.character("e"), .control("u"))
    sut.type("COUNT")
    sut.press(.enter)
    #expect(sut.prompt?.error == "A counter named \"COUNT\" already exists")
    #expect(sut.current.name == "laps")
  }

  @Test func deleteAsksFirstAndYesDeletes() throws {
    let sut = makeModel("laps", "reps")
    sut.press(.space, .space)
    sut.press(.character("d"))
    #expect(try #require(sut.confirmation).question == "Delete reps (2)? y/N")
    sut.press(.character("y"))
    #expect(sut.counters.list.counters.map(\.name) == ["Count", "laps"])
    #expect(sut.current.name == "laps")
    #expect(defaults.object(forKey: "count-3") == nil)
  }

  @Test(arguments: [Key.character("n"), .escape, .enter, .character("d")])
  func anyAnswerButYesKeepsTheCounter(key: Key) {
    let sut = makeModel("laps")
    sut.press(.character("d"), key)
    #expect(sut.counters.list.counters.count == 2)
    #expect(sut.message == "Not deleted.")
  }

  @Test func theLastCounterCannotBeDeletedAndNothingIsAsked() {
    let sut = makeModel()
    sut.press(.character("d"))
    #expect(sut.counterScreen?.mode == .counting)
    #expect(sut.message == "The last counter cannot be deleted")
    #expect(sut.counters.list.counters.count == 1)
  }

  @Test func aCounterDeletedElsewhereWhileARenameIsTypedChangesNothing() {
    let sut = makeModel("laps")
    sut.press(.character("e"))
    sut.type("x")
    _ = try? CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy()).perform(.delete("count-2"))
    sut.press(.enter)
    #expect(sut.counterScreen?.mode == .counting)
    #expect(sut.message == "That counter was deleted meanwhile; nothing changed.")
    #expect(sut.counters.list.counters.map(\.name) == ["Count"])
  }

  @Test func countersMadeByAnotherProcessShowUp() throws {
    let sut = makeModel()
    #expect(sut.counters.list.counters.count == 1)
    try CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy()).perform(
      .create(named: "from elsewhere", selecting: false))
    #expect(sut.counters.list.counters.count == 1, "the screen hears of it from the run loop")
    sut.receive(.storeChanged)
    #expect(sut.counters.list.counters.map(\.name) == ["Count", "from elsewhere"])
  }

  @Test func helpOpensOnQuestionMarkAndAnyKeyClosesIt() {
    let sut = makeModel()
    sut.press(.character("?"))
    #expect(sut.screen is HelpViewModel)
    sut.press(.character("q"))
    #expect(sut.screen is CounterViewModel)
    #expect(sut.counterScreen?.mode == .counting)
    #expect(sut.count == 0)
  }

  @Test func quitKeysQuitOnlyWhileCounting() {
    let sut = makeModel()
    sut.press(.character("n"))
    sut.press(.character("q"))
    #expect(sut.prompt?.field.text == "q", "in a prompt, q is typed")
  }
}
