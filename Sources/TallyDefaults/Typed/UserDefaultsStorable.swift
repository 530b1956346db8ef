import FoundationEssentials

/// A type a defaults store can hold directly, so that storing another is a compile-time
/// error rather than Foundation's crash at run time.
public protocol UserDefaultsStorable {
  var propertyListValue: PropertyListValue { get }
  /// Reads a stored value, or `nil` if it holds another type or is out of range.
  init?(propertyListValue: PropertyListValue)
}

extension Bool: UserDefaultsStorable {
  public var propertyListValue: PropertyListValue { .bool(self) }
  public init?(propertyListValue: PropertyListValue) {
    guard case .bool(let value) = propertyListValue else { return nil }
    self = value
  }
}

/// Integers of every width share one reading: any integer the store holds, if it fits.
extension FixedWidthInteger where Self: UserDefaultsStorable {
  public var propertyListValue: PropertyListValue {
    if let signed = Int64(exactly: self) { return .integer(signed) }
    return PropertyListValue(unsigned: UInt64(truncatingIfNeeded: self))
  }

  public init?(propertyListValue: PropertyListValue) {
    switch propertyListValue {
    case .integer(let value): self.init(exactly: value)
    case .unsignedInteger(let value): self.init(exactly: value)
    default: return nil
    }
  }
}

extension Int: UserDefaultsStorable {}
extension Int8: UserDefaultsStorable {}
extension Int16: UserDefaultsStorable {}
extension Int32: UserDefaultsStorable {}
extension Int64: UserDefaultsStorable {}
extension UInt: UserDefaultsStorable {}
extension UInt8: UserDefaultsStorable {}
extension UInt16: UserDefaultsStorable {}
extension UInt32: UserDefaultsStorable {}
extension UInt64: UserDefaultsStorable {}

extension Double: UserDefaultsStorable {
  public var propertyListValue: PropertyListValue { .real(self) }
  public init?(propertyListValue: PropertyListValue) {
    guard case .real(let value) = propertyListValue else { return nil }
    self = value
  }
}

extension Float: UserDefaultsStorable {
  public var propertyListValue: PropertyListValue { .real(Double(self)) }
  public init?(propertyListValue: PropertyListValue) {
    // A Float was widened to Double when stored; one that does not fit is another value.
    guard case .real(let value) = propertyListValue, let exact = Float(exactly: value) ?? (value.isNaN ? Float.nan : nil)
    else { return nil }
    self = exact
  }
}

extension String: UserDefaultsStorable {
  public var propertyListValue: PropertyListValue { .string(self) }
  public init?(propertyListValue: PropertyListValue) {
    guard case .string(let value) = propertyListValue else { return nil }
    self = value
  }
}

extension Data: UserDefaultsStorable {
  public var propertyListValue: PropertyListValue { .data(self) }
  public init?(propertyListValue: PropertyListValue) {
    guard case .data(let value) = propertyListValue else { return nil }
    self = value
  }
}

extension Date: UserDefaultsStorable {
  public var propertyListValue: PropertyListValue { .date(self) }
  public init?(propertyListValue: PropertyListValue) {
    guard case .date(let value) = propertyListValue else { return nil }
    self = value
  }
}

extension Array: UserDefaultsStorable where Element: UserDefaultsStorable {
  // A closure, not a key path: the key path's type is made at run time, with a scan of every
  // conformance record, by the default counter list before the first frame.
  @inlinable public var propertyListValue: PropertyListValue { .array(map { $0.propertyListValue }) }
  @inlinable public init?(propertyListValue: PropertyListValue) {
    guard case .array(let values) = propertyListValue else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(values.count)
    for value in values {
      guard let element = Element(propertyListValue: value) else { return nil }
      elements.append(element)
    }
    self = elements
  }
}

extension Dictionary: UserDefaultsStorable where Key == String, Value: UserDefaultsStorable {
  public var propertyListValue: PropertyListValue { .dictionary(mapValues(\.propertyListValue)) }
  public init?(propertyListValue: PropertyListValue) {
    guard case .dictionary(let values) = propertyListValue else { return nil }
    let entries = values.compactMapValues(Value.init(propertyListValue:))
    guard entries.count == values.count else { return nil }
    self = entries
  }
}
