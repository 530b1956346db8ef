import TallyLocalization
import TallyPlatform

/// A stored value the typed API found wrong and worked around, such as one of another type.
public struct DefaultsProblem: Sendable, Equatable, CustomStringConvertible {
  public var key: String
  public var message: String

  public var description: String { "\(key): \(message)" }

  @usableFromInline
  static func unwritable(key: String, scalar: Unicode.Scalar) -> DefaultsProblem {
    DefaultsProblem(
      key: key, message: tr("holds \(scalar.codePoint), which a property-list file cannot carry; nothing was written"))
  }

  @usableFromInline
  static func wrongType(key: String, expected: Any.Type, found: PropertyListValue) -> DefaultsProblem {
    let foundText = "<\(found.kind.rawValue)> \(PropertyListCodec.fragment(found).prefix(60))"
    return DefaultsProblem(
      key: key, message: tr("holds \(foundText), not a \(String(describing: expected)); it reads as no value"))
  }
}

extension Unicode.Scalar {
  /// The code point as Unicode writes it, with at least four hexadecimal digits: `U+000A`, `U+200B`.
  package var codePoint: String {
    "U+" + String(value, width: 4, radix: 16, uppercase: true)
  }
}
