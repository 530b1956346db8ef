extension DefaultsKey {
  /// The book's counter value.
  public static let count = DefaultsKey("count")
  /// `true` once onboarding was finished or skipped (the UI-testing article's key).
  public static let hasOnboardingBeenShown = DefaultsKey("hasOnboardingBeenShown")
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
