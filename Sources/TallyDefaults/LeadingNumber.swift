/// A string read as a number or a flag as Foundation's `UserDefaults` reads one (`NSString`'s
/// `integerValue`, `doubleValue` and `boolValue`): whitespace first is skipped, then a sign,
/// and what follows the number is ignored (docs/persistence.md).
enum LeadingNumber {
  /// Decimal digits after a sign (spaces may follow it), held at `Int`'s ends: `"12abc"` is 12.
  static func integer(_ text: String) -> Int {
    var rest = text.drop(while: \.isWhitespace)
    let isNegative = rest.first == "-"
    if isNegative || rest.first == "+" { rest = rest.dropFirst().drop(while: \.isWhitespace) }
    var value = 0
    for digit in rest.prefix(while: { $0.isASCII && $0.isWholeNumber }).utf8 {
      let (product, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = product.addingReportingOverflow(Int(digit - UInt8(ascii: "0")) * (isNegative ? -1 : 1))
      guard !overflow, !carry else { return isNegative ? .min : .max }
      value = sum
    }
    return value
  }

  /// A decimal number with a fraction and an exponent, or 0 (`inf`, `nan` and hexadecimal
  /// too, and an exponent with no digits).
  static func double(_ text: String) -> Double {
    let rest = text.drop(while: \.isWhitespace).utf8
    var end = rest.startIndex
    func take(_ bytes: String) -> Bool {
      guard end < rest.endIndex, bytes.utf8.contains(rest[end]) else { return false }
      end = rest.index(after: end)
      return true
    }
    func digits() -> Int {
      var count = 0
      while take("0123456789") { count += 1 }
      return count
    }
    _ = take("+-")
    var count = digits()
    if take(".") { count += digits() }
    guard count > 0 else { return 0 }
    if take("eE") {
      _ = take("+-")
      guard digits() > 0 else { return 0 }
    }
    return Double(Substring(rest[..<end])) ?? 0
  }

  /// True when the first character after a sign and zeros is `Y`, `T` (either case) or a
  /// digit from 1 to 9: `"YES"`, `"true"`, `"007"`.
  static func bool(_ text: String) -> Bool {
    var rest = text.drop(while: \.isWhitespace)
    if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
    return rest.drop { $0 == "0" }.first.map { "YyTt123456789".contains($0) } ?? false
  }
}
