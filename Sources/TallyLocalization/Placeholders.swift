/// The C-format placeholders Tally's texts use: `%1$s`, `%2$s` and `%%` for a `%`.
///
/// Read on the UTF-8 bytes: a catalog is checked whole when it is read, so this is on the
/// path of a translated first frame.
enum Placeholders {
  /// `format` with each `%N$s` replaced by `arguments[N - 1]` and `%%` by `%`; `nil` for
  /// any other `%` sequence or a number past the arguments.
  static func format(_ format: String, _ arguments: [String]) -> String? {
    var result = ""
    var failed = false
    scan(format) { piece in
      switch piece {
      case .literal(let bytes): result += String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
      case .percent: result += "%"
      case .placeholder(let number) where number <= arguments.count: result += arguments[number - 1]
      default: failed = true
      }
    }
    return failed ? nil : result
  }

  /// The placeholder numbers in `format`, in order (`%%` aside); `nil` if it has a `%`
  /// sequence other than `%N$s` and `%%`.
  static func numbers(in format: String) -> [Int]? {
    var numbers: [Int] = []
    var failed = false
    scan(format) { piece in
      switch piece {
      case .placeholder(let number): numbers.append(number)
      case .invalid: failed = true
      default: break
      }
    }
    return failed ? nil : numbers
  }

  enum Piece {
    case literal(Slice<UnsafeBufferPointer<UInt8>>)
    case percent
    case placeholder(Int)
    case invalid
  }

  /// Calls `body` with each piece of `format`, stopping at the first invalid one.
  private static func scan(_ format: String, _ body: (Piece) -> Void) {
    var format = format
    format.withUTF8 { scan($0, body) }
  }

  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Piece) -> Void) {
    var start = 0
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "%") else {
        index += 1
        continue
      }
      if start < index { body(.literal(bytes[start..<index])) }
      var digits = index + 1
      var number = 0
      while digits < bytes.count, digits - index <= 2, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digits]) {
        number = number * 10 + Int(bytes[digits] - UInt8(ascii: "0"))
        digits += 1
      }
      if digits == index + 1, digits < bytes.count, bytes[digits] == UInt8(ascii: "%") {
        body(.percent)
        index = digits + 1
      } else if number > 0, digits + 1 < bytes.count, bytes[digits] == UInt8(ascii: "$"), bytes[digits + 1] == UInt8(ascii: "s") {
        body(.placeholder(number))
        index = digits + 2
      } else {
        body(.invalid)
        return
      }
      start = index
    }
    if start < bytes.count { body(.literal(bytes[start...])) }
  }
}
