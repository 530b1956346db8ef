/// The C-format placeholders Tally's texts use: `%1$s`, `%2$s` and `%%` for a `%`.
enum Placeholders {
  /// `format` with each `%N$s` replaced by `arguments[N - 1]` and `%%` by `%`; `nil` for
  /// any other `%` sequence or a number past the arguments.
  static func format(_ format: String, _ arguments: [String]) -> String? {
    var result = ""
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      rest = rest[rest.index(after: percent)...]
      if rest.first == "%" {
        result += "%"
        rest = rest.dropFirst()
        continue
      }
      guard let (number, after) = placeholder(at: rest), number <= arguments.count else { return nil }
      result += arguments[number - 1]
      rest = after
    }
    return result + rest
  }

  /// The placeholder numbers in `format`, in order (`%%` aside); `nil` if it has a `%`
  /// sequence other than `%N$s` and `%%`.
  static func numbers(in format: String) -> [Int]? {
    var numbers: [Int] = []
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      rest = rest[rest.index(after: percent)...]
      if rest.first == "%" {
        rest = rest.dropFirst()
        continue
      }
      guard let (number, after) = placeholder(at: rest) else { return nil }
      numbers.append(number)
      rest = after
    }
    return numbers
  }

  /// `N` of `N$s` at the start of `text` (after its `%`), and what follows it.
  private static func placeholder(at text: Substring) -> (Int, Substring)? {
    let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
    guard !digits.isEmpty, digits.count <= 2, let number = Int(digits), number > 0 else { return nil }
    let after = text[digits.endIndex...]
    guard after.hasPrefix("$s") else { return nil }
    return (number, after.dropFirst(2))
  }
}
