import FoundationEssentials

/// A value a defaults store can hold: the property-list types, integers up to `UInt64.max`.
public enum PropertyListValue: Sendable, Hashable {
  case bool(Bool)
  case integer(Int64)
  case unsignedInteger(UInt64)
  case real(Double)
  case string(String)
  case data(Data)
  case date(Date)
  case array([PropertyListValue])
  case dictionary([String: PropertyListValue])

  /// The kinds of value, named as their property-list elements.
  public enum Kind: String, Sendable, CaseIterable {
    case bool, integer, real, string, data, date, array, dict
  }

  public var kind: Kind {
    switch self {
    case .bool: .bool
    case .integer, .unsignedInteger: .integer
    case .real: .real
    case .string: .string
    case .data: .data
    case .date: .date
    case .array: .array
    case .dictionary: .dict
    }
  }
}

extension PropertyListValue {
  /// A Swift value as `UserDefaults.set(_:forKey:)` accepts it; `nil` for another type.
  public init?(any value: Any) {
    switch value {
    case let value as PropertyListValue: self = value
    case let value as Bool: self = .bool(value)
    case let value as Int: self = .integer(Int64(value))
    case let value as Int8: self = .integer(Int64(value))
    case let value as Int16: self = .integer(Int64(value))
    case let value as Int32: self = .integer(Int64(value))
    case let value as Int64: self = .integer(value)
    case let value as UInt: self = Self(unsigned: UInt64(value))
    case let value as UInt8: self = .integer(Int64(value))
    case let value as UInt16: self = .integer(Int64(value))
    case let value as UInt32: self = .integer(Int64(value))
    case let value as UInt64: self = Self(unsigned: value)
    case let value as Double: self = .real(value)
    case let value as Float: self = .real(Double(value))
    case let value as String: self = .string(value)
    case let value as Substring: self = .string(String(value))
    case let value as Data: self = .data(value)
    case let value as Date: self = .date(value)
    // As Foundation's `set(_: URL?, forKey:)`: a file URL as its path, another as its text.
    case let value as URL: self = .string(value.isFileURL ? value.path : value.absoluteString)
    // A collection converts only when every element does.
    case let value as [Any]:
      let elements = value.compactMap(PropertyListValue.init(any:))
      guard elements.count == value.count else { return nil }
      self = .array(elements)
    case let value as [String: Any]:
      let entries = value.compactMapValues(PropertyListValue.init(any:))
      guard entries.count == value.count else { return nil }
      self = .dictionary(entries)
    default:
      return nil
    }
  }

  /// An unsigned integer, as `.integer` when it fits in `Int64`.
  public init(unsigned value: UInt64) {
    if let signed = Int64(exactly: value) {
      self = .integer(signed)
    } else {
      self = .unsignedInteger(value)
    }
  }

  /// The value as `UserDefaults.object(forKey:)` would return it.
  public var anyValue: Any {
    switch self {
    case .bool(let value): value
    case .integer(let value): Int(value)
    case .unsignedInteger(let value): value
    case .real(let value): value
    case .string(let value): value
    case .data(let value): value
    case .date(let value): value
    case .array(let values): values.map(\.anyValue)
    case .dictionary(let values): values.mapValues(\.anyValue)
    }
  }
}
