/// The layered values behind a store, as Foundation's `UserDefaults` layers them: argument,
/// volatile (this run only), persistent (written), then registration.
public struct DefaultsDomains: Sendable, Equatable {
  public var argument: [String: PropertyListValue] = [:]
  public var volatile: [String: PropertyListValue] = [:]
  public var persistent: [String: PropertyListValue] = [:]
  public var registration: [String: PropertyListValue] = [:]

  public init() {}

  /// The value `key` resolves to, searching the domains in priority order.
  public func value(forKey key: String) -> PropertyListValue? {
    argument[key] ?? volatile[key] ?? persistent[key] ?? registration[key]
  }

  public var resolved: [String: PropertyListValue] {
    registration.merging(persistent) { $1 }.merging(volatile) { $1 }.merging(argument) { $1 }
  }

  /// Writes `value` to the persistent domain, dropping `key` from the argument domain.
  mutating func write(_ value: PropertyListValue?, forKey key: String) {
    argument[key] = nil
    persistent[key] = value
  }
}
