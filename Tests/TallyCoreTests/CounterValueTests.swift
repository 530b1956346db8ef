import TallyApp
import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// Adding, subtracting, steps, typed values, resets and the limits of an Int.
struct CounterValueTests {
  private let defaults = InMemoryUserDefaults()

  init() {
    AppDefaults.register(in: defaults)
  }

  private func makeModel(count: Int = 0) -> AppViewModel {
    defaults.set(count, forKey: "count")
    return TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
  }

  @Test(arguments: [Key.character("-"), .down, .character("j")])
  func everyDecrementKeySubtractsTheStep(key: Key) {
    let sut = makeModel(count: 4)
    sut.press(key)
    #expect(sut.count == 3)
    #expect(defaults.integer(forKey: "count") == 3)
  }

  @Test func theStepIsWhatAddAndSubtractChangeBy() {
    let sut = makeModel(count: 10)
    sut.press(.character("s"))
    sut.type("5")
    sut.press(.enter)
    #expect(sut.counterScreen?.mode == .counting)
    #expect(sut.current.step == 5)

    sut.press(.space)
    #expect(sut.count == 15)
    sut.press(.character("j"), .character("j"), .character("j"))
    #expect(sut.count == 0)
    #expect(CountersModel(userDefaults: defaults, eventRecorder: EventRecorderSpy()).list.current.step == 5, "the step is saved")
  }

  @Test(arguments: [("0", "from 1 to"), ("-2", "from 1 to"), ("five", "not \"five\""), ("", "not \"\"")])
  func aBadStepKeepsThePromptOpenAndSaysWhy(text: String, reason: String) throws {
    let sut = makeModel()
    sut.press(.character("s"))
    sut.type(text)
    sut.press(.enter)
    let prompt = try #require(sut.prompt)
    #expect(prompt.error?.hasPrefix("The step must be a whole number") == true)
    #expect(prompt.error?.contains(reason) == true, "\(prompt.error ?? "")")
    #expect(sut.current.step == 1)
  }

  @Test func equalsSetsATypedValue() {
    let sut = makeModel(count: 3)
    sut.press(.character("="))
    #expect(sut.prompt?.question == "Set Count to:")
    sut.type("-42")
    #expect(sut.count == 3, "nothing changes before Enter")
    sut.press(.enter)
    #expect(sut.count == -42)
    #expect(defaults.integer(forKey: "count") == -42)
    #expect(sut.counterScreen?.mode == .counting)
  }

  @Test(arguments: ["12a", "+5", "4.5", "9223372036854775808", "-9223372036854775808", " "])
  func aBadValueGetsAMessageAndChangesNothing(text: String) throws {
    let sut = makeModel(count: 3)
    sut.press(.character("="))
    sut.type(text)
    sut.press(.enter)
    let prompt = try #require(sut.prompt)
    #expect(prompt.error?.hasPrefix("Type a whole number from -9223372036854775807 to 9223372036854775807") == true)
    #expect(sut.count == 3)

    sut.press(.control("u"))
    sut.type("8")
    sut.press(.enter)
    #expect(sut.count == 8, "the prompt stays usable after a refusal")
  }

  @Test(arguments: [Character("="), "s"])
  func escapeCancelsAValuePromptAndChangesNothing(key: Character) {
    let sut = makeModel(count: 3)
    sut.press(.character(key))
    sut.type("99")
    sut.press(.escape)
    #expect(sut.counterScreen?.mode == .counting)
    #expect(sut.count == 3)
    #expect(sut.current.step == 1)
    #expect(sut.undoStack.undoable.isEmpty)
  }

  @Test func resetAsksFirstAndYesSetsZero() throws {
    let sut = makeModel(count: 7)
    sut.press(.character("r"))
    #expect(try #require(sut.confirmation).question == "Reset Count to 0? y/N")
    #expect(sut.count == 7, "nothing changes before the answer")
    sut.press(.character("y"))
    #expect(sut.count == 0)
    #expect(defaults.integer(forKey: "count") == 0)
    #expect(sut.counterScreen?.mode == .counting)
  }

  @Test(arguments: [Key.character("n"), .enter, .escape, .character("r"), .space, .character("q")])
  func anyAnswerButYesCancelsTheReset(key: Key) {
    let sut = makeModel(count: 7)
    sut.press(.character("r"), key)
    #expect(sut.count == 7)
    #expect(sut.counterScreen?.mode == .counting)
    #expect(sut.message == "Not reset.")
  }

  @Test func atTheSmallestValueSubtractingLeavesTheValueAndSaysSo() {
    let sut = makeModel(count: -Int.max)
    sut.press(.character("-"))
    #expect(sut.count == -Int.max)
    #expect(defaults.integer(forKey: "count") == -Int.max)
    #expect(sut.message == "-9223372036854775807 is the smallest value a counter can hold; it stays there")
    #expect(sut.counterScreen?.status?.isWarning == true)
    #expect(sut.undoStack.undoable.isEmpty, "an unchanged value is not a change")
  }

  @Test func aStepThatWouldPassIntMaxLeavesTheValue() {
    let sut = makeModel(count: Int.max - 3)
    sut.press(.character("s"))
    sut.type("5")
    sut.press(.enter)
    sut.press(.space)
    #expect(sut.count == Int.max - 3)
    #expect(sut.message?.contains("largest") == true)
    sut.press(.down)
    #expect(sut.count == Int.max - 8)
    #expect(sut.message == nil)
  }

  @Test func typedValuesReachTheLimitsExactly() {
    let sut = makeModel()
    sut.press(.character("="))
    sut.type("9223372036854775807")
    sut.press(.enter)
    #expect(sut.count == Int.max)
    sut.press(.character("="))
    sut.type("-9223372036854775807")
    sut.press(.enter)
    #expect(sut.count == -Int.max)
  }

  @Test func aValueAnotherProcessSavesShowsWithoutAKey() {
    let sut = makeModel(count: 1)
    defaults.set(50, forKey: "count")
    // The run loop's watch of the store says so.
    sut.receive(.storeChanged)
    #expect(String(sut.count) == "50")
  }
}
