import TallyDefaults
import TallyLocalization
import TallyModel

/// The counter screen: its mode and status line, and what its keys mean; it keeps no copy of
/// the counters, and the edits it asks for come back as messages, recorded for undo and redo.
public final class CounterViewModel: Screen {
  /// What the counter screen can do; each action's keys are the setting `keys.<name>`.
  public enum Action: String, Sendable, Hashable, CaseIterable {
    case increment
    case decrement
    case reset
    case setValue
    case addAmount
    case setStep
    case setGoal
    /// Puts a note on the counter's last change (its row in the history).
    case note
    case undo
    case redo
    case nextCounter
    case previousCounter
    case nextGroup
    case previousGroup
    case newCounter
    case rename
    case delete
    case help
    case history
    case board
    /// Opens the settings of the counter on show (``CounterSettingsViewModel``).
    case settings
    case quit

    /// The name in `keys.<name>`, which stores hold: it never changes once released.
    public var name: String { rawValue }
  }

  /// The keys while counting before the settings rebind any; the hint line, the help and the
  /// `keys.<name>` settings follow from it.
  public static let defaultKeyMap = KeyMap<Action>([
    .init(
      [.space, .character("+"), .up, .character("k")], .increment, label: "Space/+", summary: trMarked("add"),
      description: trMarked("add the step"), hintPriority: 8),
    .init(
      [.character("-"), .down, .character("j")], .decrement, label: "-", summary: trMarked("subtract"),
      description: trMarked("subtract the step"), hintPriority: 7),
    .init(
      [.character("r")], .reset, label: "r", summary: trMarked("reset"), description: trMarked("reset to 0 (asks first)"),
      hintPriority: 1),
    .init(
      [.character("=")], .setValue, label: "=", summary: trMarked("set"), description: trMarked("type a value"), isHinted: false),
    .init(
      [.character("a")], .addAmount, label: "a", summary: trMarked("add N"), description: trMarked("type an amount to add"),
      isHinted: false),
    .init(
      [.character("s")], .setStep, label: "s", summary: trMarked("step"), description: trMarked("set this counter's step"),
      isHinted: false),
    .init(
      [.character("g")], .setGoal, label: "g", summary: trMarked("goal"),
      description: trMarked("set this counter's goal"), isHinted: false),
    .init(
      [.character("N")], .note, label: "N", summary: trMarked("note"), description: trMarked("add a note to the last change"),
      hintPriority: 0),
    .init(
      [.character("u")], .undo, label: "u", summary: trMarked("undo"), description: trMarked("undo the last change"),
      hintPriority: 5),
    .init(
      [.control("r")], .redo, label: "Ctrl-R", summary: trMarked("redo"), description: trMarked("redo what was undone"),
      isHinted: false),
    .init(
      [.tab, .right, .character("l")], .nextCounter, label: "Tab", summary: trMarked("next"),
      description: trMarked("next counter"), hintPriority: 4),
    .init(
      [.backTab, .left, .character("h")], .previousCounter, label: "S-Tab", summary: trMarked("previous"),
      description: trMarked("previous counter"), isHinted: false),
    .init(
      [.character("]")], .nextGroup, label: "]", summary: trMarked("next group"), description: trMarked("next group of counters"),
      isHinted: false),
    .init(
      [.character("[")], .previousGroup, label: "[", summary: trMarked("previous group"),
      description: trMarked("previous group of counters"),
      isHinted: false),
    .init(
      [.character("n")], .newCounter, label: "n", summary: trMarked("new"), description: trMarked("new counter"), hintPriority: 3),
    .init(
      [.character("e")], .rename, label: "e", summary: trMarked("rename"), description: trMarked("rename this counter"),
      isHinted: false),
    .init(
      [.character("d")], .delete, label: "d", summary: trMarked("delete"),
      description: trMarked("delete this counter (asks first)"),
      isHinted: false),
    .init([.character("?")], .help, label: "?", summary: trMarked("help"), description: trMarked("this help"), hintPriority: 10),
    .init(
      [.character("H")], .history, label: "H", summary: trMarked("history"), description: trMarked("this counter's history"),
      hintPriority: 2),
    .init(
      [.character("B")], .board, label: "B", summary: trMarked("board"),
      description: trMarked("every counter of the group, a key each"),
      isHinted: false),
    .init(
      [.character(",")], .settings, label: ",", summary: trMarked("settings"),
      description: trMarked("this counter's settings"), hintPriority: 3),
    .init([.character("q"), .control("c")], .quit, label: "q", summary: trMarked("quit"), hintPriority: 9),
  ])

  public var keyMap: KeyMap<Action> { settings.keyMap }
  public package(set) var settings: ScreenSettings
  public internal(set) var mode: CounterMode = .counting
  public internal(set) var status: StatusMessage?
  /// The app's one undo stack, which the board shares.
  public let undo: SharedUndo
  public var undoStack: UndoStack { undo.stack }

