import TallyApp
import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// Undo and redo of every change, across counters.
struct CounterUndoTests {
  private let defaults = InMemoryUserDefaults()
  private var store: CountersModel { CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy()) }

  init() {
    AppDefaults.register(in: defaults)
  }

  private func makeModel() -> AppViewModel { TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy()) }

  @Test func uUndoesAndCtrlRRedoesValueChanges() {
    let sut = makeModel()
    sut.press(.space, .space, .character("-"))
    #expect(sut.count == 1)
    sut.press(.character("u"))
    #expect(sut.count == 2)
    #expect(sut.message == "Undone: Count 2 → 1 (now 2)")
    sut.press(.character("u"), .character("u"))
    #expect(sut.count == 0)
    #expect(defaults.integer(forKey: "count") == 0)
    sut.press(.control("r"))
    #expect(sut.count == 1)
    #expect(sut.message == "Redone: Count 0 → 1 (now 1)")
  }

  @Test func undoGoesBackAcrossCountersAndShowsTheOneItChanges() {
    let sut = makeModel()
    sut.press(.space)
    sut.createCounter(named: "laps")
    sut.press(.space, .space, .backTab, .space)
    #expect(sut.counters.list.counters.map(\.value) == [2, 2])

    sut.press(.character("u"))
    #expect(sut.counters.list.counters.map(\.value) == [1, 2])
    sut.press(.character("u"))
    #expect(sut.current.name == "laps", "undo shows the counter it changed")
    #expect(sut.counters.list.counters.map(\.value) == [1, 1])
    sut.press(.character("u"), .character("u"))
    #expect(sut.counters.list.counters.map(\.name) == ["Count"], "undoing the new counter deletes it")
    #expect(sut.current.name == "Count")
    sut.press(.character("u"))
    #expect(sut.count == 0)
    sut.press(.character("u"))
    #expect(sut.message == "Nothing to undo.")

    for _ in 0..<5 { sut.press(.control("r")) }
    #expect(sut.counters.list.counters.map(\.name) == ["Count", "laps"])
    #expect(sut.counters.list.counters.map(\.value) == [2, 2])
    sut.press(.control("r"))
    #expect(sut.message == "Nothing to redo.")
  }

  @Test func aNewChangeClearsWhatCouldBeRedone() {
    let sut = makeModel()
    sut.press(.space, .space, .character("u"), .character("k"))
    sut.press(.control("r"))
    #expect(sut.count == 2)
    #expect(sut.message == "Nothing to redo.")
  }

  @Test func resetsTypedValuesStepsAndRenamesAreUndone() {
    let sut = makeModel()
    sut.press(.space, .space, .space, .character("r"), .character("y"))
    #expect(sut.count == 0)
    sut.press(.character("u"))
    #expect(sut.count == 3)

    sut.press(.character("="))
    sut.type("100")
    sut.press(.enter, .character("u"))
    #expect(sut.count == 3)

    sut.press(.character("s"))
    sut.type("10")
    sut.press(.enter, .character("u"))
    #expect(sut.current.step == 1)
    sut.press(.control("r"))
    #expect(sut.current.step == 10)

    sut.press(.character("e"), .control("u"))
    sut.type("Cups")
    sut.press(.enter)
    #expect(sut.current.name == "Cups")
    sut.press(.character("u"))
    #expect(sut.current.name == "Count")
    #expect(sut.message == "Undone: rename Count → Cups")
  }

  @Test func aDeletedCounterComesBackWithItsValueAndPlace() {
    let sut = makeModel()
    sut.createCounter(named: "laps")
    sut.createCounter(named: "reps")
    sut.press(.backTab)
    sut.press(.space, .space, .space, .character("d"), .character("y"))
    #expect(sut.counters.list.counters.map(\.name) == ["Count", "reps"])

    sut.press(.character("u"))
    #expect(sut.counters.list.counters.map(\.name) == ["Count", "laps", "reps"])
    #expect(sut.current.name == "laps")
    #expect(sut.count == 3)
    #expect(defaults.integer(forKey: "count-2") == 3)

    sut.press(.control("r"))
    #expect(sut.counters.list.counters.map(\.name) == ["Count", "reps"])
    sut.press(.character("u"), .character("u"))
    #expect(sut.count == 2, "the value changes from before the delete undo in turn")
  }

  @Test func undoKeepsAChangeAnotherProcessMadeMeanwhile() {
    let sut = makeModel()
    sut.press(.space)  // 0 → 1
    defaults.set(11, forKey: "count")  // another process adds 10
    sut.press(.character("u"))
    #expect(sut.count == 10, "the undo takes back this run's +1 only")
    sut.press(.control("r"))
    #expect(sut.count == 11)
  }

  @Test func undoingAResetAfterAnotherProcessAddedKeepsTheirAddition() {
    let sut = makeModel()
    sut.press(.character("="))
    sut.type("10")
    sut.press(.enter, .character("r"), .character("y"))
    defaults.set(3, forKey: "count")  // another process adds 3 after the reset
    sut.press(.character("u"))
    #expect(sut.count == 13)
  }

  @Test func aChangeToACounterDeletedElsewhereCannotBeUndoneAndIsDropped() throws {
    let sut = makeModel()
    sut.createCounter(named: "laps")
    sut.press(.space)
    try store.perform(.delete("count-2"))
    sut.press(.character("u"))
    #expect(sut.message == "Cannot undo: that counter was deleted meanwhile.")
    #expect(sut.counterScreen?.status?.isWarning == true)
    #expect(sut.undoStack.redoable.isEmpty)
    #expect(sut.undoStack.undoable.count == 1, "the next undo goes on with older changes")
  }

  @Test func anUndoThatWouldPassALimitLeavesTheValue() {
    let sut = makeModel()
    sut.press(.character("="))
    sut.type("-5")
    sut.press(.enter)  // 0 → -5
    defaults.set(Int.max - 1, forKey: "count")
    sut.press(.character("u"))  // +5 would pass Int.max
    #expect(sut.count == Int.max - 1)
    #expect(
      sut.message
        == "Cannot undo Count 0 → -5: that would pass 9223372036854775807, the largest value a counter can hold; the value stays 9223372036854775806"
    )
  }

  @Test func aRestoredCounterKeepsItsIdAndHistoryWhenAnotherWasMadeMeanwhile() throws {
    let sut = makeModel()
    sut.createCounter(named: "laps")  // count-2
    sut.press(.space, .space, .character("d"), .character("y"))
    // Another process makes a counter: a new id, never the deleted counter's.
    let other = try store.perform(.create(named: "other", selecting: false))
    #expect(other?.counterID == "count-3")

    sut.press(.character("u"))
    #expect(sut.current.name == "laps")
    #expect(sut.current.id == "count-2")
    #expect(sut.count == 2)
    sut.press(.character("u"))
    #expect(sut.count == 1, "the older change follows the counter to its new id")
    #expect(store.list.counter(named: "other")?.value == 0)
  }

  @Test func theHistoryKeepsTheLatestChanges() {
    var history = UndoStack()
    for value in 0..<(UndoStack.limit + 5) {
      history.record(.value(counterID: "count", from: value, to: value + 1))
    }
    #expect(history.undoable.count == UndoStack.limit)
    #expect(history.undoable.first == .value(counterID: "count", from: 5, to: 6))
  }

  @Test func selectingACounterIsNotAChange() {
    let sut = makeModel()
    sut.createCounter(named: "laps")
    let before = sut.undoStack.undoable.count
    sut.press(.tab, .tab)
    #expect(sut.undoStack.undoable.count == before)
  }
}
