import Testing

/// The bodies of the functions, initializers, subscripts and computed properties of Swift
/// source, found by counting braces outside string literals and comments.
///
/// It is not a parser: it knows the declarations by their keyword, and a computed property
/// by a `{` on the line of its `var`. That is enough for Tally's sources, which swift format
/// lays out.
enum SwiftBodyScanner {
  struct Body: Equatable {
    /// The declaration's name after the types around it: "Canvas.write", "Canvas.init".
    var name: String
    var firstLine: Int
    /// From the line of its keyword to the line of its closing brace, both included.
    var lines: Int
  }

  private enum Opening {
    case body(name: String, line: Int)
    case type(String)
    case other
  }

  private enum Context {
    case code
    /// An interpolation, `\(`, ends at the `)` that brings the parentheses back to `depth`.
    case interpolation(depth: Int)
    case string(multiline: Bool, hashes: Int)
  }

  /// A declaration waiting for its `{`, at a depth of parentheses; a property's waits on
  /// its own line only.
  private struct Pending {
    var opening: Opening
    var depth: Int
    var isProperty = false
  }

  private static let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/")
  private static let star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")

  static func bodies(in text: String) -> [Body] {
    var scan = Scan(bytes: Array(text.utf8))
    scan.run()
    return scan.bodies
  }

  private struct Scan {
    let bytes: [UInt8]
    var i = 0
    var line = 1
    var depth = 0
    var contexts: [Context] = [.code]
    var braces: [Opening] = []
    var pending: Pending?
    var bodies: [Body] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    func byte(_ offset: Int) -> UInt8? { i + offset < bytes.count ? bytes[i + offset] : nil }

    mutating func run() {
      while i < bytes.count {
        if bytes[i] == newline {
          line += 1
          if pending?.isProperty == true { pending = nil }
        }
        switch contexts.last ?? .code {
        case .string(let multiline, let hashes): scanString(multiline: multiline, hashes: hashes)
        case .code, .interpolation: scanCode()
        }
      }
    }

    /// Whether `count` hashes follow the byte at `offset`.
    func hashes(_ count: Int, after offset: Int) -> Bool {
      (0..<count).allSatisfy { byte(offset + 1 + $0) == hash }
    }

    mutating func scanString(multiline: Bool, hashes count: Int) {
      let c = bytes[i]
      if c == backslash && hashes(count, after: 0) {
        if byte(count + 1) == UInt8(ascii: "(") {
          contexts.append(.interpolation(depth: depth))
          depth += 1
        } else if byte(count + 1) == newline {
          line += 1
        }
        i += count + 2
      } else if c == quote && (!multiline || (byte(1) == quote && byte(2) == quote)) {
        let closing = multiline ? 3 : 1
        if hashes(count, after: closing - 1) {
          contexts.removeLast()
          i += closing + count
        } else {
          i += 1
        }
      } else {
        i += 1
      }
    }

    mutating func scanCode() {
      let c = bytes[i]
      if c == slash && byte(1) == slash {
        while i < bytes.count && bytes[i] != newline { i += 1 }
      } else if c == slash && byte(1) == star {
        skipBlockComment()
      } else if c == quote || (c == hash && startsRawString()) {
        openString()
      } else if c == UInt8(ascii: "(") {
        depth += 1
        i += 1
      } else if c == UInt8(ascii: ")") {
        depth -= 1
        i += 1
        if case .interpolation(let opened) = contexts.last, depth == opened { contexts.removeLast() }
      } else if c == UInt8(ascii: "{") {
        if let declaration = pending, declaration.depth == depth {
          braces.append(declaration.opening)
          pending = nil
        } else {
          braces.append(.other)
        }
        i += 1
      } else if c == UInt8(ascii: "}") {
        close()
        i += 1
      } else if c == UInt8(ascii: "=") {
        if pending?.isProperty == true { pending = nil }
        i += 1
      } else if isWordStart(c) && (i == 0 || !isWordByte(bytes[i - 1])) {
        word()
      } else {
        i += 1
      }
    }

