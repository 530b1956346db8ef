/// A store whose domains can be seen and replaced, as Foundation's `UserDefaults` allows with
/// `setVolatileDomain(_:forName:)` and `setPersistentDomain(_:forName:)`.
///
/// Both of Tally's stores conform. Reads resolve argument, volatile, persistent, then
/// registration; writes through `set(_:forKey:)` go to the persistent domain and drop the
/// key from the argument domain, so a value given at launch is where counting starts, not a
/// value that hides every later change.
public protocol LayeredUserDefaults: UserDefaultsProtocol {
  /// The values by domain.
  var domains: DefaultsDomains { get }
  /// Replaces the argument domain (values given as launch arguments).
  func setArgumentDomain(_ values: [String: PropertyListValue])
  /// Replaces the volatile domain (values for this run only).
  func setVolatileDomain(_ values: [String: PropertyListValue])
  /// Replaces the persistent domain; the file store saves it.
  func setPersistentDomain(_ values: [String: PropertyListValue])
  /// Replaces the registration domain (defaults registered in code).
  func setRegistrationDomain(_ values: [String: PropertyListValue])
  /// Writes one value to the persistent domain (`nil` removes it), dropping the key from the
  /// argument domain; the file store saves it.
  func writeValue(_ value: PropertyListValue?, forKey defaultName: String)
  /// `UserDefaultsProtocol.update(forKey:_:)` on property-list values, without going
  /// through `Any`: the typed API's fast path for Tally's own stores.
  @discardableResult
  func updateValue(forKey defaultName: String, _ transform: (PropertyListValue?) -> PropertyListValue?) -> PropertyListValue?
}

extension LayeredUserDefaults {
  public var layered: LayeredUserDefaults? { self }

  public func object(forKey defaultName: String) -> Any? {
    domains.value(forKey: defaultName)?.anyValue
  }

  public func set(_ value: Any?, forKey defaultName: String) {
    guard let value else {
      writeValue(nil, forKey: defaultName)
      return
    }
    // Foundation traps on a non-property-list value; Tally reports it instead.
    guard let converted = PropertyListValue(any: value) else {
      report(DefaultsProblem(key: defaultName, message: "a \(type(of: value)) is not a property-list value; nothing was written"))
      return
    }
    if let scalar = converted.unwritableScalar {
      report(.unwritable(key: defaultName, scalar: scalar))
      return
    }
    writeValue(converted, forKey: defaultName)
  }

  public func removeObject(forKey defaultName: String) {
    writeValue(nil, forKey: defaultName)
  }

  public func dictionaryRepresentation() -> [String: Any] {
    domains.resolved.mapValues(\.anyValue)
  }
}

extension LayeredUserDefaults {
  /// Runs `body` against blank domains and puts every domain back afterwards, as the
  /// "Testing UserDefaults" article's `blankDefaultsWhile`.
  ///
  /// For the file store the persistent domain is saved blank and then saved back, so what
  /// `body` wrote is gone and what was there before is on disk again.
  public func withBlankDefaults<Result>(_ body: () throws -> Result) rethrows -> Result {
    let saved = domains
    setArgumentDomain([:])
    setVolatileDomain([:])
    setPersistentDomain([:])
    setRegistrationDomain([:])
    defer {
      setArgumentDomain(saved.argument)
      setVolatileDomain(saved.volatile)
      setPersistentDomain(saved.persistent)
      setRegistrationDomain(saved.registration)
    }
    return try body()
  }
}

extension DefaultsDomains {
  /// The keys whose resolved value differs between `self` and `other`.
  public func changedKeys(comparedWith other: DefaultsDomains) -> Set<String> {
    let before = resolved
    let after = other.resolved
    return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
  }
}
