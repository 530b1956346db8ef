import TallyDefaults
import TallyModel
import TallyScreens
import TallyTestSupport
import Testing

@testable import TallyHistory

/// The book's `ViewControllerTests`, ported: the counter loads "count" and writes count+1.
struct CounterViewModelTests {
  private let defaults = FakeUserDefaults()

  @Test func test_viewDidLoad_withEmptyUserDefaults_shouldShow0InCounterLabel() {
    let sut = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())

    #expect(sut.counterView.valueLine == "Count: 0")
  }

  @Test func test_tappingButton_with12InUserDefaults_shouldWrite13ToUserDefaults() {
    defaults.integers = ["count": 12]
    let sut = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())

    sut.receive(.key(.space))

    #expect(defaults.integers["count"] == 13)
  }

  @Test(arguments: [Key.space, .character("+"), .up, .character("k")])
  func everyIncrementKeyAddsOne(key: Key) {
    defaults.integers = ["count": 4]
    let sut = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())

    sut.press(key)

    #expect(String(sut.count) == "5")
    #expect(defaults.integers["count"] == 5)
    #expect(defaults.writtenKeys == ["count"])
  }

  @Test func theValueShownIsTheValueWritten() {
    let sut = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    for _ in 0..<3 { sut.press(.space) }
    #expect(sut.count == 3)
    #expect(defaults.integers["count"] == 3)
  }

  @Test func quitKeysDoNotTouchTheStore() {
    let sut = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    sut.press(.character("q"))
    sut.press(.control("c"))
    #expect(defaults.writtenKeys.isEmpty)
  }

  @Test func unboundKeysDoNothing() {
    let sut = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    sut.press(.character("x"))
    sut.press(.escape)
    #expect(sut.count == 0)
    #expect(defaults.writtenKeys.isEmpty)
  }

  @Test func incrementBuildsOnWhatAnotherWriterSaved() {
    let store = InMemoryUserDefaults()
    let sut = TestApps.counter(defaults: store, eventRecorder: EventRecorderSpy())
    store.set(40, forKey: "count")  // as another process would have

    sut.press(.space)

    #expect(sut.count == 41)
    #expect(store.integer(forKey: "count") == 41)
  }

  @Test func atIntMaxTheValueStaysAndTheScreenSaysSo() {
    defaults.integers = ["count": Int.max]
    let sut = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())

    sut.press(.space)

    #expect(sut.count == Int.max)
    #expect(defaults.integers["count"] == Int.max)
    #expect(sut.message?.contains("largest") == true)
  }

  @Test func aSuccessfulIncrementClearsTheLimitMessage() {
    defaults.integers = ["count": Int.max]
    let sut = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    sut.press(.space, .character("-"))
    #expect(sut.message == nil)
    #expect(sut.count == Int.max - 1)
  }
}

/// The counter screen alone: a key changes only the screen's state and returns what should
/// happen; what became of it comes back through `applied(_:)`.
struct CounterScreenEffectTests {
  private let sut = CounterViewModel()
  private let counters = CounterList(
    counters: [Counter(id: "count", name: "Count", step: 2, value: 5), Counter(id: "count-2", name: "laps")],
    currentID: "count")

  /// What the last update's edits were for, handed back with their outcome as the app does.
  private let asked = Asked()
  private final class Asked {
    var purpose = EditPurpose.change
  }

  private func update(_ keys: Key...) -> [ScreenEffect] {
    keys.flatMap { key in
      let update = sut.receive(.key(key), counters: counters)
      asked.purpose = EditPurpose(update.purpose)
      return update.effects
    }
  }

  /// Hands `outcomes` to the screen as the app does, for the last update's edits.
  private func applied(_ outcomes: [Result<CounterChange?, CounterError>]) {
    sut.receive(.edited(outcomes, for: asked.purpose))
    asked.purpose = .change
  }

  @Test(arguments: [Key.space, .character("+"), .up, .character("k")])
  func everyIncrementKeyAsksToAddTheStep(key: Key) {
    #expect(update(key) == [.edit(.add(2, to: "count"))])
  }

  @Test func subtractingAndMovingAlongTheTabsAreEditsToo() {
    #expect(update(.character("-")) == [.edit(.add(-2, to: "count"))])
    #expect(update(.tab) == [.edit(.select("count-2"))])
    #expect(update(.backTab) == [.edit(.select("count-2"))], "the tabs wrap round")
  }

  @Test func historyHelpAndQuitAreForTheApp() {
    #expect(update(.character("H")) == [.open(.history)])
    #expect(update(.character("?")) == [.open(.help)])
    #expect(HelpViewModel(over: sut).press(.character("q")) == [.close], "q closes the help")
    #expect(update(.character("q")) == [.quit])
  }

  @Test func nothingIsAskedBeforeAPromptIsConfirmed() {
    #expect(update(.character("="), .character("4"), .character("2")).isEmpty)
    #expect(update(.enter) == [.edit(.setValue(42, of: "count"))])
    #expect(update(.character("s"), .character("x"), .enter).isEmpty, "a step that is not a number asks for nothing")
    #expect(sut.mode != .counting)
  }

