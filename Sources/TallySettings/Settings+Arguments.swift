import TallyDefaults
import TallyLocalization

/// The `-NAME VALUE` launch arguments that set a setting for one run (`-theme mono`), read
/// here rather than declared to the argument parser, so that every setting, a new action's
/// `keys.<name>` included, is one without more code.
extension Settings {
  /// `arguments` without the settings' `-NAME VALUE` pairs (before any `--`), and those
  /// values, checked as `tally config set` checks them, by defaults key.
  public static func arguments(in arguments: [String]) throws(SettingError) -> (
    rest: [String], domain: [String: PropertyListValue]
  ) {
    var rest: [String] = []
    var domain: [String: PropertyListValue] = [:]
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        rest += arguments[(index - 1)...]
        break
      }
      // Only settings are taken, by name or defaults key (`keys.increment`, `keys-increment`,
      // as a `ValueContainer` writes them): `-count 5` (the app's state) stays the parser's.
      let name = String(argument.dropFirst())
      guard argument.hasPrefix("-"), !argument.hasPrefix("--"),
        let entry = AppDefaults.entries.first(where: { $0.isSetting && ($0.key.name == name || $0.isNamed(name)) })
      else {
        rest.append(argument)
        continue
      }
      guard index < arguments.endIndex else { throw SettingError(tr("\(argument) needs a value: \(entry.allowedValues)")) }
      domain[entry.key.name] = try entry.settingValue(from: arguments[index])
      index += 1
    }
    return (rest, domain)
  }
}
