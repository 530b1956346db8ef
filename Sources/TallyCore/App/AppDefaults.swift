extension DefaultsKey {
  /// The book's counter value.
  public static let count = DefaultsKey("count")
  /// `true` once onboarding was finished or skipped (the UI-testing article's key).
  public static let hasOnboardingBeenShown = DefaultsKey("hasOnboardingBeenShown")
  /// The local hour (0 to 23) a day starts at for goals and streaks, for people who count
  /// past midnight.
  public static let dayStartsAtHour = DefaultsKey("dayStartsAtHour")
}

/// Every defaults key Tally reads, with its kind and default: the one place the app's
/// defaults are registered, and the list of keys a launch argument may override.
public enum AppDefaults {
  /// A key Tally knows.
  public struct Entry: Sendable {
    public var key: DefaultsKey
    public var defaultValue: PropertyListValue
    public var summary: String

    public var kind: PropertyListValue.Kind { defaultValue.kind }
  }

  public static let entries: [Entry] = [
    Entry(key: .count, defaultValue: .integer(0), summary: "the first counter's value"),
    Entry(key: .hasOnboardingBeenShown, defaultValue: .bool(false), summary: "whether onboarding was shown"),
    Entry(
      key: .counters, defaultValue: [CountersModel.firstCounter].propertyListValue,
      summary: "the counters: an array of dicts with id, name and step"),
    Entry(key: .currentCounter, defaultValue: .string(CountersModel.firstCounter.id), summary: "the id of the counter on screen"),
    Entry(
      key: .dayStartsAtHour, defaultValue: .integer(0),
      summary: "the hour (0 to 23) a day starts at for goals and streaks"),
  ]

  /// The entry for `name`, if Tally knows it.
  public static func entry(named name: String) -> Entry? {
    entries.first { $0.key.name == name }
  }

  /// Registers every default in `store`'s registration domain; called once at start.
  public static func register(in store: UserDefaultsProtocol) {
    store.register(defaults: Dictionary(uniqueKeysWithValues: entries.map { ($0.key.name, $0.defaultValue.anyValue) }))
  }
}

extension AppDefaults.Entry {
  /// A launch argument's value that does not fit its key; the description says why.
  public struct ArgumentValueError: Error, CustomStringConvertible {
    /// Why the value was refused, naming the value and the kind the key takes.
    public var description: String
  }

  /// Reads the value of a `-<key> <value>` launch argument for this key, as Foundation's
  /// argument domain does: a property-list XML fragment when it starts with `<`, otherwise
  /// bare text that spells a value of the key's kind (`12`, `YES`, a string).
  public func value(fromArgument text: String) throws(ArgumentValueError) -> PropertyListValue {
    let value: PropertyListValue?
    if text.trimmingXMLWhitespace().hasPrefix("<") {
      do {
        value = try PropertyListCodec.decodeFragment(text)
      } catch {
        throw ArgumentValueError(description: "not a property-list value: \(error.reason)")
      }
    } else {
      switch kind {
      case .string: value = .string(text)
      case .integer: value = Int64(text).map(PropertyListValue.integer)
      case .bool:
        value =
          ["yes", "true", "1"].contains(text.lowercased())
          ? .bool(true) : ["no", "false", "0"].contains(text.lowercased()) ? .bool(false) : nil
      default: value = nil
      }
    }
    guard let value else { throw ArgumentValueError(description: "not \(Self.article(kind)) <\(kind.rawValue)>") }
    guard value.kind == kind else {
      throw ArgumentValueError(
        description: "expects \(Self.article(kind)) <\(kind.rawValue)>, not \(Self.article(value.kind)) <\(value.kind.rawValue)>")
    }
    return value
  }

  private static func article(_ kind: PropertyListValue.Kind) -> String {
    kind == .integer || kind == .array ? "an" : "a"
  }
}
