#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What Tally's model and sync need of a store, and no more: property-list values read (as
/// resolved, or as persisted), written and updated in one step, batches saved once, why the
/// last save failed, and a problem the typed API (`store.x`) met.
///
/// Every `UserDefaultsProtocol` store is one. The model (`CountersModel`), goals and the sync
/// layer take this narrow store, so they cannot reach a store's domains, its file or its
/// untyped values (docs/architecture.md).
public protocol PropertyListStore: AnyObject {
  /// The value `defaultName` resolves to, as a property-list value: what the typed API
  /// (`store.x`) reads, the same way for every store.
  func propertyListValue(forKey defaultName: String) -> PropertyListValue?

  /// The value stored for `defaultName`, as a property-list value: what was written, not a
  /// registered default or a launch argument (sync compares the user's own settings).
  func persistedPropertyListValue(forKey defaultName: String) -> PropertyListValue?

  /// Stores a property-list value (`nil` removes the key): what the typed API writes.
  func setPropertyListValue(_ value: PropertyListValue?, forKey defaultName: String)

  /// Reads the current value for `defaultName`, stores what `transform` returns (`nil`
  /// removes the key), and returns it, as one step no other writer can interleave with.
  ///
  /// A store shared between processes re-reads the key under its lock first, so two
  /// processes incrementing a counter at once lose no increment.
  @discardableResult
  func updatePropertyListValue(forKey defaultName: String, _ transform: (PropertyListValue?) -> PropertyListValue?)
    -> PropertyListValue?

  /// Runs `body`, saving the changes it makes once, when it returns.
  ///
  /// Tally applies a burst of key presses inside one batch, so the burst costs one write.
  func performBatch<Result>(_ body: () throws -> Result) rethrows -> Result

  /// Runs `body` in one batch that holds the store's lock from its start to its end, the
  /// store read again under it first, so that what `body` reads no other process changes
  /// meanwhile; a store no other process shares runs it as any batch.
  ///
  /// - Throws: `StoreError` when the lock could not be taken or the store read; `body` did
  ///   not run then.
  func performLockedBatch<Result>(_ body: () -> Result) throws(StoreError) -> Result

  /// Why the most recent save failed, or `nil` when everything is saved.
  var saveProblem: StoreError? { get }

  /// Records a problem the typed API met, such as a value of the wrong type.
  func report(_ problem: DefaultsProblem)
}

/// The key-value store Tally's view models depend on, shaped like Foundation's `UserDefaults`.
///
/// This is the protocol of "iOS Unit Testing by Example", chapter 11, grown to the part of
/// `UserDefaults` that Tally uses. Every requirement has `UserDefaults`' own signature, so
/// `extension UserDefaults: UserDefaultsProtocol {}` compiles with an empty body (see the
/// `TallyFoundation` target). A conforming type needs only `object(forKey:)`,
/// `set(_:forKey:)`, `removeObject(forKey:)`, `register(defaults:)` and
/// `dictionaryRepresentation()`; the typed accessors have default implementations.
///
/// The other requirements go beyond `UserDefaults`, each with a default that suits a store
/// living in one process:
/// - ``update(forKey:_:)``: a read-modify-write that no other writer can interleave with;
/// - ``addChangeHandler(_:)``: change notification, for observation;
/// - ``problems``: what the typed API found wrong with stored values;
/// - the narrow store's (``PropertyListStore``): property-list values, batches, the save
///   problem and reports, which the model and the typed API run on.
public protocol UserDefaultsProtocol: PropertyListStore {
  func object(forKey defaultName: String) -> Any?
  func set(_ value: Any?, forKey defaultName: String)
  func removeObject(forKey defaultName: String)
  func register(defaults registrationDictionary: [String: Any])
  func dictionaryRepresentation() -> [String: Any]

  func integer(forKey defaultName: String) -> Int
  func set(_ value: Int, forKey defaultName: String)
  func bool(forKey defaultName: String) -> Bool
  func set(_ value: Bool, forKey defaultName: String)
  func double(forKey defaultName: String) -> Double
  func set(_ value: Double, forKey defaultName: String)
  func string(forKey defaultName: String) -> String?
  func data(forKey defaultName: String) -> Data?
  func url(forKey defaultName: String) -> URL?

  /// As ``PropertyListStore/updatePropertyListValue(forKey:_:)``, with plain Swift values:
  /// what `transform` returns is stored (`nil` removes the key) and returned, in one step.
  @discardableResult
  func update(forKey defaultName: String, _ transform: (Any?) -> Any?) -> Any?

  /// Calls `handler` with the names of the keys written or that may have changed, after each
  /// write (of an equal value too) and each change the store makes or notices, until the
  /// returned observation ends.
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
    case let value as String: Int(value) ?? 0
    default: 0
    }
  }

  public func set(_ value: Int, forKey defaultName: String) {
    set(Optional<Any>.some(value), forKey: defaultName)
  }

  public func bool(forKey defaultName: String) -> Bool {
    switch object(forKey: defaultName) {
    case let value as Bool: value
    case let value as Int: value != 0
    case let value as Double: value != 0
    case let value as String: ["yes", "true", "1"].contains(value.lowercased())
    default: false
    }
  }

  public func set(_ value: Bool, forKey defaultName: String) {
    set(Optional<Any>.some(value), forKey: defaultName)
  }

  public func double(forKey defaultName: String) -> Double {
    switch object(forKey: defaultName) {
    case let value as Double: value
    case let value as Int: Double(value)
    case let value as Bool: value ? 1 : 0
    case let value as String: Double(value) ?? 0
    default: 0
    }
  }

  public func set(_ value: Double, forKey defaultName: String) {
    set(Optional<Any>.some(value), forKey: defaultName)
  }

  public func string(forKey defaultName: String) -> String? {
    switch object(forKey: defaultName) {
    case let value as String: value
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
    let newValue = transform(object(forKey: defaultName))
    if let newValue {
      set(newValue, forKey: defaultName)
    } else {
      removeObject(forKey: defaultName)
    }
    return newValue
  }

  public func performBatch<Result>(_ body: () throws -> Result) rethrows -> Result {
    try body()
  }

  public func performLockedBatch<Result>(_ body: () -> Result) throws(StoreError) -> Result {
    body()
  }

  public var saveProblem: StoreError? { nil }

  /// Foundation's `UserDefaults` on Linux posts no change notifications, so by default
  /// nothing is ever delivered: an observation that was never registered.
  public func addChangeHandler(_ handler: @escaping (Set<String>) -> Void) -> DefaultsObservation {
    DefaultsObservation {}
  }

  public func report(_ problem: DefaultsProblem) {}

  public var problems: [DefaultsProblem] { [] }

  /// Through `object(forKey:)`, for stores such as Foundation's that hold plain Swift values.
  public func propertyListValue(forKey defaultName: String) -> PropertyListValue? {
    object(forKey: defaultName).flatMap(PropertyListValue.init(any:))
  }

  /// A store without domains of its own (Foundation's, a test's) tells no registered default
  /// from a stored value: what it resolves to.
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
