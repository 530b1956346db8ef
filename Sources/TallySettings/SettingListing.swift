import TallyDefaults
import TallyModel

/// How `tally config list` prints the settings: two lines each for people, JSON for programs.
public enum SettingListing {
  /// One setting as JSON sees it.
  struct Entry: Encodable {
    var name: String
    var value: Value
    var `default`: Value
    var source: String
    /// Whether sync leaves it alone: it is about this machine only.
    var thisMachineOnly: Bool
    var description: String
  }

  /// A setting's value as JSON writes it: a boolean, a number or a string.
  struct Value: Encodable {
    var value: PropertyListValue

    init(_ value: PropertyListValue) { self.value = value }

    func encode(to encoder: Encoder) throws {
      var container = encoder.singleValueContainer()
      switch value {
      case .bool(let bool): try container.encode(bool)
      case .integer, .unsignedInteger, .real: try container.encode(value.number ?? 0)
      default: try container.encode(value.settingText)
      }
    }
  }

  /// Two lines per setting: `name = value (source; default: value)`, then its description;
  /// a setting that sync leaves alone says `this machine only`.
  ///
  /// ```
  /// theme = mono (user; default: default)
  ///     colours: default, mono (none) or high-contrast; NO_COLOR, when set, turns colour off anyway
  /// lockTimeout = 5 (default; this machine only)
  /// ```
  public static func lines(_ settings: [Settings.Resolved]) -> [String] {
    settings.flatMap { setting in
      var origin =
        setting.source == .default
        ? "default" : "\(setting.source.rawValue); default: \(setting.entry.defaultValue.settingText)"
      if setting.entry.isMachineOnly { origin += "; this machine only" }
      return ["\(setting.entry.name) = \(setting.value.settingText) (\(origin))", "    \(setting.entry.summary)"]
    }
  }

  /// A JSON array of `{"default", "description", "name", "source", "thisMachineOnly", "value"}`,
  /// on one line.
  public static func json(_ settings: [Settings.Resolved]) -> String {
    let entries = settings.map {
      Entry(
        name: $0.entry.name, value: Value($0.value), default: Value($0.entry.defaultValue), source: $0.source.rawValue,
        thisMachineOnly: $0.entry.isMachineOnly, description: $0.entry.summary)
    }
    return JSONLine.encode(entries)
  }
}
