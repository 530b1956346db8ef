/// The counter screen's state and actions: the book's counter view controller, without
/// UIKit, grown to several named counters.
///
/// It reads the counters from the injected store when made (the book's `viewDidLoad`), and
/// every change is written through the store (a `CounterStore` over it) before the screen
/// shows it. The first counter's value is the book's `"count"`. Adding is a read-modify-write,
/// so a second `tally` on the same store never loses a press; and the store is observed, so
/// what another process saves shows up without a key press.
///
/// Keys are data: ``keyMap`` for counting, and the key maps of `Prompt`, `Confirmation` and
/// `Help` for the other modes. Every change made here can be undone (``undo()``) and redone.
///
/// What happens is reported to the `Analytics` passed to the initialiser (constructor
/// injection, chapter 6 of the book): every counter change through the `CounterStore`, and
/// the help when it opens.
public final class CounterViewModel {
  /// What the counter screen can do; keys map to these through ``keyMap``.
  public enum Action: Sendable, Hashable {
    case increment
    case decrement
    case reset
    case setValue
    case setStep
    case undo
    case redo
    case nextCounter
    case previousCounter
    case newCounter
    case rename
    case delete
    case help
    case history
    case quit
  }

  /// Every key of the counter screen while counting. Adding an action means adding a binding
  /// here and a case to ``perform(_:)``; the hint line and the help follow.
  public static let keyMap = KeyMap<Action>([
    .init(
      [.space, .character("+"), .up, .character("k")], .increment, label: "Space/+", summary: "add",
      description: "add the step", hintPriority: 8),
    .init(
      [.character("-"), .down, .character("j")], .decrement, label: "-", summary: "subtract",
      description: "subtract the step", hintPriority: 7),
    .init([.character("r")], .reset, label: "r", summary: "reset", description: "reset to 0 (asks first)", hintPriority: 1),
    .init([.character("=")], .setValue, label: "=", summary: "set", description: "type a value", isHinted: false),
    .init([.character("s")], .setStep, label: "s", summary: "step", description: "set this counter's step", isHinted: false),
    .init([.character("u")], .undo, label: "u", summary: "undo", description: "undo the last change", hintPriority: 5),
    .init([.control("r")], .redo, label: "Ctrl-R", summary: "redo", description: "redo what was undone", isHinted: false),
    .init(
      [.tab, .right, .character("l")], .nextCounter, label: "Tab", summary: "next", description: "next counter", hintPriority: 4),
    .init(
      [.backTab, .left, .character("h")], .previousCounter, label: "S-Tab", summary: "previous",
      description: "previous counter", isHinted: false),
    .init([.character("n")], .newCounter, label: "n", summary: "new", description: "new counter", hintPriority: 3),
    .init([.character("e")], .rename, label: "e", summary: "rename", description: "rename this counter", isHinted: false),
    .init(
      [.character("d")], .delete, label: "d", summary: "delete", description: "delete this counter (asks first)",
      isHinted: false),
    .init([.character("?")], .help, label: "?", summary: "help", description: "this help", hintPriority: 10),
    .init(
      [.character("H")], .history, label: "H", summary: "history", description: "this counter's history",
      hintPriority: 2),
    .init([.character("q"), .control("c")], .quit, label: "q", summary: "quit", hintPriority: 9),
  ])

  /// Every counter, in order, as last read from or written to the store; never empty.
  public private(set) var counters: [Counter]
  /// The id of the counter on screen.
  public private(set) var currentID: String
  /// Counting, or a prompt, a confirmation or the help on top of it.
  public internal(set) var mode: CounterMode = .counting
  /// A one-line message for the status line: a limit reached, an undo, a save that failed.
  public internal(set) var status: StatusMessage?
  /// What can be undone and redone.
  public internal(set) var history = CounterHistory()

  let store: CounterStore
  let analytics: Analytics
  private var observation: DefaultsObservation?

  public init(userDefaults: UserDefaultsProtocol, analytics: Analytics) {
    self.analytics = analytics
    store = CounterStore(userDefaults: userDefaults, analytics: analytics)
    counters = store.counters
    currentID = store.currentID
    observation = store.observe { [weak self] in self?.refresh() }
  }

  // MARK: Reading

  /// The counter on screen.
  public var current: Counter {
    counters.first { $0.id == currentID } ?? counters.first
      ?? Counter(id: CounterStore.firstCounter.id, name: CounterStore.firstCounter.name)
  }

  /// Where the current counter stands in ``counters``.
  public var currentIndex: Int { counters.firstIndex { $0.id == currentID } ?? 0 }

  /// The current counter's value.
  public var count: Int { current.value }

  /// The count as plain decimal text, like the book's `counterLabel.text`.
  public var countText: String { String(count) }

  /// The line that screen readers, copy and paste and scripts read: "Count: 12".
  public var valueLine: String { "\(current.name): \(countText)" }

  /// The status line's text, if any.
  public var message: String? { status?.text }

  /// Whether the last change reached the store; `false` after a failed save.
  public var isSaved: Bool { store.userDefaults.saveProblem == nil }

  // MARK: Keys

  /// Handles a key in the current mode; returns the counting action it ran, or `nil` when
  /// the key went to a prompt, a confirmation or the help, or means nothing here. Mouse
  /// presses go through ``click(_:width:height:)``, which needs the screen's size.
  @discardableResult
  public func handle(_ key: Key) -> Action? {
    switch mode {
    case .counting:
      guard let action = Self.keyMap.action(for: key) else { return nil }
      perform(action)
      return action
    case .prompt(var prompt):
      if case .mouse = key { return nil }
      switch prompt.edit(with: key) {
      case .confirm: confirm(prompt)
      case .cancel:
        mode = .counting
        status = nil
      default: mode = .prompt(prompt)
      }
      return nil
    case .confirmation(let confirmation):
      if case .mouse(let event) = key, event.kind != .press { return nil }
      answer(confirmation, Confirmation.answer(to: key))
      return nil
    case .help:
      if case .mouse(let event) = key, event.kind != .press { return nil }
      mode = .counting
      return nil
    }
  }

