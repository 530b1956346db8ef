/// A property backed by a store given at `init`
/// (`_count = UserDefault(.count, store: store, defaultValue: 0)`); reads fall back to
/// `defaultValue` when nothing, or a value of another type, is stored.
@propertyWrapper
public struct UserDefault<Value> {
  public let key: DefaultsKey
  public let store: UserDefaultsProtocol
  public let defaultValue: Value
  private let read: (TypedDefaults) -> Value?
  private let write: (TypedDefaults, Value) -> Void

  public var wrappedValue: Value {
    get { read(store.x) ?? defaultValue }
    nonmutating set { write(store.x, newValue) }
  }

  /// The wrapper itself, for `reset()` and `addObserver(_:)`.
  public var projectedValue: UserDefault<Value> { self }

  /// Removes the stored value, so the property reads its default again.
  public func reset() {
    store.removeObject(forKey: key.name)
  }
}

extension UserDefault where Value: Equatable {
  /// As ``UserDefaultsProtocol/observe(_:forKey:handler:)``, defaults included.
  public func addObserver(_ handler: @escaping (DefaultsChange<Value>) -> Void) -> DefaultsObservation {
    store.observe(key, read: { wrappedValue }, handler: handler)
  }
}

extension UserDefault {
  public init(_ key: DefaultsKey, store: UserDefaultsProtocol, defaultValue: Value) where Value: UserDefaultsStorable {
    self.init(
      key: key, store: store, defaultValue: defaultValue, read: { $0.object(Value.self, forKey: key) },
      write: { $0.set($1, forKey: key) })
  }

  /// An optional storable value: `nil` when nothing is stored, and setting `nil` removes it.
  public init<Wrapped: UserDefaultsStorable>(_ key: DefaultsKey, store: UserDefaultsProtocol) where Value == Wrapped? {
    self.init(
      key: key, store: store, defaultValue: nil,
      read: { $0.object(Wrapped.self, forKey: key) }, write: { $0.set($1, forKey: key) })
  }

  /// A `RawRepresentable` value such as an enum, stored as its raw value.
  public init(_ key: DefaultsKey, store: UserDefaultsProtocol, defaultValue: Value)
  where Value: RawRepresentable, Value.RawValue: UserDefaultsStorable {
    self.init(
      key: key, store: store, defaultValue: defaultValue, read: { $0.object(Value.self, forKey: key) },
      write: { $0.set($1, forKey: key) })
  }

  /// A `Codable` value, stored with `strategy`.
  public init(_ key: DefaultsKey, store: UserDefaultsProtocol, defaultValue: Value, strategy: CodingStrategy)
  where Value: Codable {
    self.init(
      key: key, store: store, defaultValue: defaultValue,
      read: { $0.object(Value.self, forKey: key, strategy: strategy) },
      write: { $0.set($1, forKey: key, strategy: strategy) })
  }
}
