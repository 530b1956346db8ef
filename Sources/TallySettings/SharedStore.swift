import TallyDefaults

/// What the app needs of the store beyond reading and writing: saves that can fail and are
/// retried, changes that other processes make, and the domains the settings come from.
///
/// The defaults suit a store that lives in one process and always saves (the in-memory and
/// fake stores); `FileUserDefaults` maps the requirements onto its own members, and Tally's
/// two stores take their domains from `LayeredUserDefaults`, so nothing casts a store down.
public protocol SharedStore: UserDefaultsProtocol {
  /// The values by domain (launch arguments, the user's, registered defaults): what the
  /// settings read to say where each value comes from. Empty for a store without domains.
  var domains: DefaultsDomains { get }
  /// Lays values given as `-<key> <value>` launch arguments over the store.
  func setArgumentDomain(_ values: [String: PropertyListValue])
  /// Registers defaults that are property-list values already.
  func register(values: [String: PropertyListValue])
  /// Whether other processes can change what the store holds, so that it is worth re-reading.
  var isShared: Bool { get }
  /// Whether changes made in memory are still waiting to be saved, after a failed save.
  var hasUnsavedChanges: Bool { get }
  /// Tries again to save what a failed save left in memory; `saveProblem` says how it went.
  func retrySave()
  /// A descriptor that becomes readable when another process may have changed the store;
  /// `nil` when changes cannot be watched (then the store is re-read now and then).
  func changeNotificationDescriptor() -> Int32?
  /// Takes in what the change descriptor reported; returns the keys whose value changed.
  @discardableResult
  func processChanges() -> Set<String>
  /// Re-reads the store; returns the keys whose value changed.
  @discardableResult
  func reload() -> Set<String>
  /// Makes a change wait up to `seconds` for another process's lock on the store.
  func waitForLock(upTo seconds: Double)
}

extension SharedStore {
  public var domains: DefaultsDomains { DefaultsDomains() }
  /// A store without domains takes no launch arguments.
  public func setArgumentDomain(_ values: [String: PropertyListValue]) {}
  /// Through `Any`, as `UserDefaults` takes them.
  public func register(values: [String: PropertyListValue]) { register(defaults: values.mapValues(\.anyValue)) }
  public var isShared: Bool { false }
  public var hasUnsavedChanges: Bool { false }
  public func retrySave() {}
  public func changeNotificationDescriptor() -> Int32? { nil }
  @discardableResult
  public func processChanges() -> Set<String> { [] }
  @discardableResult
  public func reload() -> Set<String> { [] }
  public func waitForLock(upTo seconds: Double) {}
}

extension FileUserDefaults: SharedStore {
  /// Always: other tally processes and commands save to the same file.
  public var isShared: Bool { true }

  public func waitForLock(upTo seconds: Double) { lockTimeout = seconds }
}

extension InMemoryUserDefaults: SharedStore {}
