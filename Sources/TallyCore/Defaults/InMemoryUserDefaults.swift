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

  public func writeValue(_ value: PropertyListValue?, forKey defaultName: String) {
    if domains.write(value, forKey: defaultName) { handlers.notify([defaultName]) }
  }

  public func updateValue(
    forKey defaultName: String, _ transform: (PropertyListValue?) -> PropertyListValue?
  ) -> PropertyListValue? {
    let newValue = transform(domains.value(forKey: defaultName))
    writeValue(newValue, forKey: defaultName)
    return newValue
  }

  public func register(defaults registrationDictionary: [String: Any]) {
    change { $0.register(registrationDictionary) }
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
