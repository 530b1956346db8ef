import TallyScreens

/// The counter screen's keys as the `keys.<action>` settings bind them, checked as a whole:
/// a key bound to two actions, and Ctrl-C, which always quits, bound to anything else.
extension Settings {
  public typealias Action = CounterViewModel.Action

  /// The key map that `keys` binds, where `keys(action)` is the action's setting as stored
  /// ("Space,+,k") or `nil` for its default keys.
  public static func keyMap(_ keys: (Action) -> String?) throws(SettingError) -> KeyMap<Action> {
    var keyMap = CounterViewModel.defaultKeyMap
    var isRebound = false
    for action in Action.allCases {
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

  public static func setting(for action: Action) -> String { "keys." + action.name }

  /// Throws unless every key does one thing and Ctrl-C quits.
  static func check(_ keyMap: KeyMap<Action>) throws(SettingError) {
    for binding in keyMap.bindings where binding.action != .quit && binding.keys.contains(.control("c")) {
      throw SettingError("\(setting(for: binding.action)): Ctrl-C always quits; it can be bound to quit only")
    }
    if let conflict = keyMap.conflicts().first {
      let first = describe(conflict.first, in: keyMap)
      let second = describe(conflict.second, in: keyMap)
      throw SettingError(
        "\(conflict.key.settingName) is bound to two actions, \(first) and \(second); a key can do one thing only")
    }
  }

  /// "keys.increment (Space,+,Up,k)".
  private static func describe(_ action: Action, in keyMap: KeyMap<Action>) -> String {
    "\(setting(for: action)) (\(Key.list(keyMap.binding(for: action)?.keys ?? [])))"
  }
}
