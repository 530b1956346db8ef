import TallyDefaults
import TallyLocalization
import TallyModel
import TallyScreens

/// The one way Tally reads a setting, key bindings included.
///
/// A value comes from the first of: a `-NAME VALUE` launch argument, the setting's
/// environment variable, the store (`tally config set`), the default. A value a setting does
/// not allow (a hand-edited store) is passed over for the next one; a key binding that
/// cannot be used is reported instead (``counterScreen()``). The store is read at each
/// question, so a change made by another process shows at once.
public final class Settings {
  public enum Source: String, Sendable {
    case `default`, user, argument, environment
  }

  public struct Resolved {
    public var entry: AppDefaults.Entry
    public var value: PropertyListValue
    public var source: Source
  }

  private let store: any SharedStore
  public let environment: [String: String]
  /// The user's values when the app last heard of a change (``changed()``).
  private var applied: [String: PropertyListValue]

  private static let settingKeys = AppDefaults.entries.filter(\.isSetting).map(\.key.name)

  public init(store: any SharedStore, environment: [String: String]) {
    self.store = store
    self.environment = environment
    applied = store.domains.persistent
  }

  public var all: [Resolved] {
    let domains = store.domains
    return AppDefaults.entries.filter(\.isSetting).map { resolved($0, in: domains) }
  }

  public func resolved(_ entry: AppDefaults.Entry) -> Resolved { resolved(entry, in: store.domains) }

  private func resolved(_ entry: AppDefaults.Entry, in domains: DefaultsDomains) -> Resolved {
    for (value, source) in given(entry, in: domains) {
      if let value = try? entry.checked(value) { return Resolved(entry: entry, value: value, source: source) }
    }
    return Resolved(entry: entry, value: entry.defaultValue, source: .default)
  }

  /// The values given for `entry`, unchecked, in the order they win.
  private func given(_ entry: AppDefaults.Entry, in domains: DefaultsDomains) -> [(PropertyListValue, Source)] {
    var values: [(PropertyListValue, Source)] = []
    if let value = domains.argument[entry.key.name] { values.append((value, .argument)) }
    if let variable = entry.environmentVariable, let text = environment[variable], !text.isEmpty,
      let value = try? entry.settingValue(from: text)
    {
      values.append((value, .environment))
    }
    if let value = domains.persistent[entry.key.name] { values.append((value, .user)) }
    return values
  }

  private func value(_ key: DefaultsKey, in domains: DefaultsDomains? = nil) -> PropertyListValue? {
    AppDefaults.entries.first { $0.key == key }.map { resolved($0, in: domains ?? store.domains).value }
  }

  private func bool(_ key: DefaultsKey, in domains: DefaultsDomains) -> Bool {
    value(key, in: domains).flatMap(Bool.init(propertyListValue:)) ?? true
  }

  private func name(_ key: DefaultsKey) -> String? { value(key).flatMap(String.init(propertyListValue:)) }

  public var theme: Theme { name(.theme).flatMap(Theme.init(rawValue:)) ?? .standard }

  public var alertStyle: AlertStyle { name(.alertStyle).flatMap(AlertStyle.init(rawValue:)) ?? .bell }

  public var lockTimeout: Double { value(.lockTimeout)?.number ?? StoreLock.defaultTimeout }

  public var dayStartsAtHour: Int { value(.dayStartsAtHour).flatMap(Int.init(propertyListValue:)) ?? 0 }

  /// The one calendar of the run loop (which hands it to the app) and the commands.
  public func calendar(clock: WallClock) -> GoalCalendar {
    GoalCalendar(clock: clock, dayStartsAtHour: dayStartsAtHour)
  }

  /// Whether the user's values changed since start or the last call: only they can change
  /// while the app runs (the launch arguments and the environment are fixed at start).
  public func changed() -> Bool {
    let stored = store.domains.persistent
    guard Self.settingKeys.contains(where: { stored[$0] != applied[$0] }) else { return false }
    applied = stored
    return true
  }

  /// The screens' settings, and why a screen's keys are all its defaults when its `keys.*`
  /// settings cannot be used (the first such screen).
  public func counterScreen() -> (settings: ScreenSettings, problem: SettingError?) {
    let domains = store.domains
    var problem: SettingError?
    // The values as given, not passed over when bad: a binding that cannot be used is
    // reported, never silently replaced by one default.
    var given: [String: String] = [:]
    for entry in AppDefaults.entries where entry.allowed.isKeys {
      if case .string(let text)? = self.given(entry, in: domains).first?.0 { given[entry.key.name] = text }
    }
    func keyMap<A: ScreenAction>(_: A.Type) -> KeyMap<A> {
      do {
        return try Self.keyMap { (action: A) in given[DefaultsKey.keys(forAction: action).name] }
      } catch {
        problem = problem ?? error
        return A.defaultKeyMap
      }
    }
    var settings = ScreenSettings(
      keyMap: keyMap(CounterViewModel.Action.self), confirmsReset: bool(.confirmReset, in: domains),
      confirmsDelete: bool(.confirmDelete, in: domains), showsBigDigits: bool(.bigDigits, in: domains))
    settings.setKeys(keyMap(BoardViewModel.Action.self))
    settings.setKeys(keyMap(HistoryViewModel.Action.self))
    settings.setKeys(keyMap(CounterSettingsViewModel.Action.self))
    return (settings, problem)
  }

  public static func keysNotice(_ problem: SettingError) -> String {
    tr("Using the default keys: \(problem). Fix it with `tally config set` or `tally config reset`.")
  }
}
