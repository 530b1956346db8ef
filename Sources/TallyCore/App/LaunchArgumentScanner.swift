/// Reads Apple-style launch arguments from a command line before the argument parser sees it.
///
/// Single-dash whole words (`-skipOnboarding`) would be read by a POSIX parser as clusters of
/// short flags, and an `h` in the cluster would print the help. The scanner lets the flags
/// that the parser declares through, takes `-<key> <value>` pairs for known defaults keys
/// out as the argument domain (the value is a property-list XML fragment such as
/// `<integer>12</integer>`, as swift-user-defaults' `ValueContainer` writes it, or a bare
/// string), and turns anything else of that shape into a usage error that names it.
public enum LaunchArgumentScanner {
  /// The command line split into the argument domain and what the parser should read.
  public struct Result: Equatable, Sendable {
    /// Arguments for the argument parser, in order.
    public var remaining: [String]
    /// Values given as `-<key> <value>`, for the argument domain.
    public var argumentDomain: [String: PropertyListValue]

    public init(remaining: [String], argumentDomain: [String: PropertyListValue]) {
      self.remaining = remaining
      self.argumentDomain = argumentDomain
    }
  }

  /// A launch argument that cannot be used; the message names it and what is allowed.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var argument: String
    public var reason: String

    public init(argument: String, reason: String) {
      self.argument = argument
      self.reason = reason
    }

    public var description: String {
      let flags = LaunchArgument.allCases.map(\.rawValue).joined(separator: ", ")
      let keys = AppDefaults.entries.map { "-\($0.key.name) <\($0.kind.rawValue)>" }.joined(separator: ", ")
      return "\(argument): \(reason)\nlaunch arguments: \(flags)\ndefaults keys: \(keys)"
    }
  }

  /// Splits `arguments` (without the program name).
  public static func scan(_ arguments: [String]) throws(Failure) -> Result {
    let flags = Set(LaunchArgument.allCases.map(\.rawValue))
    var result = Result(remaining: [], argumentDomain: [:])
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        result.remaining += arguments[(index - 1)...]
        break
      }
      guard isSingleDashWord(argument), !flags.contains(argument) else {
        result.remaining.append(argument)
        continue
      }
      let name = String(argument.dropFirst())
      guard let entry = AppDefaults.entry(named: name) else {
        throw Failure(argument: argument, reason: "not a launch argument or a defaults key Tally knows")
      }
      guard index < arguments.count else {
        throw Failure(argument: argument, reason: "needs a value, such as \(PropertyListCodec.fragment(entry.defaultValue))")
      }
      let text = arguments[index]
      index += 1
      result.argumentDomain[name] = try value(text, for: entry, argument: argument)
    }
    return result
  }

  /// "-word", not "--word", "-h" or "-5".
  private static func isSingleDashWord(_ argument: String) -> Bool {
    argument.hasPrefix("-") && !argument.hasPrefix("--") && argument.count > 2
      && argument.dropFirst().first?.isLetter == true
  }

  /// Reads a value as Foundation's argument domain does: XML when it starts with `<`, a bare
  /// string otherwise; a bare string is also accepted for a number, a bool or a date.
  static func value(_ text: String, for entry: AppDefaults.Entry, argument: String) throws(Failure) -> PropertyListValue {
    let value: PropertyListValue
    if text.trimmingXMLWhitespace().hasPrefix("<") {
      do {
        value = try PropertyListCodec.decodeFragment(text)
      } catch {
        throw Failure(argument: argument, reason: "the value \(quoted(text)) is not a property-list value: \(error.reason)")
      }
    } else if let coerced = coerce(text, to: entry.kind) {
      value = coerced
    } else {
      throw Failure(
        argument: argument, reason: "the value \(quoted(text)) is not \(article(entry.kind)) <\(entry.kind.rawValue)>")
    }
    guard value.kind == entry.kind else {
      throw Failure(
        argument: argument,
        reason: "expects \(article(entry.kind)) <\(entry.kind.rawValue)>, not \(article(value.kind)) <\(value.kind.rawValue)>")
    }
    return value
  }

  private static func coerce(_ text: String, to kind: PropertyListValue.Kind) -> PropertyListValue? {
    switch kind {
    case .string: return .string(text)
    case .integer:
      guard !text.contains(where: { $0 == "<" || $0 == "&" }) else { return nil }
      return (try? PropertyListCodec.decodeFragment("<integer>\(text)</integer>"))
    case .real: return Double(text).map(PropertyListValue.real)
    case .bool:
      switch text.lowercased() {
      case "yes", "true", "1": return .bool(true)
      case "no", "false", "0": return .bool(false)
      default: return nil
      }
    case .date: return UTCTime.date(from: text).map(PropertyListValue.date)
    case .data, .array, .dict: return nil
    }
  }

  private static func article(_ kind: PropertyListValue.Kind) -> String {
    kind == .integer || kind == .array ? "an" : "a"
  }

  private static func quoted(_ text: String) -> String {
    "'" + (text.count > 60 ? String(text.prefix(57)) + "..." : text) + "'"
  }
}