  /// Handles a mouse event on a screen of `width` x `height`: a press on `[ - ]` or `[ + ]`
  /// changes the value, on a tab shows that counter. In the other modes it counts as a key.
  @discardableResult
  public func click(_ event: MouseEvent, width: Int, height: Int) -> Action? {
    guard mode == .counting else { return handle(.mouse(event)) }
    guard event.kind == .press else { return nil }
    switch CounterLayout(model: self, width: width, height: height).target(column: event.column, row: event.row) {
    case .decrement?:
      perform(.decrement)
      return .decrement
    case .increment?:
      perform(.increment)
      return .increment
    case .counter(let id)?:
      select(id)
      return nil
    case .earlierCounters?:
      perform(.previousCounter)
      return .previousCounter
    case .laterCounters?:
      perform(.nextCounter)
      return .nextCounter
    case nil: return nil
    }
  }

  public func perform(_ action: Action) {
    status = nil
    switch action {
    case .increment: increment()
    case .decrement: decrement()
    case .reset:
      ask(.reset(counterID: current.id), "Reset \(Self.shortName(current.name)) to 0? y/N")
    case .setValue:
      mode = .prompt(Prompt(purpose: .value(counterID: current.id), question: "Set \(Self.shortName(current.name)) to:"))
    case .setStep:
      mode = .prompt(
        Prompt(purpose: .step(counterID: current.id), question: "Step for \(Self.shortName(current.name)) (now \(current.step)):")
      )
    case .undo: undo()
    case .redo: redo()
    case .nextCounter: selectNeighbour(1)
    case .previousCounter: selectNeighbour(-1)
    case .newCounter: mode = .prompt(Prompt(purpose: .newCounter, question: "New counter's name:"))
    case .rename:
      mode = .prompt(
        Prompt(
          purpose: .rename(counterID: current.id), question: "Rename \(Self.shortName(current.name)) to:", text: current.name))
    case .delete:
      if counters.count == 1 {
        warn(Self.sentence(CounterError.lastCounter.description))
      } else {
        ask(.delete(counterID: current.id), "Delete \(Self.shortName(current.name)) (\(countText))? y/N")
      }
    case .help:
      mode = .help
      analytics.track(.screenShown(.help))
    case .history, .quit: break
    }
  }

  // MARK: Values

  /// Adds the current counter's step, saving the new value before it is shown.
  public func increment() {
    increment(by: current.step)
  }

  /// Subtracts the current counter's step.
  public func decrement() {
    increment(by: -current.step)
  }

  /// Adds `delta` (which may be negative) to the current counter. A change past `Int.max` or
  /// `Int.min` leaves the value unchanged and says so.
  public func increment(by delta: Int) {
    status = nil
    let id = current.id
    do {
      let (old, new) = try store.add(delta, to: id)
      record(.value(counterID: id, from: old, to: new))
    } catch {
      warn(Self.sentence(error.description))
    }
    finishChange()
  }

  /// Sets a counter's value, as `=` and a confirmed reset do.
  func setValue(_ value: Int, of id: String) {
    let (old, new) = store.setValue(value, of: id)
    if old != new { record(.value(counterID: id, from: old, to: new)) }
    finishChange()
  }

  // MARK: Selecting

  /// Shows the counter `id`; remembered across launches.
  public func select(_ id: String) {
    guard id != currentID, counters.contains(where: { $0.id == id }) else { return }
    store.select(id)
    finishChange()
  }

  private func selectNeighbour(_ offset: Int) {
    guard counters.count > 1 else { return }
    let index = (currentIndex + offset + counters.count) % counters.count
    select(counters[index].id)
  }

  // MARK: Modes

  private func ask(_ purpose: Confirmation.Purpose, _ question: String) {
    mode = .confirmation(Confirmation(purpose: purpose, question: question))
  }

  // MARK: Bookkeeping

  func record(_ change: CounterChange) {
    history.record(change)
  }

  func inform(_ text: String) {
    status = StatusMessage(text, isWarning: false)
  }

  func warn(_ text: String) {
    status = StatusMessage(text, isWarning: true)
  }

  /// Re-reads the store after a change (or a change by another process), and reports a save
  /// that failed.
  func finishChange() {
    refresh()
    if let problem = store.userDefaults.saveProblem { warn(Self.notSaved(problem)) }
  }

  /// Updates the status line after the store tried again to save: the warning stays while
  /// saving fails, and says so once it works.
  public func saveStatusChanged() {
    let wasWarning = status?.text.hasPrefix("Not saved") == true
    if let problem = store.userDefaults.saveProblem {
      warn(Self.notSaved(problem))
    } else if wasWarning {
      inform("Saved.")
    }
  }

  static func notSaved(_ problem: StoreError) -> String {
    "Not saved: \(problem). The value on screen is kept; saving is retried."
  }

  private func refresh() {
    counters = store.counters
    currentID = store.currentID
  }

  /// A name short enough for a question on one line.
  static func shortName(_ name: String) -> String { TextLayout.clip(name, width: 16) }

  /// `text` with its first letter in upper case, as a message starts.
  static func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst()
  }
}
