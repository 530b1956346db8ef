import TallyModel
import Testing

struct CounterInputTests {
  @Test(arguments: [
    ("42", 42), ("-7", -7), ("0", 0), (" 12 ", 12), ("007", 7),
    ("9223372036854775807", Int.max), ("-9223372036854775807", -Int.max),
  ])
  func valuesAreDigitsWithAnOptionalMinus(text: String, value: Int) throws {
    #expect(try CounterInput.value(from: text) == value)
  }

  @Test(arguments: [
    "", "-", "+5", "1 000", "1,000", "4.5", "twelve", "١٢", "9223372036854775808", "-9223372036854775808", "--1", "1-",
  ])
  func anythingElseIsRefusedWithWhatToType(text: String) {
    #expect(throws: CounterError.invalidValue(text.trimmingXMLWhitespaceForTests())) {
      try CounterInput.value(from: text)
    }
    #expect(CounterError.invalidValue(text).description.hasPrefix("type a whole number from -9223372036854775807"))
  }

  @Test(arguments: [("1", 1), ("5", 5), (" 10 ", 10), ("9223372036854775807", Int.max)])
  func stepsArePositiveWholeNumbers(text: String, step: Int) throws {
    #expect(try CounterInput.step(from: text) == step)
  }

  @Test(arguments: ["0", "-3", "", "two", "1.5", "99999999999999999999"])
  func otherStepsAreRefused(text: String) {
    #expect(throws: CounterError.invalidStep(text)) { try CounterInput.step(from: text) }
  }
}

extension String {
  fileprivate func trimmingXMLWhitespaceForTests() -> String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
