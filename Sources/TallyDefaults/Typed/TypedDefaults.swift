import FoundationEssentials

extension PropertyListStore {
  /// The type-safe API over this store: `store.x.set(13, forKey: .count)`.
  @inlinable public var x: TypedDefaults { TypedDefaults(store: self) }
}

/// Reads and writes typed values under `DefaultsKey`s in any store: an unsupported type does
/// not compile, and a stored value of another type reads as `nil` and is reported.
public struct TypedDefaults {
  public let store: any PropertyListStore

  @inlinable public init(store: any PropertyListStore) {
    self.store = store
  }

  // MARK: Values decoded by their own types

  /// The value under `key` as the store keeps it, for data that its own type decodes (the
  /// counters, the sync state, the waiting history rows) and may cache by this value.
  @inlinable
  public func propertyList(forKey key: DefaultsKey) -> PropertyListValue? {
    store.propertyListValue(forKey: key.name)
  }

  /// Stores `value` as it is under `key`, or removes the key when it is `nil`.
  @inlinable
  public func setPropertyList(_ value: PropertyListValue?, forKey key: DefaultsKey) {
    store.setPropertyListValue(value, forKey: key.name)
  }

  // MARK: Storable values

  @inlinable
  public func object<T: UserDefaultsStorable>(_ type: T.Type, forKey key: DefaultsKey) -> T? {
    read(key, T.init(propertyListValue:))
  }

  @inlinable
  public func set<T: UserDefaultsStorable>(_ value: T, forKey key: DefaultsKey) {
    if let scalar = value.propertyListValue.unwritableScalar {
      store.report(.unwritable(key: key.name, scalar: scalar))
    } else {
      store.setPropertyListValue(value.propertyListValue, forKey: key.name)
    }
  }

  /// Stores `value`, or removes the key when it is `nil`.
  @inlinable
  public func set<T: UserDefaultsStorable>(_ value: T?, forKey key: DefaultsKey) {
    store.setPropertyListValue(value?.propertyListValue, forKey: key.name)
  }

  @inlinable
  public func removeObject(forKey key: DefaultsKey) {
    store.setPropertyListValue(nil, forKey: key.name)
  }

  /// A read-modify-write of a typed value, as one step; `transform` sees `nil` for a missing
  /// value or one of another type, and returning `nil` removes the key.
  @discardableResult
  @inlinable
  public func update<T: UserDefaultsStorable>(_ type: T.Type, forKey key: DefaultsKey, _ transform: (T?) -> T?) -> T? {
    let stored = store.updatePropertyListValue(forKey: key.name) { current in
      transform(current.flatMap { typed($0, key: key, T.init(propertyListValue:)) })?.propertyListValue
    }
    return stored.flatMap(T.init(propertyListValue:))
  }

  // MARK: RawRepresentable values

  @inlinable
  public func object<T: RawRepresentable>(_ type: T.Type, forKey key: DefaultsKey) -> T? where T.RawValue: UserDefaultsStorable {
    read(key) { T.RawValue(propertyListValue: $0).flatMap(T.init(rawValue:)) }
  }

  @inlinable
  public func set<T: RawRepresentable>(_ value: T, forKey key: DefaultsKey) where T.RawValue: UserDefaultsStorable {
    set(value.rawValue, forKey: key)
  }

  // MARK: Codable values

  public func object<T: Decodable>(_ type: T.Type, forKey key: DefaultsKey, strategy: CodingStrategy) -> T? {
    read(key) { stored in
      guard case .data(let data) = stored else { return nil }
      switch strategy {
      case .json: return try? JSONDecoder().decode(T.self, from: data)
      case .plist: return try? PropertyListDecoder().decode(T.self, from: data)
      }
    }
  }

  public func set<T: Encodable>(_ value: T, forKey key: DefaultsKey, strategy: CodingStrategy) {
    do {
      let data: Data
      switch strategy {
      case .json: data = try JSONEncoder().encode(value)
      case .plist:
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        data = try encoder.encode(value)
      }
      store.setPropertyListValue(.data(data), forKey: key.name)
    } catch {
      store.report(DefaultsProblem(key: key.name, message: "could not be encoded (\(error)); nothing was written"))
    }
  }

  // MARK: Decoding

  @inlinable
  func read<T>(_ key: DefaultsKey, _ convert: (PropertyListValue) -> T?) -> T? {
    store.propertyListValue(forKey: key.name).flatMap { typed($0, key: key, convert) }
  }

  /// `value` converted, or `nil` after reporting that it holds another type.
  @inlinable
  func typed<T>(_ value: PropertyListValue, key: DefaultsKey, _ convert: (PropertyListValue) -> T?) -> T? {
    if let typed = convert(value) { return typed }
    store.report(.wrongType(key: key.name, expected: T.self, found: value))
    return nil
  }
}

/// Observation, which needs a store that tells its changes (the model never observes).
extension UserDefaultsProtocol {
  /// Calls `handler` with the current value now (`.initial`) and after each write of the key
  /// (of an equal value too, as Foundation's) or change of its value (`.update`), until the
  /// returned observation ends (a store that cannot notify delivers only `.initial`).
  ///
  /// A handler writing back the value it was handed is not called again for that write,
  /// which would loop forever.
  public func observe<T: UserDefaultsStorable & Equatable>(
    _ type: T.Type, forKey key: DefaultsKey, handler: @escaping (DefaultsChange<T?>) -> Void
  ) -> DefaultsObservation {
    observe(key, read: { self.x.object(T.self, forKey: key) }, handler: handler)
  }

  public func observe<T: RawRepresentable & Equatable>(
    _ type: T.Type, forKey key: DefaultsKey, handler: @escaping (DefaultsChange<T?>) -> Void
  ) -> DefaultsObservation where T.RawValue: UserDefaultsStorable {
    observe(key, read: { self.x.object(T.self, forKey: key) }, handler: handler)
  }

  public func observe<T: Codable & Equatable>(
    _ type: T.Type, forKey key: DefaultsKey, strategy: CodingStrategy, handler: @escaping (DefaultsChange<T?>) -> Void
  ) -> DefaultsObservation {
    observe(key, read: { self.x.object(T.self, forKey: key, strategy: strategy) }, handler: handler)
  }

  /// Delivers `read()` now and whenever the store tells of `key`.
  func observe<T: Equatable>(
    _ key: DefaultsKey, read: @escaping () -> T, handler: @escaping (DefaultsChange<T>) -> Void
  ) -> DefaultsObservation {
    handler(.initial(read()))
    // The values being delivered, innermost last: a write of the key from inside `handler`
    // with the value it was handed is its own echo, not delivered again.
    var delivering: [T] = []
    return addChangeHandler { keys in
      guard keys.contains(key.name) else { return }
      let current = read()
      guard delivering.last != current else { return }
      delivering.append(current)
      defer { delivering.removeLast() }
      handler(.update(current))
    }
  }
}