  @Test func aAddsATypedAmountAsOneChangeThatOneUndoTakesBack() {
    #expect(update(.character("a"), .character("-"), .character("7")).isEmpty)
    #expect(update(.enter) == [.edit(.add(-7, to: "count"))])
    applied([.success(.value(counterID: "count", from: 5, to: -2))])
    #expect(update(.character("u")) == [.edit(.shift("count", from: -2, to: 5)), .edit(.select("count"))])
    #expect(update(.character("a"), .character("x"), .enter).isEmpty, "an amount that is not a number asks for nothing")
    #expect(sut.mode != .counting)
  }

  @Test func theGoalPromptTakesALimit() {
    let asked = update(.character("g"), .character("<"), .character("="), .character("3"), .character("/"))
    #expect(
      (asked + update(.character("d"), .character("a"), .character("y"), .enter)) == [
        .edit(.setGoal(Goal(amount: 3, period: .day, isLimit: true), of: "count"))
      ])
  }

  @Test func aRefusedNameReopensThePromptWithTheReason() throws {
    #expect(update(.character("n"), .character("L"), .enter) == [.edit(.create(named: "L", selecting: true))])
    applied([.failure(.duplicateName("L"))])
    guard case .prompt(let prompt) = sut.mode else {
      Issue.record("expected the prompt, got \(sut.mode)")
      return
    }
    #expect(prompt.error == "A counter named \"L\" already exists")
    #expect(prompt.field.text == "L")
  }

  @Test func undoAsksForTheEditsThatReverseAChangeAndRedoForThoseThatMakeItAgain() {
    #expect(update(.character("u")).isEmpty)
    #expect(sut.status?.text == "Nothing to undo.")
    applied([.success(.value(counterID: "count", from: 3, to: 5))])
    #expect(update(.character("u")) == [.edit(.shift("count", from: 5, to: 3)), .edit(.select("count"))])
    applied([.success(.value(counterID: "count", from: 9, to: 7)), .success(nil)])
    #expect(sut.status?.text == "Undone: Count 3 → 5 (now 7)")
    #expect(update(.control("r")) == [.edit(.shift("count", from: 3, to: 5)), .edit(.select("count"))])
  }

  /// The screen keeps nothing of an edit in flight: an outcome is taken for the purpose the
  /// update gave it, whatever keys came between (as they may when the edits are slow).
  @Test func anOutcomeIsTakenForThePurposeItCarries() {
    applied([.success(.value(counterID: "count", from: 3, to: 5))])
    let undo = sut.receive(.key(.character("u")), counters: counters)
    #expect(
      EditPurpose(undo.purpose) == .replay(.value(counterID: "count", from: 3, to: 5), undoing: true, summary: "Count 3 → 5"))
    #expect(sut.receive(.key(.tab), counters: counters) == [.edit(.select("count-2"))], "a plain change meanwhile")
    sut.receive(.edited([.success(.value(counterID: "count", from: 5, to: 3)), .success(nil)], for: undo.purpose))
    #expect(sut.status?.text == "Undone: Count 3 → 5 (now 3)")
    #expect(update(.control("r")) == [.edit(.shift("count", from: 3, to: 5)), .edit(.select("count"))])
  }

  @Test func anUndoThatFindsNothingToChangeCanStillBeRedone() {
    applied([.success(.rename(counterID: "count", from: "A", to: "B"))])
    #expect(update(.character("u")) == [.edit(.rename("count", to: "A")), .edit(.select("count"))])
    applied([.success(nil), .success(nil)])  // another process had renamed it back already
    #expect(sut.status?.text == "Undone: rename A → B")
    #expect(update(.control("r")) == [.edit(.rename("count", to: "B")), .edit(.select("count"))])
  }

  @Test func aSaveFailureIsItsOwnKindAndSavedFollowsIt() {
    sut.receive(.saveTried(storeProblem: .locked(path: "/data/tally", seconds: 5), historyProblem: nil))
    #expect(sut.status?.kind == .saveFailure)
    #expect(sut.status?.text.hasPrefix("Not saved: ") == true)
    sut.receive(.saveTried(storeProblem: nil, historyProblem: nil))
    #expect(sut.status == StatusMessage("Saved.", kind: .news))
    sut.receive(.saveTried(storeProblem: nil, historyProblem: nil))
    #expect(sut.status == StatusMessage("Saved.", kind: .news))
    _ = update(.space)
    sut.receive(.saveTried(storeProblem: nil, historyProblem: nil))
    #expect(sut.status == nil, "nothing to say when nothing failed")
  }
}

/// A history that cannot be written is told on the status line, as a failed save is.
struct HistoryFailureStatusTests {
  @Test func aFailedAppendIsShownOnTheStatusLine() throws {
    // A database that refuses writes (as a read-only one does).
    let history = SQLiteHistory.inMemory()
    try history.connection.execute("PRAGMA query_only = 1")
    let recorder = HistoryRecorder(log: history, clock: ManualClock(iso: "2026-11-23T10:00:00Z"), source: .app)
    let app = TestApps.counter(defaults: InMemoryUserDefaults(), eventRecorder: recorder)
    app.press(.space)
    recorder.flush()
    app.receive(.saveTried)
    #expect(app.counterScreen?.status?.kind == .saveFailure)
    #expect(app.message?.hasPrefix("The history could not be saved: ") == true, "\(app.message ?? "")")
    #expect(app.count == 1, "the count itself is kept")
  }
}