    mutating func skipBlockComment() {
      var nesting = 0
      repeat {
        if bytes[i] == slash && byte(1) == star {
          nesting += 1
          i += 2
        } else if bytes[i] == star && byte(1) == slash {
          nesting -= 1
          i += 2
        } else {
          if bytes[i] == newline { line += 1 }
          i += 1
        }
      } while nesting > 0 && i < bytes.count
    }

    func startsRawString() -> Bool {
      var j = i
      while j < bytes.count && bytes[j] == hash { j += 1 }
      return j < bytes.count && bytes[j] == quote
    }

    mutating func openString() {
      var count = 0
      while bytes[i] == hash {
        count += 1
        i += 1
      }
      let multiline = byte(1) == quote && byte(2) == quote
      contexts.append(.string(multiline: multiline, hashes: count))
      i += multiline ? 3 : 1
    }

    mutating func close() {
      if pending?.depth == depth { pending = nil }
      guard let opening = braces.popLast() else { return }
      if case .body(let name, let first) = opening {
        bodies.append(Body(name: name, firstLine: first, lines: line - first + 1))
      }
    }

    func isWordStart(_ c: UInt8) -> Bool {
      (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
        || c == UInt8(ascii: "_")
    }

    func isWordByte(_ c: UInt8) -> Bool {
      isWordStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".")
        || c == UInt8(ascii: "`")
    }

    /// Reads the word at `i`, past it, and notes the declaration it begins.
    mutating func word() {
      let word = readWord()
      switch word {
      case "func":
        pending = Pending(opening: .body(name: qualified(nextName()), line: line), depth: depth)
      case "init", "deinit", "subscript":
        pending = Pending(opening: .body(name: qualified(word), line: line), depth: depth)
      case "var":
        pending = Pending(opening: .body(name: qualified(nextName()), line: line), depth: depth, isProperty: true)
      case "struct", "class", "enum", "actor", "protocol", "extension":
        let name = nextName()
        let keywords = ["func", "var", "let", "static", "final", "override", "private", "public", "package", "init"]
        if !keywords.contains(name) { pending = Pending(opening: .type(name), depth: depth) }
      default:
        break
      }
    }

    mutating func readWord() -> String {
      let start = i
      while i < bytes.count && isWordByte(bytes[i]) && bytes[i] != UInt8(ascii: ".") { i += 1 }
      return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// The name after a keyword (an identifier, a dotted type or an operator), not read past.
    func nextName() -> String {
      var j = i
      while j < bytes.count && bytes[j] == UInt8(ascii: " ") { j += 1 }
      let start = j
      let ends: Set<UInt8> = [UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: " "), UInt8(ascii: ":"), newline]
      while j < bytes.count && !ends.contains(bytes[j]) { j += 1 }
      return String(decoding: bytes[start..<j], as: UTF8.self)
    }

    func qualified(_ name: String) -> String {
      let types = braces.compactMap { opening -> String? in
        if case .type(let type) = opening { return type }
        return nil
      }
      return (types + [name]).joined(separator: ".")
    }
  }
}

struct SwiftBodyScannerTests {
  @Test func countsFromTheKeywordToTheClosingBraceSkippingStringsAndComments() {
    let source = #"""
      struct Box {
        /// A brace in a comment: {
        func first() -> String {
          let text = "}\("{" + ")")"
          /* } /* nested } */ } */
          return text + #"}"#
        }

        var total: Int {
          3
        }

        init(x: Int = { 1 }()) {
          let raw = """
            }
            """
        }
      }
      """#
    #expect(
      SwiftBodyScanner.bodies(in: source) == [
        .init(name: "Box.first", firstLine: 3, lines: 5),
        .init(name: "Box.total", firstLine: 9, lines: 3),
        .init(name: "Box.init", firstLine: 13, lines: 5),
      ])
  }

  @Test func aRequirementOrAStoredPropertyHasNoBody() {
    let source = """
      protocol P {
        func f()
      }
      struct S {
        var stored: Int
        func g() {
          if true {
          }
        }
      }
      """
    #expect(SwiftBodyScanner.bodies(in: source) == [.init(name: "S.g", firstLine: 6, lines: 4)])
  }
}
