import TallyApp
import TallyDefaults
import TallyModel
import TallySettings
import TallyTestSupport
import Testing

/// The exact events each action on the counter screen reports, through a spy injected by
/// constructor.
struct CounterEventTests {
  private let defaults = InMemoryUserDefaults()
  private let spy = EventRecorderSpy()
  private let sut: AppViewModel

  init() {
    AppDefaults.register(in: defaults)
    defaults.set(10, forKey: "count")
    sut = TestApps.counter(defaults: defaults, eventRecorder: spy)
    spy.reset()
  }

  /// A change as the user made it: an add or a subtraction unless `action` says otherwise.
  private func changed(
    _ old: Int, _ new: Int, _ action: HistoryEntry.Action? = nil, id: String = "count", name: String = "Count"
  ) -> AppEvent {
    .counterChanged(id: id, name: name, old: old, new: new, action: action ?? (new < old ? .subtract : .add))
  }

  @Test func showingTheScreenReportsOnlyThat() {
    let spy = EventRecorderSpy()
    let app = TestApps.counter(defaults: defaults, eventRecorder: spy)
    #expect(app.count == 10)
    #expect(spy.events == [.screenShown("counter")])
  }

  @Test func addAndSubtract() {
    sut.press(.space, .character("-"), .character("j"))
    #expect(spy.events == [changed(10, 11), changed(11, 10), changed(10, 9)])
  }

  @Test func resetReportsOnlyWhenConfirmed() {
    sut.press(.character("r"), .character("n"))
    #expect(spy.events.isEmpty)
    sut.press(.character("r"), .character("y"))
    #expect(spy.events == [changed(10, 0, .reset)])
  }

  @Test func typingAValue() {
    sut.press(.character("="))
    sut.type("42")
    sut.press(.enter)
    #expect(spy.events == [changed(10, 42, .set)])
  }

  @Test func aStepIsNotACounterChange() {
    sut.press(.character("s"))
    sut.type("3")
    sut.press(.enter)
    #expect(spy.events.isEmpty)
    sut.press(.space)
    #expect(spy.events == [changed(10, 13)])
  }

  @Test func undoAndRedoAreChangesToo() {
    sut.press(.space, .character("u"), .control("r"))
    #expect(spy.events == [changed(10, 11), changed(11, 10, .replay), changed(10, 11, .replay)])
  }

  @Test func makingRenamingAndDeletingACounter() {
    sut.createCounter(named: "laps")
    sut.press(.character("e"))
    sut.press(.backspace, .backspace, .backspace, .backspace)
    sut.type("swims")
    sut.press(.enter)
    sut.press(.character("d"), .character("y"))
    #expect(
      spy.events == [
        .counterCreated(id: "count-2", name: "laps"),
        .counterRenamed(id: "count-2", from: "laps", to: "swims"),
        .counterDeleted(id: "count-2", name: "swims", value: 0),
      ])
  }

  @Test func cancelledPromptsReportNothing() {
    sut.press(.character("n"))
    sut.type("laps")
    sut.press(.escape, .character("="))
    sut.type("5")
    sut.press(.escape, .character("d"))
    #expect(spy.events.isEmpty)
  }

  @Test func switchingCountersIsNotAChange() {
    sut.createCounter(named: "laps")
    spy.reset()
    sut.press(.tab, .backTab)
    #expect(spy.events.isEmpty)
  }

  @Test func theHelpIsAScreen() {
    sut.press(.character("?"))
    #expect(spy.events == [.screenShown("help")])
  }

  @Test func aRefusedChangeReportsNothing() {
    defaults.set(Int.max, forKey: "count")
    sut.press(.space)
    #expect(spy.events.isEmpty)
    #expect(sut.message?.contains("largest") == true)
  }
}
