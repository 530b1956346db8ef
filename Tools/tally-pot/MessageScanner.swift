/// The texts marked for translation in Swift source: the string literals of `tr("...")`,
/// `trMarked("...")` and `tr(count: n, one: "...", other: "...")`, with their msgids as `Translatable` makes them at
/// run time (each interpolation a `%N$s`, a `%` written `%%` in a C format).
struct MessageScanner {
  /// One marked text.
  struct Message: Hashable, Comparable {
    var msgid: String
    var msgidPlural: String?

    static func < (a: Message, b: Message) -> Bool { (a.msgid, a.msgidPlural ?? "") < (b.msgid, b.msgidPlural ?? "") }
  }

  /// A `tr` call the scanner cannot read: its text is not a literal.
  struct Problem: Error, CustomStringConvertible {
    let line: Int
    let problem: String
    var description: String { "line \(line): \(problem)" }
  }

  private let scalars: [Unicode.Scalar]
  var position = 0
  private(set) var messages: [Message] = []

  /// The marked texts of `source`, in order.
  static func messages(in source: String) throws(Problem) -> [Message] {
    var scanner = MessageScanner(scalars: Array(source.unicodeScalars))
    try scanner.code(closing: nil)
    return scanner.messages
  }

  private init(scalars: [Unicode.Scalar]) {
    self.scalars = scalars
  }

  var line: Int { scalars[..<min(position, scalars.count)].count(where: { $0 == "\n" }) + 1 }

  func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    position + offset < scalars.count ? scalars[position + offset] : nil
  }

  func starts(with text: String) -> Bool {
    text.unicodeScalars.enumerated().allSatisfy { peek($0.offset) == $0.element }
  }

  private static func isIdentifier(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar else { return false }
    return scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
  }

  /// Code up to the bracket that closes the one before it (`closing`), or the end: comments
  /// and literals skipped, `tr` calls read.
  mutating func code(closing: Unicode.Scalar?) throws(Problem) {
    while let scalar = peek() {
      if starts(with: "//") {
        while let next = peek(), next != "\n" { position += 1 }
      } else if starts(with: "/*") {
        skipBlockComment()
      } else if scalar == "\"" || (scalar == "#" && peek(1) == "\"") {
        _ = try literal()
      } else if scalar == "(" || scalar == "[" || scalar == "{" {
        position += 1
        try code(closing: scalar == "(" ? ")" : scalar == "[" ? "]" : "}")
      } else if scalar == closing {
        position += 1
        return
      } else if let marker = ["tr(", "trMarked("].first(where: starts(with:)),
        !Self.isIdentifier(position > 0 ? scalars[position - 1] : nil)
      {
        position += marker.unicodeScalars.count
        try call()
      } else {
        position += 1
      }
    }
  }

  private mutating func skipBlockComment() {
    var depth = 0
    repeat {
      if starts(with: "/*") {
        depth += 1
        position += 2
      } else if starts(with: "*/") {
        depth -= 1
        position += 2
      } else {
        position += 1
      }
    } while depth > 0 && position < scalars.count
  }

  private mutating func skipSpace() {
    while let scalar = peek(), scalar == " " || scalar == "\n" || scalar == "\t" { position += 1 }
  }

  /// After `tr(`: its literal, or `count: ..., one: "...", other: "..."`, and the `)`.
  private mutating func call() throws(Problem) {
    skipSpace()
    if starts(with: "count:") {
      position += 6
      try expression(until: "one:")
      let one = try argumentLiteral()
      skipSpace()
      guard peek() == "," else { throw Problem(line: line, problem: "tr(count:one:other:) without other:") }
      position += 1
      skipSpace()
      guard starts(with: "other:") else { throw Problem(line: line, problem: "tr(count:one:other:) without other:") }
      position += 6
      let other = try argumentLiteral()
      messages.append(Message(msgid: one, msgidPlural: other))
    } else if peek() == "\"" {
      messages.append(Message(msgid: try argumentLiteral()))
    } else {
      // A `Translatable` kept elsewhere, whose literal is marked where it is written.
      try code(closing: ")")
      return
    }
    skipSpace()
    guard peek() == ")" else { throw Problem(line: line, problem: "tr takes one string literal, nothing else") }
    position += 1
  }

  private mutating func argumentLiteral() throws(Problem) -> String {
    skipSpace()
    guard peek() == "\"" else { throw Problem(line: line, problem: "tr takes a string literal (the text is its msgid)") }
    guard let msgid = try literal() else { throw Problem(line: line, problem: "a raw string in tr") }
    return msgid
  }

  /// Skips the count expression up to `label` at its own level.
  private mutating func expression(until label: String) throws(Problem) {
    while peek() != nil, !(starts(with: ",") && followedByLabel(label)) {
      if let scalar = peek(), scalar == "(" || scalar == "[" {
        position += 1
        try code(closing: scalar == "(" ? ")" : "]")
      } else if peek() == "\"" {
        _ = try literal()
      } else {
        position += 1
      }
    }
    position += 1
    skipSpace()
    position += label.unicodeScalars.count
  }

  private func followedByLabel(_ label: String) -> Bool {
    var offset = 1
    while let scalar = peek(offset), scalar == " " || scalar == "\n" { offset += 1 }
    return label.unicodeScalars.enumerated().allSatisfy { peek(offset + $0.offset) == $0.element }
  }
}
