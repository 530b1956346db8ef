/// The help's content and keys.
///
/// It lists every key of the counter screen, read from its key map as the settings bind it,
/// and the mouse actions. Any key closes it.
public enum Help {
  /// What a key does while the help is open: close it.
  public enum Action: Sendable, Hashable {
    case close
  }

  /// No key is bound: the keyless binding describes what every key does.
  public static let keyMap = KeyMap<Action>([
    .init([], .close, label: "any key", summary: "closes")
  ])

  /// One line of the help: keys and what they do.
  public struct Entry: Sendable, Equatable {
    public var keys: String
    public var action: String
  }

  /// The mouse's part of the help, after the keys.
  public static let mouseEntries = (
    full: [Entry(keys: "click [-], [+], a tab", action: "subtract, add, show that counter")],
    short: [Entry(keys: "click -/+", action: "change"), Entry(keys: "click tab", action: "show")]
  )

  /// Where the keys are changed; shown where there is room for the full entries.
  public static let settingsEntry = Entry(keys: "tally config", action: "change these keys and settings")

  /// Every entry with the keys' full names and descriptions.
  public static func fullEntries(for keyMap: KeyMap<CounterViewModel.Action>) -> [Entry] {
    listed(keyMap).map { binding, previousGroup in
      guard let previousGroup else { return Entry(keys: binding.keyNames, action: binding.description) }
      return Entry(keys: binding.keyNames + " / " + previousGroup.keyNames, action: "next / previous group")
    } + mouseEntries.full + [settingsEntry]
  }

  /// Every entry with the hint line's short labels, for small terminals.
  public static func shortEntries(for keyMap: KeyMap<CounterViewModel.Action>) -> [Entry] {
    listed(keyMap).map { binding, previousGroup in
      guard let previousGroup else { return Entry(keys: binding.label, action: binding.summary) }
      return Entry(keys: binding.label + " " + previousGroup.label, action: "group")
    } + mouseEntries.short
  }

  /// The bindings in the help's order, the previous group's beside the next group's (one
  /// line for both, so that the help still fits 80x24).
  private static func listed(_ keyMap: KeyMap<CounterViewModel.Action>) -> [(
    binding: KeyMap<CounterViewModel.Action>.Binding, previousGroup: KeyMap<CounterViewModel.Action>.Binding?
  )] {
    let previous = keyMap.bindings.first { $0.action == .previousGroup }
    return keyMap.bindings.filter { $0.action != .previousGroup }.map { ($0, $0.action == .nextGroup ? previous : nil) }
  }
}