  public init(settings: ScreenSettings = ScreenSettings(), undo: SharedUndo = SharedUndo()) {
    self.settings = settings
    self.undo = undo
  }

  public var name: ScreenName { .counter }

  public func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate {
    switch message {
    case .key(let key): return update(key, in: context)
    case .edited(let outcomes, let purpose): applied(outcomes, for: EditPurpose(purpose))
    case .answered(let set as NoteSet): noteSet(set.succeeded, for: set.purpose)
    case .answered(let found as LastChangeFound): lastChangeFound(found.change, counters: context.counters)
    case .answered: break
    case .saveTried(let storeProblem, let historyProblem):
      saveStatusChanged(storeProblem: storeProblem, historyProblem: historyProblem)
    case .settingsChanged(let settings): self.settings = settings
    }
    return []
  }

  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) {
    CounterLayout.minimumSize(for: context.counters)
  }

  public func keyHelp(short: Bool) -> [KeyHelp] {
    short ? Help.shortEntries(for: settings.keyMap) : Help.fullEntries(for: settings.keyMap)
  }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    view(in: context).render(into: &canvas)
  }

  public func target(column: Int, row: Int, in context: ScreenContext) -> CounterLayout.Target? {
    view(in: context).target(column: column, row: row, width: context.width, height: context.height)
  }

  private func view(in context: ScreenContext) -> CounterView {
    let history = context.history as? CounterHistory
    let lastChange = history?.lastChange.map { LastChangeLine.describe($0, now: context.now, calendar: context.calendar).text }
    return CounterView(model: self, counters: context.counters, goal: history?.goal, lastChange: lastChange)
  }

  public func historyQuestion(in context: ScreenContext) -> (any HistoryQuestion)? {
    CounterHistoryQuestion(
      counter: context.counters.current, day: context.calendar.day(of: context.now), readsLastChange: context.historyIsOpen)
  }

  /// When the last-change line's words change ("2 min ago").
  public func redrawsIn(_ context: ScreenContext) -> Double? {
    guard let entry = (context.history as? CounterHistory)?.lastChange else { return nil }
    return LastChangeLine.describe(entry, now: context.now, calendar: context.calendar).changesIn
  }

  /// A key in the current mode; a click while counting means the region under it.
  private func update(_ key: Key, in context: ScreenContext) -> ScreenUpdate {
    let counters = context.counters
    switch mode {
    case .counting:
      if case .mouse(let event) = key {
        guard event.kind == .press else { return [] }
        return click(target(column: event.column, row: event.row, in: context), counters: counters)
      }
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
      return ScreenUpdate(answer(confirmation, Confirmation.keyMap.action(for: key) ?? .cancel))
    }
  }

  private func click(_ target: CounterLayout.Target?, counters: CounterList) -> ScreenUpdate {
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

  func perform(_ action: Action, counters: CounterList) -> ScreenUpdate {
    status = nil
    let current = counters.current
    let name = Self.shortName(current.name)
    switch action {
    case .increment: return [.edit(.add(current.step, to: current.id))]
    case .decrement: return [.edit(.add(-current.step, to: current.id))]
    case .reset:
      guard settings.confirmsReset else { return [.edit(.setValue(0, of: current.id))] }
      mode = .confirmation(Confirmation(purpose: .reset(counterID: current.id), question: tr("Reset \(name) to 0? y/N")))
    case .setValue: mode = .prompt(Prompt(purpose: .value(counterID: current.id), question: tr("Set \(name) to:")))
    case .addAmount:
      mode = .prompt(Prompt(purpose: .amount(counterID: current.id), question: tr("Add to \(name) (-N subtracts):")))
    case .setStep:
      mode = .prompt(Prompt(purpose: .step(counterID: current.id), question: tr("Step for \(name) (now \(current.step)):")))
    case .setGoal:
      mode = .prompt(
        Prompt(
          purpose: .goal(counterID: current.id), question: tr("Goal for \(name) (8/day, 300, at most 3/day; empty: none):"),
          text: current.goal?.text ?? ""))
    case .note: return [FindLastChange(counterID: current.id).asked]
    case .undo, .redo: return replay(undoing: action == .undo, counters: counters)
    case .nextCounter, .previousCounter:
      // Round the current counter's group.
      let group = counters.currentGroup
      guard group.count > 1 else { return [] }
      let here = group.firstIndex { $0.id == current.id } ?? 0
      return [.edit(.select(group[(here + (action == .nextCounter ? 1 : -1) + group.count) % group.count].id))]
    case .nextGroup, .previousGroup:
      guard let first = counters.firstCounter(ofGroupAfterCurrent: action == .nextGroup) else {
        status = StatusMessage(
          counters.usesGroups ? tr("Every counter is in this group.") : tr("No groups yet: `tally group NAME GROUP` makes one."),
          kind: .news)
        return []
      }
      return [.edit(.select(first.id))]
    case .newCounter: mode = .prompt(Prompt(purpose: .newCounter, question: tr("New counter's name:")))
    case .rename:
      mode = .prompt(Prompt(purpose: .rename(counterID: current.id), question: tr("Rename \(name) to:"), text: current.name))
    case .delete where counters.counters.count == 1: warn(Self.sentence(CounterError.lastCounter.description))
    case .delete where !settings.confirmsDelete: return [.edit(.delete(current.id))]
    case .delete:
      let question = tr("Delete \(name) (\(current.shown))? y/N")
      mode = .confirmation(Confirmation(purpose: .delete(counterID: current.id), question: question))
    case .help: return [.open(.help)]
    case .history: return [.open(.history)]
    case .board: return [.open(.board)]
    case .settings: return [.open(.settings)]
    case .quit: return [.quit]
    }
    return []
  }

  /// Asks for a confirmed prompt's change, or keeps the prompt open saying why not.
  private func confirm(_ prompt: Prompt) -> ScreenUpdate {
    let text = prompt.field.text
    mode = .counting
    let asked: ScreenEffect
    do throws(CounterError) {
      switch prompt.purpose {
      case .newCounter: asked = .edit(.create(named: text, selecting: true))
      case .rename(let id): asked = .edit(.rename(id, to: text))
      case .value(let id): asked = .edit(.setValue(try CounterInput.value(from: text), of: id))
      case .amount(let id): asked = .edit(.add(try CounterInput.value(from: text), to: id))
      case .step(let id): asked = .edit(.setStep(try CounterInput.step(from: text), of: id))
      case .goal(let id):
        let goal = text.trimmingXMLWhitespace().isEmpty ? nil : try Goal(text: text)
        asked = .edit(.setGoal(goal, of: id))
      case .note(let change):
        // Empty takes the note off; a note that was not there stays away.
        let note = text.allSatisfy { $0 == " " } ? nil : try ChangeNote.checked(text)
        guard note != change.entry.note else {
          inform(note == nil ? tr("No note added.") : tr("The note is unchanged."))
          return []
        }
        asked = SetNote(note: note, change: change, purpose: .prompt(prompt)).asked
      }
      return ScreenUpdate([asked], purpose: EditPurpose.prompt(prompt))
    } catch {
      refuse(prompt, error)
      return []
    }
  }

  private func answer(_ confirmation: Confirmation, _ action: Confirmation.Action) -> [ScreenEffect] {
    mode = .counting
    switch (confirmation.purpose, action) {
    case (.reset(let id), .confirm): return [.edit(.setValue(0, of: id))]
    case (.delete(let id), .confirm): return [.edit(.delete(id))]
    case (.reset, .cancel): inform(tr("Not reset."))
    case (.delete, .cancel): inform(tr("Not deleted."))
    }
    return []
  }

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

  /// While the store or the history cannot be saved the status line says so, then "Saved.".
  private func saveStatusChanged(storeProblem: StoreError?, historyProblem: String?) {
    if let storeProblem {
      status = StatusMessage(
        tr("Not saved: \(storeProblem). The value on screen is kept; saving is retried."), kind: .saveFailure)
    } else if let historyProblem {
      status = StatusMessage(Self.sentence(historyProblem) + ".", kind: .saveFailure)
    } else if status?.kind == .saveFailure {
      inform(tr("Saved."))
    }
  }

  /// A name short enough for a question on one line.
  static func shortName(_ name: String) -> String { TextLayout.clip(name, width: 16) }

  /// `text` with its first letter in upper case.
  static func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst()
  }
}

