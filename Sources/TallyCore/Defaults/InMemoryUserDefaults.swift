/// A `UserDefaultsProtocol` store that lives only in memory: nothing is read from or
/// written to disk.
///
/// This is the article's `InMemoryUserDefaults`, and a product feature: the
/// `-useInMemoryUserDefaults` launch argument runs Tally on one, so scripted and UI tests
/// never touch the user's counts and never see each other's. It keeps the same domains as
/// the file store, accepts the same property-list values and notifies observers the same
/// way, so code behaves the same on either.
public final class InMemoryUserDefaults: LayeredUserDefaults {
  public private(set) var domains = DefaultsDomains()
  public private(set) var problems: [DefaultsProblem] = []
  private let handlers = DefaultsChangeHandlers()

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
    // Foundation traps on a non-property-list value; Tally reports it instead.
    guard let converted = PropertyListValue(any: value) else {
      report(DefaultsProblem(key: defaultName, message: "a \(type(of: value)) is not a property-list value; nothing was written"))
      return
    }
    change { $0.argument[defaultName] = nil; $0.persistent[defaultName] = converted }
  }

  public func removeObject(forKey defaultName: String) {
    change { $0.argument[defaultName] = nil; $0.persistent[defaultName] = nil }
  }

  public func register(defaults registrationDictionary: [String: Any]) {
    change { $0.register(registrationDictionary) }
  }

  public func dictionaryRepresentation() -> [String: Any] {
    domains.resolved.mapValues(\.anyValue)
  }

  public func addChangeHandler(_ handler: @escaping (Set<String>) -> Void) -> DefaultsObservation {
    handlers.add(handler)
  }

  public func report(_ problem: DefaultsProblem) {
    problems.append(problem)
  }

  public func setArgumentDomain(_ values: [String: PropertyListValue]) { change { $0.argument = values } }
  public func setVolatileDomain(_ values: [String: PropertyListValue]) { change { $0.volatile = values } }
  public func setPersistentDomain(_ values: [String: PropertyListValue]) { change { $0.persistent = values } }
  public func setRegistrationDomain(_ values: [String: PropertyListValue]) { change { $0.registration = values } }

  private func change(_ body: (inout DefaultsDomains) -> Void) {
    let before = domains
    body(&domains)
    handlers.notify(before.changedKeys(comparedWith: domains))
  }
}
