/// A catalog's `Plural-Forms`: how many forms it has, and which one a number takes, by
/// gettext's C expression of `n` (`?:`, `||`, `&&`, comparisons, `+ - * / %`, `!`, brackets).
public struct PluralRule: Sendable {
  /// English's, and the default of a catalog without the field: `nplurals=2; plural=(n != 1);`.
  public static let english = PluralRule(count: 2, expression: .notEqual(.n, .constant(1)))

  /// `nplurals`.
  public let count: Int
  let expression: Expression

  /// Reads the header field, `nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2);`.
  public init?(header: String) {
    var nplurals: Int?
    var plural: String?
    for part in header.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
      guard pair.count == 2 else { continue }
      if pair[0] == "nplurals" { nplurals = Int(pair[1]) } else if pair[0] == "plural" { plural = pair[1] }
    }
    guard let nplurals, (1...6).contains(nplurals), let plural, plural.utf8.count <= 500,
      let expression = Parser.parse(plural)
    else { return nil }
    self.init(count: nplurals, expression: expression)
  }

  init(count: Int, expression: Expression) {
    self.count = count
    self.expression = expression
  }

  /// The form `n` takes; a negative number takes its magnitude's.
  public func form(for n: Int) -> Int {
    Int(clamping: expression.value(n: UInt64(n.magnitude)))
  }

  /// The tree of a plural expression.
  indirect enum Expression: Sendable {
    case n
    case constant(UInt64)
    case not(Expression)
    case binary(String, Expression, Expression)
    case choice(Expression, Expression, Expression)

    static func notEqual(_ a: Expression, _ b: Expression) -> Expression { .binary("!=", a, b) }

    /// Its value, with gettext's unsigned arithmetic (wrapping); a division by zero gives 0.
    func value(n: UInt64) -> UInt64 {
      switch self {
      case .n: return n
      case .constant(let value): return value
      case .not(let operand): return operand.value(n: n) == 0 ? 1 : 0
      case .choice(let condition, let then, let otherwise):
        return condition.value(n: n) != 0 ? then.value(n: n) : otherwise.value(n: n)
      case .binary(let op, let left, let right):
        let a = left.value(n: n)
        if op == "&&" { return a != 0 && right.value(n: n) != 0 ? 1 : 0 }
        if op == "||" { return a != 0 || right.value(n: n) != 0 ? 1 : 0 }
        return Self.apply(op, a, right.value(n: n))
      }
    }

    private static func apply(_ op: String, _ a: UInt64, _ b: UInt64) -> UInt64 {
      switch op {
      case "+": return a &+ b
      case "-": return a &- b
      case "*": return a &* b
      case "/": return b == 0 ? 0 : a / b
      case "%": return b == 0 ? 0 : a % b
      case "<": return a < b ? 1 : 0
      case "<=": return a <= b ? 1 : 0
      case ">": return a > b ? 1 : 0
      case ">=": return a >= b ? 1 : 0
      case "==": return a == b ? 1 : 0
      default: return a != b ? 1 : 0
      }
    }
  }

  /// A recursive-descent parser of the grammar, C's precedence, bounded in depth.
  struct Parser {
    /// The binary operators by precedence, loosest first.
    static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]
    var tokens: [String]
    var position = 0
    var depth = 0

    static func parse(_ text: String) -> Expression? {
      guard let tokens = tokenize(text) else { return nil }
      var parser = Parser(tokens: tokens)
      guard let expression = parser.choice(), parser.position == tokens.count else { return nil }
      return expression
    }

    static func tokenize(_ text: String) -> [String]? {
      var tokens: [String] = []
      var rest = Substring(text)
      while let first = rest.first {
        if first == " " || first == "\t" || first == "\n" {
          rest = rest.dropFirst()
        } else if first.isASCII && first.isNumber {
          let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
          tokens.append(String(digits))
          rest = rest.dropFirst(digits.count)
        } else if let op = ["||", "&&", "==", "!=", "<=", ">="].first(where: { rest.hasPrefix($0) }) {
          tokens.append(op)
          rest = rest.dropFirst(2)
        } else if "n?:()!<>+-*/%".contains(first) {
          tokens.append(String(first))
          rest = rest.dropFirst()
        } else {
          return nil
        }
      }
      return tokens
    }

    mutating func take(_ token: String) -> Bool {
      guard position < tokens.count, tokens[position] == token else { return false }
      position += 1
      return true
    }

    /// `condition ? a : b`, right-associative.
    mutating func choice() -> Expression? {
      depth += 1
      defer { depth -= 1 }
      guard depth < 40, let condition = binary(level: 0) else { return nil }
      guard take("?") else { return condition }
      guard let then = choice(), take(":"), let otherwise = choice() else { return nil }
      return .choice(condition, then, otherwise)
    }

    mutating func binary(level: Int) -> Expression? {
      guard level < Self.levels.count else { return unary() }
      guard var left = binary(level: level + 1) else { return nil }
      while let op = Self.levels[level].first(where: { take($0) }) {
        guard let right = binary(level: level + 1) else { return nil }
        left = .binary(op, left, right)
      }
      return left
    }

    mutating func unary() -> Expression? {
      depth += 1
      defer { depth -= 1 }
      guard depth < 40, position < tokens.count else { return nil }
      if take("!") { return unary().map { .not($0) } }
      if take("n") { return .n }
      if take("(") {
        guard let inner = choice(), take(")") else { return nil }
        return inner
      }
      guard let value = UInt64(tokens[position]) else { return nil }
      position += 1
      return .constant(value)
    }
  }
}
