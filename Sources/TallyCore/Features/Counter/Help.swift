/// The help overlay's content and keys.
///
/// It lists every key of the counter screen, read from its key map as the settings bind it,
/// and the mouse actions.
/// Any key closes it.
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
  public static let mouseEntries = [
    (
      full: Entry(keys: "click [ - ] or [ + ]", action: "subtract or add the step"),
      short: Entry(keys: "click -/+", action: "change")
    ),
    (
      full: Entry(keys: "click a counter's tab", action: "show that counter"),
      short: Entry(keys: "click tab", action: "show")
    ),
  ]

  /// Where the keys are changed; shown where there is room for the full entries.
  public static let settingsEntry = Entry(keys: "tally config", action: "change these keys and settings")

  /// Every entry with the keys' full names and descriptions.
  public static func fullEntries(for keyMap: KeyMap<CounterViewModel.Action>) -> [Entry] {
    keyMap.bindings.map { Entry(keys: $0.keyNames, action: $0.description) }
      + mouseEntries.map(\.full) + [settingsEntry]
  }

  /// Every entry with the hint line's short labels, for small terminals.
  public static func shortEntries(for keyMap: KeyMap<CounterViewModel.Action>) -> [Entry] {
    keyMap.bindings.map { Entry(keys: $0.label, action: $0.summary) } + mouseEntries.map(\.short)
  }
}
