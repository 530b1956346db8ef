/// Reads what a user typed for a counter's value (digits, an optional leading `-`) or step
/// (at least 1), surrounding spaces ignored.
public enum CounterInput {
  /// The value `text` spells, or why it is not one.
  public static func value(from text: String) throws(CounterError) -> Int {
    let trimmed = text.trimmingXMLWhitespace()
    guard isWholeNumber(trimmed), let value = Int(trimmed), Counter.values.contains(value) else { throw .invalidValue(trimmed) }
    return value
  }

  /// The step `text` spells, or why it is not one.
  public static func step(from text: String) throws(CounterError) -> Int {
    let trimmed = text.trimmingXMLWhitespace()
    guard isWholeNumber(trimmed), let step = Int(trimmed), step > 0 else { throw .invalidStep(trimmed) }
    return step
  }

  private static func isWholeNumber(_ text: String) -> Bool {
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
