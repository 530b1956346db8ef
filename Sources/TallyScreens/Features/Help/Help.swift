import TallyLocalization

/// The help's entries: every key of a screen as bound, and the mouse actions.
public enum Help {
  public typealias Entry = KeyHelp

  /// A screen's entries from its key map, then `more` (its fixed keys and clicks): full, with
  /// each binding's keys and description, or short, with the hint line's labels.
  public static func entries<Action>(for keyMap: KeyMap<Action>, more: [Entry], short: Bool) -> [Entry] {
    keyMap.bindings.map { short ? Entry(keys: $0.label, action: $0.summary) : Entry(keys: $0.keyNames, action: $0.description) }
      + more + [short ? Entry(keys: "tally config", action: trMarked("keys")) : configEntry]
  }

  static let configEntry = Entry(keys: "tally config", action: trMarked("change these keys and settings"))

  /// Actions that share a line, so that the help fits 80x24, with their words full and short.
  static let pairs: [(first: CounterViewModel.Action, second: CounterViewModel.Action, full: String, short: String)] = [
    (.setValue, .addAmount, trMarked("type a value / an amount to add"), trMarked("set/add")),
    (.nextGroup, .previousGroup, trMarked("next / previous group"), trMarked("group")),
    (.history, .board, trMarked("history / board of the group"), trMarked("past/all")),
    (.setGoal, .settings, trMarked("set this counter's goal / all its settings"), trMarked("goal/all")),
  ]

  public static func fullEntries(for keyMap: KeyMap<CounterViewModel.Action>) -> [Entry] {
    listed(keyMap).map { binding, pair in
      guard let (second, full, _) = pair else { return Entry(keys: binding.keyNames, action: binding.description) }
      return Entry(keys: binding.keyNames + " / " + second.keyNames, action: full)
    } + [
      Entry(keys: trMarked("click [-], [+], a tab"), action: trMarked("subtract, add, show that counter")),
      configEntry,
    ]
  }

  /// Every entry with the hint line's short labels.
  public static func shortEntries(for keyMap: KeyMap<CounterViewModel.Action>) -> [Entry] {
    listed(keyMap).map { binding, pair in
      guard let (second, _, short) = pair else { return Entry(keys: binding.label, action: binding.summary) }
      return Entry(keys: binding.label + " " + second.label, action: short)
    } + [
      Entry(keys: trMarked("click -/+"), action: trMarked("change")),
      Entry(keys: trMarked("click tab"), action: trMarked("show")),
    ]
  }

  /// The bindings in the help's order, each pair's second beside its first.
  private static func listed(_ keyMap: KeyMap<CounterViewModel.Action>) -> [(
    binding: KeyMap<CounterViewModel.Action>.Binding,
    pair: (second: KeyMap<CounterViewModel.Action>.Binding, full: String, short: String)?
  )] {
    let seconds = Set(pairs.map(\.second))
    return keyMap.bindings.filter { !seconds.contains($0.action) }.map { binding in
      let pair = pairs.first { $0.first == binding.action }.flatMap { pair in
        keyMap.bindings.first { $0.action == pair.second }.map { ($0, pair.full, pair.short) }
      }
      return (binding, pair)
    }
  }
}
