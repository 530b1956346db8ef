import FoundationEssentials

/// What the model and sync need of a store, and no more, so that they cannot reach a store's
/// domains, its file or its untyped values; every `UserDefaultsProtocol` store is one.
public protocol PropertyListStore: AnyObject {
  /// The value `defaultName` resolves to: what the typed API reads.
  func propertyListValue(forKey defaultName: String) -> PropertyListValue?

  /// The value written for `defaultName`, not a registered default or a launch argument.
  func persistedPropertyListValue(forKey defaultName: String) -> PropertyListValue?

  /// Stores a property-list value (`nil` removes the key): what the typed API writes.
  func setPropertyListValue(_ value: PropertyListValue?, forKey defaultName: String)

  /// Stores and returns what `transform` makes of the current value (`nil` removes the key),
  /// as one step: a store shared between processes reads the key again under its lock.
  @discardableResult
  func updatePropertyListValue(forKey defaultName: String, _ transform: (PropertyListValue?) -> PropertyListValue?)
    -> PropertyListValue?

  /// Runs `body`, saving the changes it makes once, when it returns.
  func performBatch<Result>(_ body: () throws -> Result) rethrows -> Result

  /// Runs `body` in one batch holding the store's lock throughout, the store read again
  /// first, so no other process changes what `body` reads. Throws, without running `body`,
  /// when the lock could not be taken or the store read.
  func performLockedBatch<Result>(_ body: () -> Result) throws(StoreError) -> Result

  /// Why the most recent save failed, or `nil` when everything is saved.
  var saveProblem: StoreError? { get }

  /// Records a problem the typed API met, such as a value of the wrong type.
  func report(_ problem: DefaultsProblem)
}

/// The key-value store the view models depend on: the part of Foundation's `UserDefaults`
/// that Tally uses, with its signatures, so that `UserDefaults` conforms with an empty body.
///
/// A conforming type needs only the first five requirements; the ones beyond `UserDefaults`
/// default to what suits a store living in one process.
public protocol UserDefaultsProtocol: PropertyListStore {
  func object(forKey defaultName: String) -> Any?
  func set(_ value: Any?, forKey defaultName: String)
  func removeObject(forKey defaultName: String)
  func register(defaults registrationDictionary: [String: Any])
  func dictionaryRepresentation() -> [String: Any]

  func integer(forKey defaultName: String) -> Int
  func bool(forKey defaultName: String) -> Bool
  func double(forKey defaultName: String) -> Double
  func string(forKey defaultName: String) -> String?
  func data(forKey defaultName: String) -> Data?
  func url(forKey defaultName: String) -> URL?

  /// As ``PropertyListStore/updatePropertyListValue(forKey:_:)``, with plain Swift values.
  @discardableResult
  func update(forKey defaultName: String, _ transform: (Any?) -> Any?) -> Any?

  /// Calls `handler` with the keys written or that may have changed, until the observation ends.
  func addChangeHandler(_ handler: @escaping (Set<String>) -> Void) -> DefaultsObservation

  /// The problems reported so far, oldest first.
  var problems: [DefaultsProblem] { get }
}

extension UserDefaultsProtocol {
  public func integer(forKey defaultName: String) -> Int {
    switch object(forKey: defaultName) {
    case let value as Int: value
    case let value as Bool: value ? 1 : 0
    case let value as Double where value.isFinite && value.magnitude < 9.2e18: Int(value)
    case let value as String: LeadingNumber.integer(value)
    default: 0
    }
  }

  public func bool(forKey defaultName: String) -> Bool {
    switch object(forKey: defaultName) {
    case let value as Bool: value
    case let value as Int: value != 0
    case let value as Double: value != 0
    case let value as String: LeadingNumber.bool(value)
    default: false
    }
  }

  public func double(forKey defaultName: String) -> Double {
    switch object(forKey: defaultName) {
    case let value as Double: value
    case let value as Int: Double(value)
    case let value as Bool: value ? 1 : 0
    case let value as String: LeadingNumber.double(value)
    default: 0
    }
  }

  public func string(forKey defaultName: String) -> String? {
    switch object(forKey: defaultName) {
    case let value as String: value
    case let value as Bool: value ? "1" : "0"
    case let value as Int: String(value)
    case let value as Double: String(value)
    default: nil
    }
  }

  public func data(forKey defaultName: String) -> Data? {
    object(forKey: defaultName) as? Data
  }

  /// As Foundation's: a URL stored as text (`set(url, forKey:)`), or a path as a file URL.
  public func url(forKey defaultName: String) -> URL? {
    switch object(forKey: defaultName) {
    case let value as URL: value
    case let text as String where !text.isEmpty:
      if let url = URL(string: text), url.scheme != nil { url } else { URL(fileURLWithPath: text) }
    default: nil
    }
  }

  @discardableResult
  public func update(forKey defaultName: String, _ transform: (Any?) -> Any?) -> Any? {
    // As Foundation's, `set(nil, forKey:)` removes the key.
    let newValue = transform(object(forKey: defaultName))
    set(newValue, forKey: defaultName)
    return newValue
  }

  public func performBatch<Result>(_ body: () throws -> Result) rethrows -> Result {
    try body()
  }

  public func performLockedBatch<Result>(_ body: () -> Result) throws(StoreError) -> Result {
    body()
  }

  public var saveProblem: StoreError? { nil }
  public var problems: [DefaultsProblem] { [] }
  public func report(_ problem: DefaultsProblem) {}

  /// Foundation's `UserDefaults` on Linux posts no change notifications.
  public func addChangeHandler(_ handler: @escaping (Set<String>) -> Void) -> DefaultsObservation {
    DefaultsObservation {}
  }

  /// Through `object(forKey:)`, for stores such as Foundation's that hold plain Swift values.
  public func propertyListValue(forKey defaultName: String) -> PropertyListValue? {
    object(forKey: defaultName).flatMap(PropertyListValue.init(any:))
  }

  /// A store without domains (Foundation's, a test's) tells no default from a stored value.
  public func persistedPropertyListValue(forKey defaultName: String) -> PropertyListValue? {
    propertyListValue(forKey: defaultName)
  }

  public func setPropertyListValue(_ value: PropertyListValue?, forKey defaultName: String) {
    if let value { set(value.anyValue, forKey: defaultName) } else { removeObject(forKey: defaultName) }
  }

  @discardableResult
  public func updatePropertyListValue(
    forKey defaultName: String, _ transform: (PropertyListValue?) -> PropertyListValue?
  ) -> PropertyListValue? {
    update(forKey: defaultName) { current in
      transform(current.flatMap(PropertyListValue.init(any:)))?.anyValue
    }.flatMap(PropertyListValue.init(any:))
  }
}
