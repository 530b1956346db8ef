/// A `UserDefaultsProtocol` store that lives only in memory: nothing is read from or
/// written to disk.
///
/// This is the article's `InMemoryUserDefaults`, and a product feature: the
/// `-useInMemoryUserDefaults` launch argument runs Tally on one, so scripted and UI tests
/// never touch the user's counts and never see each other's. It keeps the same domains as
/// the file store and accepts the same property-list values, so code behaves the same on
/// either.
public final class InMemoryUserDefaults: UserDefaultsProtocol {
  /// The values by domain; tests may inspect or arrange them directly.
  public var domains = DefaultsDomains()

  /// Makes an empty store, optionally with values already in its persistent domain.
  public init(values: [String: PropertyListValue] = [:]) {
    domains.persistent = values
  }

  public func object(forKey defaultName: String) -> Any? {
    domains.value(forKey: defaultName)?.anyValue
  }

  public func set(_ value: Any?, forKey defaultName: String) {
    guard let value else {
      removeObject(forKey: defaultName)
      return
    }
    // Foundation traps on a non-property-list value; Tally ignores it instead.
    guard let converted = PropertyListValue(any: value) else { return }
    domains.argument[defaultName] = nil
    domains.persistent[defaultName] = converted
  }

  public func removeObject(forKey defaultName: String) {
    domains.argument[defaultName] = nil
    domains.persistent[defaultName] = nil
  }

  public func register(defaults registrationDictionary: [String: Any]) {
    domains.register(registrationDictionary)
  }

  public func dictionaryRepresentation() -> [String: Any] {
    domains.resolved.mapValues(\.anyValue)
  }
}
