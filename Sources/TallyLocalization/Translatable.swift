/// A text the user reads, written in English where it is used and translated at run time:
/// `tr("Undone: \(name) \(old) → \(new)")`.
///
/// Its `msgid` in the catalogs is the literal text with each interpolation replaced by a
/// positional placeholder (`Undone: %1$s %2$s → %3$s`), so that a translation may reorder
/// them. A text with a placeholder or a `%` is a C format: its `%` is written `%%`.
public struct Translatable: ExpressibleByStringInterpolation, Sendable, Equatable {
  /// The key in the catalogs.
  public private(set) var msgid = ""
  /// The interpolated values, in order: `%1$s` is the first.
  public private(set) var arguments: [String] = []

  public init(stringLiteral value: String) {
    msgid = Self.escaped(value)
  }

  /// `text` with each `%` written `%%`; by hand, as `replacing(_:with:)` costs a first use of
  /// the string-processing library on every start.
  static func escaped(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var result = ""
    for character in text.unicodeScalars {
      result.unicodeScalars.append(character)
      if character == "%" { result.unicodeScalars.append("%") }
    }
    return result
  }

  public init(stringInterpolation: StringInterpolation) {
    msgid = stringInterpolation.msgid
    arguments = stringInterpolation.arguments
  }

  /// Whether `msgid` is a C format (a placeholder or a `%` in it).
  public var isFormat: Bool { msgid.utf8.contains(UInt8(ascii: "%")) }

  /// The English text.
  public var english: String { isFormat ? Placeholders.format(msgid, arguments) ?? msgid : msgid }

  /// Builds the `msgid` of an interpolated literal.
  public struct StringInterpolation: StringInterpolationProtocol {
    var msgid = ""
    var arguments: [String] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
      msgid.reserveCapacity(literalCapacity + 4 * interpolationCount)
    }

    public mutating func appendLiteral(_ literal: String) {
      msgid += Translatable.escaped(literal)
    }

    /// A value as `String(describing:)` shows it, as in a `String` literal.
    public mutating func appendInterpolation(_ value: some Any) {
      arguments.append(String(describing: value))
      msgid += "%\(arguments.count)$s"
    }
  }
}

/// The text in the user's language (``Localization/current``), English where the catalog
/// has no translation of it.
public func tr(_ text: Translatable) -> String {
  (Localization.chosen ?? Localization.current).translate(text)
}

/// `text` as it is, marked for the template.
///
/// For a text kept in a table and translated where it is shown, with `tr(entry.summary)`. A
/// text whose literal is not in a `tr` or a `trMarked` is not in the template.
public func trMarked(_ text: Translatable) -> Translatable { text }

/// `text` as it is, marked for the template: an English text kept as a `String` (a key's
/// description in a key map, a month's name), translated where it is shown with
/// `tr(verbatim:)`.
public func trMarked(_ text: String) -> String { text }

/// The translation of `english`, a text marked with `trMarked` where it is written (no
/// placeholders: its `%` is a `%`).
public func tr(verbatim english: String) -> String {
  (Localization.chosen ?? Localization.current).translate(Translatable(stringLiteral: english))
}

/// The text in the user's language that goes with the number `count`.
///
/// `tr(count: n, one: "\(n) change", other: "\(n) changes")`: the catalog's `Plural-Forms`
/// chooses among its translations; English takes `one` for 1 and `other` for any other count.
public func tr(count: Int, one: Translatable, other: Translatable) -> String {
  (Localization.chosen ?? Localization.current).translate(count: count, one: one, other: other)
}
