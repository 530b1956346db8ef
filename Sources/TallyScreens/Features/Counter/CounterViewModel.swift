import TallyDefaults
import TallyModel

/// The counter screen's state and what its keys mean: the book's counter view controller,
/// without UIKit and without I/O, grown to several named counters.
///
/// ``update(_:counters:target:)`` takes a key and the counters as ``CountersModel`` holds
/// them, changes only the screen's own state (its mode, the status line) and returns what
/// should happen as ``CounterEffect`` values, with what the edits among them are for
/// (``CounterUpdate``); the app makes the edits and hands what became of them back as a
/// message with that purpose (``receive(_:)``), which records them for undo and says what
/// went wrong. The screen keeps no copy of the counters, and nothing of an edit in flight.
///
/// Keys are data: ``keyMap`` for counting (the user's `keys.<action>` settings over
/// ``defaultKeyMap``), and the key maps of `Prompt`, `Confirmation` and `Help` for the
/// other modes. Every change made here can be undone and redone.
public final class CounterViewModel {
  /// What the counter screen can do; keys map to these through ``keyMap``.
  ///
  /// Each action's keys are a setting, `keys.<name>` (``name``).
  public enum Action: String, Sendable, Hashable, CaseIterable {
    case increment
    case decrement
    case reset
    case setValue
    case setStep
    case setGoal
    /// Puts a note on the counter's last change (its row in the history).
    case note
    case undo
    case redo
    case nextCounter
    case previousCounter
    /// Shows the first counter of the next group (of counters in no group, after the last).
    case nextGroup
    case previousGroup
    case newCounter
    case rename
    case delete
    case help
    case history
    case quit

    /// The action's name in settings, `keys.<name>`: the case's name, which never changes
    /// once released, since stores hold it.
    public var name: String { rawValue }
  }

