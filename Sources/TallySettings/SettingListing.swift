import TallyDefaults
import TallyLocalization
import TallyModel

/// How `tally config list` prints the settings: two lines each for people, JSON for programs.
public enum SettingListing {
  /// A setting's values are booleans, numbers and strings, each encoded as its JSON kind.
  struct Entry: Encodable {
    var name: String
    var value: PropertyListValue
    var `default`: PropertyListValue
    var source: String
    var thisMachineOnly: Bool
    var description: String
  }

  /// Two lines per setting: `theme = mono (user; default: default)` or
  /// `lockTimeout = 5 (default; this machine only)`, then its description.
  public static func lines(_ settings: [Settings.Resolved]) -> [String] {
    settings.flatMap { setting in
      var origin =
        setting.source == .default
        ? "default" : "\(setting.source.rawValue); default: \(setting.entry.defaultValue.settingText)"
      if setting.entry.isMachineOnly { origin += "; this machine only" }
      return ["\(setting.entry.name) = \(setting.value.settingText) (\(origin))", "    \(tr(setting.entry.summary))"]
    }
  }

  public static func json(_ settings: [Settings.Resolved]) -> String {
    let entries = settings.map {
      Entry(
        name: $0.entry.name, value: $0.value, default: $0.entry.defaultValue, source: $0.source.rawValue,
        thisMachineOnly: $0.entry.isMachineOnly, description: $0.entry.summary.english)
    }
    return JSONLine.encode(entries)
  }
}
