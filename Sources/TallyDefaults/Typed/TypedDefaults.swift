#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PropertyListStore {
  /// The type-safe API over this store, as swift-user-defaults' `x`:
  /// `store.x.object(Int.self, forKey: .count)`, `store.x.set(13, forKey: .count)`.
  @inlinable public var x: TypedDefaults { TypedDefaults(store: self) }
}

/// Reads and writes typed values under `DefaultsKey`s in any store (`PropertyListStore`).
///
/// Only `UserDefaultsStorable` types, `RawRepresentable` types whose raw value is one, and
/// `Codable` types with a `CodingStrategy` are accepted, so an unsupported type does not
/// compile. A stored value of another type reads as `nil` and is reported to the store
/// (`PropertyListStore.report(_:)`), never a trap.
public struct TypedDefaults {
  public let store: any PropertyListStore

  @inlinable public init(store: any PropertyListStore) {
    self.store = store
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

  /// A read-modify-write of a typed value, as one step.
  ///
  /// It goes through `UserDefaultsProtocol.update`. `transform` sees `nil` for a missing
  /// value or one of another type; returning `nil` removes the key. Returns the stored
  /// result.
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
  /// Calls `handler` with the current value now (`.initial`) and with the value after each
  /// write or change of the key (`.update`), until the returned observation is invalidated
  /// or released.
  ///
  /// As Foundation's `UserDefaults` tells its observers, every write of the key through this
  /// store is an update, of a value equal to the one there too (a write of another key is
  /// not). Changes that are not writes of the key are updates when its value changed: a
  /// domain replaced (registration, launch arguments) or, for `FileUserDefaults`, the file
  /// another process wrote, read again (`FileUserDefaults.processChanges()`). A store that
  /// cannot notify (Foundation's `UserDefaults` on Linux) delivers only `.initial`.
  ///
  /// A handler that writes the key back with the value it was handed is not called again
  /// for that write, which would call it again forever; any other write it makes is heard.
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

  /// Delivers `read()` now and again whenever the store tells of `key`: each write of it,
  /// and each change of its value otherwise.
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
