import TallyDefaults

/// What the app needs of the store beyond reading and writing: saves that can fail and are
/// retried, changes that other processes make, and the domains the settings come from; the
/// defaults suit a store that lives in one process and always saves.
public protocol SharedStore: UserDefaultsProtocol {
  /// The values by domain (launch arguments, the user's, registered defaults).
  var domains: DefaultsDomains { get }
  func setArgumentDomain(_ values: [String: PropertyListValue])
  func register(values: [String: PropertyListValue])
  var isShared: Bool { get }
  var hasUnsavedChanges: Bool { get }
  func retrySave()
  /// `nil` when changes cannot be watched (then the store is re-read now and then).
  func changeNotificationDescriptor() -> Int32?
  /// The keys whose value changed.
  @discardableResult
  func processChanges() -> Set<String>
  @discardableResult
  func reload() -> Set<String>
}

extension SharedStore {
  public var domains: DefaultsDomains { DefaultsDomains() }
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
}

extension FileUserDefaults: SharedStore {
  public var isShared: Bool { true }
}

extension InMemoryUserDefaults: SharedStore {}
