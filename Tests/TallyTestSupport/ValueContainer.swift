import TallyDefaults

/// Builds the launch arguments that put typed values into the app's argument domain:
/// `set(12, forKey: .count)` makes `["-count", "<integer>12</integer>"]`.
public struct ValueContainer: Sendable {
  /// In the order they were set; a key set twice keeps its last value.
  public private(set) var values: [(key: DefaultsKey, value: PropertyListValue)] = []

  public init() {}

  public mutating func set<T: UserDefaultsStorable>(_ value: T, forKey key: DefaultsKey) {
    set(value.propertyListValue, forKey: key)
  }

  public mutating func set<T: RawRepresentable>(_ value: T, forKey key: DefaultsKey) where T.RawValue: UserDefaultsStorable {
    set(value.rawValue.propertyListValue, forKey: key)
  }

  public mutating func set(_ value: PropertyListValue, forKey key: DefaultsKey) {
    values.removeAll { $0.key == key }
    values.append((key, value))
  }

  public var launchArguments: [String] {
    values.flatMap { ["-\($0.key.name)", PropertyListCodec.fragment($0.value)] }
  }
}
