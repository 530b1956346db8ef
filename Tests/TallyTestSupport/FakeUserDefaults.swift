import FoundationEssentials
import TallyDefaults
import TallySettings

/// A store whose values are plain dictionaries, one per type, that a test arranges and
/// inspects; only property-list types are stored, as in the real stores.
public final class FakeUserDefaults: UserDefaultsProtocol {
  public var integers: [String: Int] = [:]
  public var bools: [String: Bool] = [:]
  public var others: [String: PropertyListValue] = [:]
  public var registered: [String: PropertyListValue] = [:]
  /// Every key written, in order.
  public private(set) var writtenKeys: [String] = []

  public init() {}

  public func object(forKey defaultName: String) -> Any? {
    if let value = integers[defaultName] { return value }
    if let value = bools[defaultName] { return value }
    return (others[defaultName] ?? registered[defaultName])?.anyValue
  }

  public func set(_ value: Any?, forKey defaultName: String) {
    guard let value else {
      removeObject(forKey: defaultName)
      return
    }
    guard let converted = PropertyListValue(any: value) else { return }
    removeObject(forKey: defaultName)
    writtenKeys.append(defaultName)
    switch converted {
    case .integer(let number) where Int(exactly: number) != nil: integers[defaultName] = Int(number)
    case .bool(let flag): bools[defaultName] = flag
    default: others[defaultName] = converted
    }
  }

  public func integer(forKey defaultName: String) -> Int {
    integers[defaultName] ?? registered[defaultName].flatMap(Int.init(propertyListValue:)) ?? 0
  }

  public func removeObject(forKey defaultName: String) {
    integers[defaultName] = nil
    bools[defaultName] = nil
    others[defaultName] = nil
  }

  public func register(defaults registrationDictionary: [String: Any]) {
    for (key, value) in registrationDictionary {
      if let converted = PropertyListValue(any: value) { registered[key] = converted }
    }
  }

  public func dictionaryRepresentation() -> [String: Any] {
    var values = registered.mapValues(\.anyValue)
    for (key, value) in others { values[key] = value.anyValue }
    for (key, value) in bools { values[key] = value }
    for (key, value) in integers { values[key] = value }
    return values
  }
}

extension FakeUserDefaults: SharedStore {}
