import TallyDefaults
import TallyLocalization
import TallyScreens

/// A screen's keys as its `keys.*` settings bind them (``ScreenAction``), checked as a whole:
/// a key bound to two actions of the screen, and Ctrl-C, which always quits, bound to anything
/// but the screen's quit. The same key on two screens is fine.
extension Settings {
  public typealias Action = CounterViewModel.Action

  /// The key map that `keys` binds, where `keys(action)` is the action's setting as stored
  /// ("Space,+,k") or `nil` for its default keys.
  public static func keyMap<A: ScreenAction>(_ keys: (A) -> String?) throws(SettingError) -> KeyMap<A> {
    var keyMap = A.defaultKeyMap
    var isRebound = false
    for action in A.allCases {
      guard let text = keys(action) else { continue }
      isRebound = true
      let entry = AppDefaults.setting(named: setting(for: action))
      let checked = try entry?.checked(.string(text)) ?? .string(text)
      guard case .string(let list) = checked else { continue }
      do {
        keyMap = keyMap.rebinding(action, to: try Key.keys(fromList: list))
      } catch {
        throw SettingError("\(setting(for: action)): \(error.description)")
      }
    }
    // The defaults are checked by a test, not at every start.
    if isRebound { try check(keyMap) }
    return keyMap
  }

  /// `keys.increment` on the counter screen, `keys.board.undo` on another.
  public static func setting<A: ScreenAction>(for action: A) -> String {
    "keys." + (A.screenName.map { $0 + "." } ?? "") + action.name
  }

  /// Throws unless every key does one thing and Ctrl-C quits.
  static func check<A: ScreenAction>(_ keyMap: KeyMap<A>) throws(SettingError) {
    for binding in keyMap.bindings where binding.action != A.quitAction && binding.keys.contains(.control("c")) {
      throw SettingError(tr("\(setting(for: binding.action)): Ctrl-C always quits; it can be bound to quit only"))
    }
    if let conflict = keyMap.conflicts().first {
      let first = describe(conflict.first, in: keyMap)
      let second = describe(conflict.second, in: keyMap)
      throw SettingError(
        tr("\(conflict.key.settingName) is bound to two actions, \(first) and \(second); a key can do one thing only"))
    }
  }

  /// "keys.increment (Space,+,Up,k)".
  private static func describe<A: ScreenAction>(_ action: A, in keyMap: KeyMap<A>) -> String {
    "\(setting(for: action)) (\(Key.list(keyMap.binding(for: action)?.keys ?? [])))"
  }

  /// Throws unless the stored keys of `entry`'s screen, with `entry` set to `value` (`nil`
  /// for its default), can be used together.
  static func checkKeys(
    with entry: AppDefaults.Entry, set value: PropertyListValue?, in stored: [String: PropertyListValue]
  ) throws(SettingError) {
    guard case .keys = entry.allowed else { return }
    try checkKeys(of: CounterViewModel.Action.self, with: entry, set: value, in: stored)
    try checkKeys(of: BoardViewModel.Action.self, with: entry, set: value, in: stored)
    try checkKeys(of: HistoryViewModel.Action.self, with: entry, set: value, in: stored)
    try checkKeys(of: CounterSettingsViewModel.Action.self, with: entry, set: value, in: stored)
  }

  private static func checkKeys<A: ScreenAction>(
    of _: A.Type, with entry: AppDefaults.Entry, set value: PropertyListValue?, in stored: [String: PropertyListValue]
  ) throws(SettingError) {
    guard A.allCases.contains(where: { DefaultsKey.keys(forAction: $0) == entry.key }) else { return }
    _ = try Settings.keyMap { (action: A) in
      let name = DefaultsKey.keys(forAction: action).name
      return (name == entry.key.name ? value : stored[name]).flatMap(String.init(propertyListValue:))
    }
  }
}
