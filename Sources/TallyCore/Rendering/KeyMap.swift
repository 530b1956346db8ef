/// Keys bound to a screen's actions, with the words the key-hint line shows for them.
///
/// A screen declares its keys as data; adding an action is adding a binding, not rewriting
/// the key handling. The help overlay and the hint line read the same table.
public struct KeyMap<Action: Sendable & Hashable>: Sendable {
  /// Keys that trigger one action, and how the hint line names them.
  public struct Binding: Sendable {
    public var keys: [Key]
    public var action: Action
    /// The keys as the hint line shows them, such as "Space/+/Up/k".
    public var label: String
    /// What the action does, such as "add one".
    public var summary: String
    /// Whether the bottom hint line shows this binding.
    public var isHinted: Bool

    public init(_ keys: [Key], _ action: Action, label: String, summary: String, isHinted: Bool = true) {
      self.keys = keys
      self.action = action
      self.label = label
      self.summary = summary
      self.isHinted = isHinted
    }
  }

  public let bindings: [Binding]
  private let actionsByKey: [Key: Action]

  public init(_ bindings: [Binding]) {
    self.bindings = bindings
    var actions: [Key: Action] = [:]
    for binding in bindings {
      for key in binding.keys where actions[key] == nil { actions[key] = binding.action }
    }
    actionsByKey = actions
  }

  /// The action bound to `key`, if any.
  public func action(for key: Key) -> Action? { actionsByKey[key] }

  /// The hint line for these bindings, fitted to `width`.
  public func hintLine(width: Int) -> String {
    KeyHints.line(for: bindings.filter(\.isHinted).map { ($0.label, $0.summary) }, width: width)
  }
}