extension CounterViewModel.Action: ScreenAction {
  public static var screenName: String? { nil }
  public static var defaultKeyMap: KeyMap<Self> { CounterViewModel.defaultKeyMap }
  public static var quitAction: Self? { .quit }
}

/// Counting, or waiting on a prompt or a confirmation, each with its own key map.
public enum CounterMode: Sendable, Equatable {
  case counting
  case prompt(Prompt)
  case confirmation(Confirmation)
}

extension ScreenSettings {
  /// The counter screen's keys and flags; its help says "(asks first)" only when it does.
  public init(
    keyMap: KeyMap<CounterViewModel.Action> = CounterViewModel.defaultKeyMap, confirmsReset: Bool = true,
    confirmsDelete: Bool = true, showsBigDigits: Bool = true
  ) {
    self.init()
    (self.confirmsReset, self.confirmsDelete, self.showsBigDigits) = (confirmsReset, confirmsDelete, showsBigDigits)
    self.keyMap = keyMap
  }

  /// The counter screen's keys, as reset and delete ask first or not.
  public var keyMap: KeyMap<CounterViewModel.Action> {
    get { keys(for: CounterViewModel.Action.self) }
    set {
      var keyMap = newValue
      if !confirmsReset { keyMap = keyMap.describing(.reset, as: trMarked("reset to 0")) }
      if !confirmsDelete { keyMap = keyMap.describing(.delete, as: trMarked("delete this counter")) }
      setKeys(keyMap)
    }
  }
}
