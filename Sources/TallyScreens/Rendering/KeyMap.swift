/// Keys bound to a screen's actions, with the words the key-hint line and the help show for
/// them.
///
/// A screen declares its keys as data; adding an action is adding a binding, not rewriting
/// the key handling. The help overlay and the hint line read the same table.
public struct KeyMap<Action: Sendable>: Sendable {
  /// Keys that trigger one action, and how the hint line and the help name them.
  public struct Binding: Sendable {
    public var keys: [Key]
    public var action: Action
    /// The keys as the hint line shows them, such as "Space/+".
    public var label: String
    /// What the action does in a word or two, for the hint line, such as "add".
    public var summary: String
    /// What the action does, for the help; the summary unless given.
    public var description: String
    /// Whether the bottom hint line shows this binding.
    public var isHinted: Bool
    /// Which hints stay when the line is too narrow: the lowest priority goes first (and of
    /// equal ones, the last).
    public var hintPriority: Int

    public init(
      _ keys: [Key], _ action: Action, label: String, summary: String, description: String? = nil,
      isHinted: Bool = true, hintPriority: Int = 0
    ) {
      self.keys = keys
      self.action = action
      self.label = label
      self.summary = summary
      self.description = description ?? summary
      self.isHinted = isHinted
      self.hintPriority = hintPriority
    }

    /// Every key, named as the help names them: "Space, +, Up, k".
    public var keyNames: String { keys.map(\.displayName).joined(separator: ", ") }
  }

  public let bindings: [Binding]

  public init(_ bindings: [Binding]) {
    self.bindings = bindings
  }

  /// The action bound to `key`, if any; of two bindings with the same key, the first.
  ///
  /// A linear search of a few dozen keys, not a dictionary: a `[Key: Action]` would make the
  /// Swift runtime look up `Key: Hashable`, and the type's generic requirements, by scanning
  /// every conformance record of the binary at start-up (docs/performance.md).
  public func action(for key: Key) -> Action? {
    for binding in bindings where binding.keys.contains(key) { return binding.action }
    return nil
  }

  /// The hint line for these bindings, fitted to `width`.
  public func hintLine(width: Int) -> String {
    let hinted = bindings.filter(\.isHinted)
    return KeyHints.line(for: hinted.map { ($0.label, $0.summary) }, priorities: hinted.map(\.hintPriority), width: width)
  }
}

extension KeyMap where Action: Equatable {
  /// The binding for `action`, if any.
  public func binding(for action: Action) -> Binding? { bindings.first { $0.action == action } }

  /// This map with `action` bound to `keys` instead of its own.
  ///
  /// The hint line then names the first two keys, as the help names them ("k/Up").
  public func rebinding(_ action: Action, to keys: [Key]) -> KeyMap {
    KeyMap(
      bindings.map { binding in
        guard binding.action == action, binding.keys != keys else { return binding }
        var rebound = binding
        rebound.keys = keys
        rebound.label = keys.prefix(2).map(\.settingName).joined(separator: "/")
        return rebound
      })
  }

  /// This map with `action` described as `description` in the help.
  public func describing(_ action: Action, as description: String) -> KeyMap {
    KeyMap(
      bindings.map { binding in
        guard binding.action == action else { return binding }
        var described = binding
        described.description = description
        return described
      })
  }

  /// Every key bound to more than one action, with the first two actions it is bound to.
  public func conflicts() -> [(key: Key, first: Action, second: Action)] {
    var found: [(key: Key, first: Action, second: Action)] = []
    for (index, binding) in bindings.enumerated() {
      for key in binding.keys where !found.contains(where: { $0.key == key }) {
        if let other = bindings[(index + 1)...].first(where: { $0.keys.contains(key) }) {
          found.append((key, binding.action, other.action))
        }
      }
    }
    return found
  }
}
