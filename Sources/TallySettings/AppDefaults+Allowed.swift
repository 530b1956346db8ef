import TallyDefaults
import TallyLocalization
import TallyScreens

extension AppDefaults.Entry {
  public enum Allowed: Sendable {
    case anyOfItsKind
    case oneOf([String])
    case range(ClosedRange<Double>)
    /// A comma-separated list of at least one key name (`Key.keys(fromList:)`).
    case keys

    var isKeys: Bool { if case .keys = self { true } else { false } }
  }

  /// The values this entry allows, in words: "default, mono or high-contrast".
  public var allowedValues: String {
    switch allowed {
    case .oneOf(let values): tr("\(values.dropLast().joined(separator: ", ")) or \(values.last ?? "")")
    case .range(let range) where kind == .integer:
      tr("a whole number from \(range.lowerBound.plainText) to \(range.upperBound.plainText)")
    case .range(let range): tr("a number from \(range.lowerBound.plainText) to \(range.upperBound.plainText)")
    case .keys: tr("one or more key names separated by commas (space,+,k,up): \(Key.nameRules)")
    case .anyOfItsKind:
      switch kind {
      case .bool: tr("true or false (also yes/no, on/off, 1/0)")
      case .integer: tr("a whole number")
      case .real: tr("a number")
      default: kind.withArticle
      }
    }
  }

  /// The value `text` spells, read as a launch argument's, checked and in its stored form.
  public func settingValue(from text: String) throws(SettingError) -> PropertyListValue {
    let value: PropertyListValue
    do {
      value = try self.value(fromArgument: text)
    } catch {
      throw SettingError(tr("\(name): \"\(text)\" is not allowed; allowed: \(allowedValues)"))
    }
    return try checked(value, text: text)
  }

  /// `value` if this setting allows it, in its stored form; otherwise why not.
  public func checked(_ value: PropertyListValue, text: String? = nil) throws(SettingError) -> PropertyListValue {
    let shown = text ?? value.settingText
    func refuse(_ reason: String? = nil) -> SettingError {
      SettingError(
        reason.map { tr("\(name): \"\(shown)\" is not allowed: \($0)") }
          ?? tr("\(name): \"\(shown)\" is not allowed; allowed: \(allowedValues)"))
    }
    guard value.kind == kind else { throw refuse() }
    switch (allowed, value) {
    case (.anyOfItsKind, _): return value
    case (.oneOf(let values), .string(let string)) where values.contains(string): return value
    case (.range(let range), _) where value.number.map(range.contains) == true: return value
    case (.keys, .string(let string)):
      guard string.contains(where: { $0 != " " }) else { throw SettingError(tr("\(name): an action needs at least one key")) }
      do {
        return .string(Key.list(try Key.keys(fromList: string)))
      } catch {
        throw SettingError("\(name): \(error.description)")
      }
    default: throw refuse()
    }
  }
}

extension PropertyListValue {
  /// The value as `tally config get` prints it and `tally config set` reads it back.
  public var settingText: String {
    switch self {
    case .bool(let value): value ? "true" : "false"
    case .integer(let value): String(value)
    case .unsignedInteger(let value): String(value)
    case .real(let value): value.plainText
    case .string(let value): value
    default: "<\(kind.rawValue)>"
    }
  }

  var number: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .unsignedInteger(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }
}