  /// Every key of the counter screen while counting, before the settings rebind any.
  ///
  /// Adding an action means adding a binding here and a case to ``perform(_:counters:)``;
  /// the hint line, the help and the `keys.<name>` setting follow.
  public static let defaultKeyMap = KeyMap<Action>([
    .init(
      [.space, .character("+"), .up, .character("k")], .increment, label: "Space/+", summary: "add",
      description: "add the step", hintPriority: 8),
    .init(
      [.character("-"), .down, .character("j")], .decrement, label: "-", summary: "subtract",
      description: "subtract the step", hintPriority: 7),
    .init([.character("r")], .reset, label: "r", summary: "reset", description: "reset to 0 (asks first)", hintPriority: 1),
    .init([.character("=")], .setValue, label: "=", summary: "set", description: "type a value", isHinted: false),
    .init([.character("s")], .setStep, label: "s", summary: "step", description: "set this counter's step", isHinted: false),
    .init(
      [.character("g")], .setGoal, label: "g", summary: "goal",
      description: "set this counter's goal", isHinted: false),
    .init(
      [.character("N")], .note, label: "N", summary: "note", description: "add a note to the last change",
      hintPriority: 0),
    .init([.character("u")], .undo, label: "u", summary: "undo", description: "undo the last change", hintPriority: 5),
    .init([.control("r")], .redo, label: "Ctrl-R", summary: "redo", description: "redo what was undone", isHinted: false),
    .init(
      [.tab, .right, .character("l")], .nextCounter, label: "Tab", summary: "next", description: "next counter", hintPriority: 4),
    .init(
      [.backTab, .left, .character("h")], .previousCounter, label: "S-Tab", summary: "previous",
      description: "previous counter", isHinted: false),
    .init(
      [.character("]")], .nextGroup, label: "]", summary: "next group", description: "next group of counters",
      isHinted: false),
    .init(
      [.character("[")], .previousGroup, label: "[", summary: "previous group", description: "previous group of counters",
      isHinted: false),
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

  /// The keys while counting, as the settings bind them.
  public var keyMap: KeyMap<Action> { settings.keyMap }
  /// The keys, whether reset and delete ask first, and whether the value is drawn large;
  /// changed while the app runs when the user changes the settings.
  public package(set) var settings: CounterScreenSettings
  /// Counting, or a prompt, a confirmation or the help on top of it.
  public internal(set) var mode: CounterMode = .counting
  /// A one-line message for the status line: a limit reached, an undo, a save that failed.
  public internal(set) var status: StatusMessage?
  /// What can be undone and redone.
  public internal(set) var undoStack = UndoStack()
  public init(settings: CounterScreenSettings = CounterScreenSettings()) {
    self.settings = settings
  }

  // MARK: Keys

  /// Handles a key in the current mode and returns what should happen.
  ///
  /// The key applies to `counters` as they are. A mouse press while counting means the region
  /// under it, `target`, which the view finds (`CounterView.target(column:row:width:height:)`);
  /// in the other modes it counts as a key.
  public func update(_ key: Key, counters: CounterList, target: CounterLayout.Target? = nil) -> CounterUpdate {
    switch mode {
    case .counting:
      if case .mouse(let event) = key { return event.kind == .press ? click(target, counters: counters) : [] }
      guard let action = keyMap.action(for: key) else { return [] }
      return perform(action, counters: counters)
    case .prompt(var prompt):
      if case .mouse = key { return [] }
      switch prompt.edit(with: key) {
      case .confirm: return confirm(prompt)
      case .cancel:
        mode = .counting
        status = nil
      default: mode = .prompt(prompt)
      }
      return []
    case .confirmation(let confirmation):
      if case .mouse(let event) = key, event.kind != .press { return [] }
      return CounterUpdate(answer(confirmation, Confirmation.answer(to: key)))
    case .help:
      if case .mouse(let event) = key, event.kind != .press { return [] }
      mode = .counting
      return []
    }
  }

  private func click(_ target: CounterLayout.Target?, counters: CounterList) -> CounterUpdate {
    switch target {
    case .decrement?: return perform(.decrement, counters: counters)
    case .increment?: return perform(.increment, counters: counters)
    case .counter(let id)?:
      status = nil
      return [.edit(.select(id))]
    case .earlierCounters?: return perform(.previousCounter, counters: counters)
    case .laterCounters?: return perform(.nextCounter, counters: counters)
    case nil: return []
    }
  }

  /// What a counting action does to `counters`.
  func perform(_ action: Action, counters: CounterList) -> CounterUpdate {
    status = nil
    let current = counters.current
    let name = Self.shortName(current.name)
    switch action {
    case .increment: return [.edit(.add(current.step, to: current.id))]
    case .decrement: return [.edit(.add(-current.step, to: current.id))]
    case .reset:
      guard settings.confirmsReset else { return [.edit(.setValue(0, of: current.id))] }
      mode = .confirmation(Confirmation(purpose: .reset(counterID: current.id), question: "Reset \(name) to 0? y/N"))
    case .setValue: mode = .prompt(Prompt(purpose: .value(counterID: current.id), question: "Set \(name) to:"))
    case .setStep:
      mode = .prompt(Prompt(purpose: .step(counterID: current.id), question: "Step for \(name) (now \(current.step)):"))
    case .setGoal:
      mode = .prompt(
        Prompt(
          purpose: .goal(counterID: current.id), question: "Goal for \(name) (8/day, 3/week, 20/month, 300; empty: none):",
          text: current.goal?.text ?? ""))
    case .note: return [.findLastChange(counterID: current.id)]
    case .undo, .redo: return replay(undoing: action == .undo, counters: counters)
    case .nextCounter, .previousCounter:
      // Round the tabs on show: the current counter's group.
      let group = counters.currentGroup
      guard group.count > 1 else { return [] }
      let here = group.firstIndex { $0.id == current.id } ?? 0
      return [.edit(.select(group[(here + (action == .nextCounter ? 1 : -1) + group.count) % group.count].id))]
    case .nextGroup, .previousGroup:
      guard let first = counters.firstCounter(ofGroupAfterCurrent: action == .nextGroup) else {
        status = StatusMessage(
          counters.usesGroups ? "Every counter is in this group." : "No groups yet: `tally group NAME GROUP` makes one.",
          kind: .news)
        return []
      }
      return [.edit(.select(first.id))]
    case .newCounter: mode = .prompt(Prompt(purpose: .newCounter, question: "New counter's name:"))
    case .rename:
      mode = .prompt(Prompt(purpose: .rename(counterID: current.id), question: "Rename \(name) to:", text: current.name))
    case .delete where counters.counters.count == 1: warn(Self.sentence(CounterError.lastCounter.description))
    case .delete where !settings.confirmsDelete: return [.edit(.delete(current.id))]
    case .delete:
      let question = "Delete \(name) (\(current.value))? y/N"
      mode = .confirmation(Confirmation(purpose: .delete(counterID: current.id), question: question))
    case .help:
      mode = .help
      return [.helpShown]
    case .history: return [.openHistory]
    case .quit: return [.quit]
    }
    return []
  }

  /// Acts on a confirmed prompt: asks for the change, or keeps the prompt open saying why not.
  private func confirm(_ prompt: Prompt) -> CounterUpdate {
    let text = prompt.field.text
    mode = .counting
    let asked: CounterEffect
    do throws(CounterError) {
      switch prompt.purpose {
      case .newCounter: asked = .edit(.create(named: text, selecting: true))
      case .rename(let id): asked = .edit(.rename(id, to: text))
      case .value(let id): asked = .edit(.setValue(try CounterInput.value(from: text), of: id))
      case .step(let id): asked = .edit(.setStep(try CounterInput.step(from: text), of: id))
      case .goal(let id):
        let goal = text.trimmingXMLWhitespace().isEmpty ? nil : try Goal(text: text)
        asked = .edit(.setGoal(goal, of: id))
      case .note(let change):
        // Empty takes the note off; a note that was not there stays away.
        let note = text.allSatisfy { $0 == " " } ? nil : try ChangeNote.checked(text)
        guard note != change.entry.note else {
          inform(note == nil ? "No note added." : "The note is unchanged.")
          return []
        }
        asked = .setNote(note, of: change, for: .prompt(prompt))
      }
      return CounterUpdate([asked], purpose: .prompt(prompt))
    } catch {
      refuse(prompt, error)
      return []
    }
  }

  /// Acts on the answer to a confirmation.
  private func answer(_ confirmation: Confirmation, _ action: Confirmation.Action) -> [CounterEffect] {
    mode = .counting
    switch (confirmation.purpose, action) {
    case (.reset(let id), .confirm): return [.edit(.setValue(0, of: id))]
    case (.delete(let id), .confirm): return [.edit(.delete(id))]
    case (.reset, .cancel): inform("Not reset.")
    case (.delete, .cancel): inform("Not deleted.")
    }
    return []
  }

  // MARK: Status

  func refuse(_ prompt: Prompt, _ error: CounterError) {
    var refused = prompt
    refused.error = Self.sentence(error.description)
    mode = .prompt(refused)
  }

  func inform(_ text: String) {
    status = StatusMessage(text, kind: .news)
  }

  func warn(_ text: String) {
    status = StatusMessage(text, kind: .warning)
  }

  /// Shows whether the changes reached the disk: while the store or the history cannot be
  /// saved the status line says so, and it says "Saved." once they are.
  public func saveStatusChanged(storeProblem: StoreError?, historyProblem: String?) {
    if let storeProblem {
      status = StatusMessage(
        "Not saved: \(storeProblem). The value on screen is kept; saving is retried.", kind: .saveFailure)
    } else if let historyProblem {
      status = StatusMessage(Self.sentence(historyProblem) + ".", kind: .saveFailure)
    } else if status?.kind == .saveFailure {
      inform("Saved.")
    }
  }

  /// A name short enough for a question on one line.
  static func shortName(_ name: String) -> String { TextLayout.clip(name, width: 16) }

  /// `text` with its first letter in upper case, as a message starts.
  static func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst()
  }
}
