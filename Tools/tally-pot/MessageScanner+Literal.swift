extension MessageScanner {
  /// Stands for an interpolation in a literal's raw text.
  static let hole: Unicode.Scalar = "\u{FFFF}"

  /// Reads the string literal at the position: its msgid, or `nil` for a raw string
  /// (`#"..."#`), which is skipped.
  mutating func literal() throws(Problem) -> String? {
    if peek() == "#" {
      skipRawString()
      return nil
    }
    let multiline = starts(with: "\"\"\"")
    position += multiline ? 3 : 1
    var raw: [Unicode.Scalar] = []
    while true {
      guard let scalar = peek() else { throw Problem(line: line, problem: "a string literal without its end") }
      if multiline ? starts(with: "\"\"\"") : scalar == "\"" {
        position += multiline ? 3 : 1
        break
      }
      if scalar == "\\" && peek(1) == "(" {
        position += 2
        try code(closing: ")")
        raw.append(Self.hole)
      } else if scalar == "\\", let next = peek(1) {
        raw += [scalar, next]
        position += 2
      } else {
        raw.append(scalar)
        position += 1
      }
    }
    let text = multiline ? Self.dedented(raw) : raw
    guard let decoded = Self.unescaped(text) else { throw Problem(line: line, problem: "an escape tally-pot cannot read") }
    return Self.msgid(decoded)
  }

  /// A multi-line literal's lines without the closing delimiter's indentation.
  static func dedented(_ raw: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    guard lines.count >= 2 else { return [] }
    let indentation = lines.removeLast().count
    lines.removeFirst()
    let content = lines.map { Array($0.dropFirst(min(indentation, $0.prefix(while: { $0 == " " || $0 == "\t" }).count))) }
    return Array(content.joined(separator: ["\n"]))
  }

  /// The text of a literal's raw scalars: escapes decoded, a backslash at the end of a line
  /// joining it to the next.
  static func unescaped(_ raw: [Unicode.Scalar]) -> [Unicode.Scalar]? {
    var result: [Unicode.Scalar] = []
    var index = 0
    while index < raw.count {
      let scalar = raw[index]
      index += 1
      guard scalar == "\\", index < raw.count else {
        result.append(scalar)
        continue
      }
      let next = raw[index]
      index += 1
      switch next {
      case "n": result.append("\n")
      case "t": result.append("\t")
      case "r": result.append("\r")
      case "0": result.append("\0")
      case "\"", "'", "\\": result.append(next)
      case "\n": break
      case "u":
        guard let close = raw[index...].firstIndex(of: "}"), raw[index] == "{",
          let value = UInt32(String(String.UnicodeScalarView(raw[(index + 1)..<close])), radix: 16),
          let decoded = Unicode.Scalar(value)
        else { return nil }
        result.append(decoded)
        index = close + 1
      default: return nil
      }
    }
    return result
  }

  /// The msgid of a literal's text: `%` as `%%` and each interpolation `%N$s`, as
  /// `Translatable` makes it.
  static func msgid(_ text: [Unicode.Scalar]) -> String {
    var msgid = ""
    var count = 0
    for scalar in text {
      if scalar == hole {
        count += 1
        msgid += "%\(count)$s"
      } else if scalar == "%" {
        msgid += "%%"
      } else {
        msgid.unicodeScalars.append(scalar)
      }
    }
    return msgid
  }

  private mutating func skipRawString() {
    var hashes = 0
    while peek() == "#" {
      hashes += 1
      position += 1
    }
    let multiline = starts(with: "\"\"\"")
    position += multiline ? 3 : 1
    let end = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
    while peek() != nil, !starts(with: end) { position += 1 }
    position += end.unicodeScalars.count
  }
}
