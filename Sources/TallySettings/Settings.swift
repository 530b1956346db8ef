import TallyDefaults
import TallyModel
import TallyScreens

/// The settings as one run of Tally sees them: each value, and where it comes from.
///
/// A value comes from the first of: a `-NAME VALUE` launch argument, the setting's
/// environment variable (`TALLY_LOCK_TIMEOUT`), the store (the user's `tally config set`),
/// the default registered in `AppDefaults.entries`. A value a setting does not allow (a
/// hand-edited store, a mistyped variable) is passed over for the next one.
///
/// Reading a setting looks up a few dictionaries; the key lists are parsed only when some
/// are set, so the first frame does not pay for settings left alone.
public struct Settings {
  /// Where a setting's value comes from.
  public enum Source: String, Sendable {
    case `default`
    case user
    case argument
    case environment
  }

  /// One setting's value as this run uses it.
  public struct Resolved {
    public var entry: AppDefaults.Entry
    public var value: PropertyListValue
    public var source: Source
  }

  public let domains: DefaultsDomains
  public let environment: [String: String]

  public init(domains: DefaultsDomains, environment: [String: String]) {
    self.domains = domains
    self.environment = environment
  }

  /// The settings of `store`, which holds the argument domain and the user's values.
  public init(store: any SharedStore, environment: [String: String]) {
    self.init(domains: store.domains, environment: environment)
  }

  /// Every setting, in the order of `AppDefaults.entries`.
  public var all: [Resolved] { AppDefaults.entries.filter(\.isSetting).map(resolved) }

  /// `entry`'s value for this run and where it comes from.
  public func resolved(_ entry: AppDefaults.Entry) -> Resolved {
    let name = entry.key.name
    if let value = domains.argument[name].flatMap({ try? entry.checked($0) }) {
      return Resolved(entry: entry, value: value, source: .argument)
    }
    if let variable = entry.environmentVariable, let text = environment[variable], !text.isEmpty,
      let value = try? entry.settingValue(from: text)
    {
      return Resolved(entry: entry, value: value, source: .environment)
    }
    if let value = domains.persistent[name].flatMap({ try? entry.checked($0) }) {
      return Resolved(entry: entry, value: value, source: .user)
    }
    return Resolved(entry: entry, value: entry.defaultValue, source: .default)
  }

  private func value(_ key: DefaultsKey) -> PropertyListValue? {
    AppDefaults.entries.first { $0.key == key }.map { resolved($0).value }
  }

  private func bool(_ key: DefaultsKey) -> Bool {
    if case .bool(let value)? = value(key) { return value }
    return true
  }

  /// The colour theme.
  public var theme: Theme {
    if case .string(let name)? = value(.theme), let theme = Theme(rawValue: name) { return theme }
    return .standard
  }

  /// Seconds to wait for another process's lock on the store.
  public var lockTimeout: Double { value(.lockTimeout)?.number ?? StoreLock.defaultTimeout }

  /// The hour a day starts at for goals, streaks and the history (0 unless set).
  public var dayStartsAtHour: Int { value(.dayStartsAtHour).flatMap(Int.init(propertyListValue:)) ?? 0 }

  /// Days, weeks and months as these settings place them, in `clock`'s time zone: the one
  /// calendar of the app, the run loop and the commands.
  public func calendar(clock: WallClock) -> GoalCalendar {
    GoalCalendar(clock: clock, dayStartsAtHour: dayStartsAtHour)
  }

  /// The counter screen's settings, and why its keys are all the defaults when the `keys.*`
  /// settings cannot be used (a key bound twice, an unknown key name).
  public func counterScreen() -> (settings: CounterScreenSettings, problem: SettingError?) {
    var problem: SettingError?
    var keyMap = CounterViewModel.defaultKeyMap
    do {
      // The values as given, not passed over when bad: a binding that cannot be used is
      // reported, never silently replaced by one default.
      keyMap = try CounterKeySettings.keyMap { action in
        let name = DefaultsKey.keys(for: action).name
        guard case .string(let text)? = domains.argument[name] ?? domains.persistent[name] else { return nil }
        return text
      }
    } catch {
      problem = error
    }
    let settings = CounterScreenSettings(
      keyMap: keyMap, confirmsReset: bool(.confirmReset), confirmsDelete: bool(.confirmDelete),
      showsBigDigits: bool(.bigDigits))
    return (settings, problem)
  }
}
