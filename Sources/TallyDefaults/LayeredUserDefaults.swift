/// The four ``DefaultsDomains`` of Tally's stores, in memory.
///
/// `FileUserDefaults` keeps the persistent one on disk through the hooks below. A write drops
/// the key from the argument domain: a value given at launch is where counting starts.
public class LayeredUserDefaults: UserDefaultsProtocol {
  public internal(set) var domains = DefaultsDomains()
  public private(set) var problems: [DefaultsProblem] = []
  public internal(set) var saveProblem: StoreError?
  /// Called in the order they were added after each change.
  private var handlers: [(id: Int, handler: (Set<String>) -> Void)] = []
  private var nextHandlerID = 0
  private var batchDepth = 0

  init(values: [String: PropertyListValue]) {
    domains.persistent = values
  }

  // MARK: Hooks for a store kept on disk

  /// Before a read-modify-write, so that the value read is the newest saved.
  func prepareToChange() {}
  func persistentKeysChanged(_ keys: Set<String>) {}
  /// The outermost batch (a single change is a batch of one) ended.
  func batchEnded() {}

  // MARK: UserDefaultsProtocol

  public func object(forKey defaultName: String) -> Any? {
    domains.value(forKey: defaultName)?.anyValue
  }

  public func set(_ value: Any?, forKey defaultName: String) {
    guard let value else { return removeObject(forKey: defaultName) }
    // Foundation traps on a non-property-list value; Tally reports it instead.
    guard let converted = PropertyListValue(any: value) else {
      report(DefaultsProblem(key: defaultName, message: "a \(type(of: value)) is not a property-list value; nothing was written"))
      return
    }
    if let scalar = converted.unwritableScalar {
      report(.unwritable(key: defaultName, scalar: scalar))
      return
    }
    setPropertyListValue(converted, forKey: defaultName)
  }

  public func removeObject(forKey defaultName: String) {
    setPropertyListValue(nil, forKey: defaultName)
  }

  /// Values that are not property-list types are skipped.
  public func register(defaults registrationDictionary: [String: Any]) {
    register(values: registrationDictionary.compactMapValues(PropertyListValue.init(any:)))
  }

  public func register(values: [String: PropertyListValue]) {
    changeDomains { $0.registration.merge(values) { $1 } }
  }

  public func dictionaryRepresentation() -> [String: Any] {
    domains.resolved.mapValues(\.anyValue)
  }

  @discardableResult
  public func update(forKey defaultName: String, _ transform: (Any?) -> Any?) -> Any? {
    var unconvertible = false
    let stored = updatePropertyListValue(forKey: defaultName) { current in
      guard let newValue = transform(current?.anyValue) else { return nil }
      guard let converted = PropertyListValue(any: newValue) else {
        unconvertible = true
        return current
      }
      return converted
    }
    return unconvertible ? object(forKey: defaultName) : stored?.anyValue
  }

  public func propertyListValue(forKey defaultName: String) -> PropertyListValue? {
    domains.value(forKey: defaultName)
  }

  public func persistedPropertyListValue(forKey defaultName: String) -> PropertyListValue? {
    domains.persistent[defaultName]
  }

  /// Writes `value` (`nil` removes the key); observers hear of every write, of an equal value too.
  public func setPropertyListValue(_ value: PropertyListValue?, forKey defaultName: String) {
    performBatch {
      persistentKeysChanged([defaultName])
      domains.write(value, forKey: defaultName)
      notify([defaultName])
    }
  }

  @discardableResult
  public func updatePropertyListValue(
    forKey defaultName: String, _ transform: (PropertyListValue?) -> PropertyListValue?
  ) -> PropertyListValue? {
    performBatch {
      prepareToChange()
      let current = domains.value(forKey: defaultName)
      let newValue = transform(current)
      // A transform that leaves the value as it is writes nothing, and no observer hears of it.
      if newValue != current || domains.argument[defaultName] != nil { setPropertyListValue(newValue, forKey: defaultName) }
      return newValue
    }
  }

  public func performBatch<Result>(_ body: () throws -> Result) rethrows -> Result {
    batchDepth += 1
    defer {
      batchDepth -= 1
      if batchDepth == 0 { batchEnded() }
    }
    return try body()
  }

  /// One batch: a store in memory shares its lock with no other process.
  public func performLockedBatch<Result>(_ body: () -> Result) throws(StoreError) -> Result {
    performBatch(body)
  }

  public func addChangeHandler(_ handler: @escaping (Set<String>) -> Void) -> DefaultsObservation {
    let id = nextHandlerID
    nextHandlerID += 1
    handlers.append((id, handler))
    return DefaultsObservation { [weak self] in self?.handlers.removeAll { $0.id == id } }
  }

  /// Calls every handler with `keys`; a handler added or removed meanwhile takes effect next time.
  private func notify(_ keys: Set<String>) {
    guard !keys.isEmpty else { return }
    for (id, handler) in handlers where handlers.contains(where: { $0.id == id }) { handler(keys) }
  }

  public func report(_ problem: DefaultsProblem) {
    problems.append(problem)
  }

  // MARK: Domains

  public func setArgumentDomain(_ values: [String: PropertyListValue]) { changeDomains { $0.argument = values } }
  public func setVolatileDomain(_ values: [String: PropertyListValue]) { changeDomains { $0.volatile = values } }
  public func setRegistrationDomain(_ values: [String: PropertyListValue]) { changeDomains { $0.registration = values } }

  /// Replaces the persistent domain; the file store saves it.
  public func setPersistentDomain(_ values: [String: PropertyListValue]) {
    performBatch {
      prepareToChange()
      persistentKeysChanged(Set(domains.persistent.keys).union(values.keys))
      changeDomains { $0.persistent = values }
    }
  }

  /// Tells observers which keys changed.
  func changeDomains(_ body: (inout DefaultsDomains) -> Void) {
    let before = domains
    body(&domains)
    if !handlers.isEmpty { notify(before.changedKeys(comparedWith: domains)) }
  }

  /// Runs `body` against blank domains and puts every domain back afterwards (the file
  /// store saves its persistent domain blank, then back).
  public func withBlankDefaults<Result>(_ body: () throws -> Result) rethrows -> Result {
    let saved = domains
    setDomains(DefaultsDomains())
    defer { setDomains(saved) }
    return try body()
  }

  private func setDomains(_ domains: DefaultsDomains) {
    setArgumentDomain(domains.argument)
    setVolatileDomain(domains.volatile)
    setPersistentDomain(domains.persistent)
    setRegistrationDomain(domains.registration)
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
