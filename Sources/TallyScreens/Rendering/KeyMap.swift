/// What a screen can do, each action bound to keys by a setting (docs/settings.md): the
/// counter screen's `keys.<name>`, another screen's `keys.<screen>.<name>`.
public protocol ScreenAction: Hashable, Sendable, CaseIterable where AllCases == [Self] {
  /// `board` in `keys.board.undo`; `nil` for the counter screen's, named first (`keys.increment`).
  static var screenName: String? { get }
  /// The keys before the settings rebind any; the hint line, the help and the settings follow from it.
  static var defaultKeyMap: KeyMap<Self> { get }
  /// The one action Ctrl-C, which always quits, may be bound to; `nil` for none.
  static var quitAction: Self? { get }
  /// The action's part of its setting's name, which stores hold: it never changes once released.
  var name: String { get }
}

extension ScreenAction {
  public static var quitAction: Self? { nil }
}

extension ScreenAction where Self: RawRepresentable, RawValue == String {
  public var name: String { rawValue }
}

/// Keys bound to a screen's actions, with the words the hint line and the help show for them.
public struct KeyMap<Action: Sendable>: Sendable {
  public struct Binding: Sendable {
    public var keys: [Key]
    public var action: Action
    /// The keys on the hint line, "Space/+", and what they do there, "add".
    public var label: String
    public var summary: String
    /// For the help; the summary unless given.
    public var description: String
    public var isHinted: Bool
    /// The lowest goes first from a line too narrow.
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

    /// "Space, +, Up, k".
    public var keyNames: String { keys.map(\.displayName).joined(separator: ", ") }
  }

  public let bindings: [Binding]

  public init(_ bindings: [Binding]) {
    self.bindings = bindings
  }

  /// The first binding's action for `key`: a linear search, as a dictionary would cost a
  /// conformance scan at start-up.
  public func action(for key: Key) -> Action? {
    for binding in bindings where binding.keys.contains(key) { return binding.action }
    return nil
  }

  public func hintLine(width: Int) -> String {
    let hinted = bindings.filter(\.isHinted)
    return KeyHints.line(for: hinted.map { ($0.label, $0.summary) }, priorities: hinted.map(\.hintPriority), width: width)
  }
}

extension KeyMap where Action: Equatable {
  public func binding(for action: Action) -> Binding? { bindings.first { $0.action == action } }

  /// This map with `action` bound to `keys`; the hint line names the first two ("k/Up").
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

  public func describing(_ action: Action, as description: String) -> KeyMap {
    KeyMap(
      bindings.map { binding in
        guard binding.action == action else { return binding }
        var described = binding
        described.description = description
        return described
      })
  }

  /// Every key bound to more than one action, with the first two.
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
