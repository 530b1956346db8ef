import TallyDefaults

/// The `-NAME VALUE` launch arguments that set a setting for one run, such as
/// `-theme mono` or `-keys.increment k`, taken out of a command line before it is parsed.
///
/// They are read here rather than declared one by one to the argument parser, so that every
/// setting in `AppDefaults.entries`, a new action's `keys.<name>` included, is one without
/// more code. Like the parser's `-<key> <value>` options they may stand anywhere before a
/// `--`; a value is checked as `tally config set` checks it.
extension Settings {
  /// `arguments` without the settings' `-NAME VALUE` pairs, and those values by defaults key
  /// (the argument domain).
  ///
  /// - Throws: `SettingError` for a setting without a value or with a value it does not
  ///   allow.
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
      // Only settings are taken: `-count 5` (the app's state) stays the parser's.
      guard argument.hasPrefix("-"), !argument.hasPrefix("--"),
        let entry = argumentSetting(named: String(argument.dropFirst()))
      else {
        rest.append(argument)
        continue
      }
      guard index < arguments.endIndex else { throw SettingError("\(argument) needs a value: \(entry.allowedValues)") }
      domain[entry.key.name] = try entry.settingValue(from: arguments[index])
      index += 1
    }
    return (rest, domain)
  }

  /// The setting `name` names: by its name (`keys.increment`), or by its defaults key
  /// (`keys-increment`), as a `ValueContainer` writes launch arguments.
  private static func argumentSetting(named name: String) -> AppDefaults.Entry? {
    AppDefaults.entries.first { $0.isSetting && ($0.name == name || $0.key.name == name) }
  }
}
