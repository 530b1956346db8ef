import TallyLocalization
import TallyModel

/// A counter's settings, a line each: step, goal or limit, bounds, link, alert, group, name.
///
/// Enter edits the chosen one in a text field (Enter applies, Esc cancels); the text is read
/// and checked with the rules and the words of its command (``CounterField``), a refusal says
/// what the command says and changes nothing, and each change is one that `u` undoes on any
/// screen (``SharedUndo``). `?` shows its keys, `q` or Esc goes back.
///
/// It shows the counter on show when it opened, the counter screen's or the board's chosen one.
public final class CounterSettingsViewModel: Screen {
  /// What the screen's keys do; each action's keys are the setting `keys.settings.<name>`.
  public enum Action: String, ScreenAction {
    case up
    case down
    case edit
    case undo
    case help
    case close

    public static var screenName: String? { "settings" }

    public static let defaultKeyMap = KeyMap<Action>([
      .init(
        [.up, .character("k")], .up, label: "Up", summary: trMarked("up"), description: trMarked("the field above"),
        isHinted: false),
      .init(
        [.down, .character("j")], .down, label: "Down", summary: trMarked("down"), description: trMarked("the field below"),
        isHinted: false),
      .init(
        [.enter], .edit, label: "Enter", summary: trMarked("edit"), description: trMarked("edit the chosen field"),
        hintPriority: 3),
      .init(
        [.character("u")], .undo, label: "u", summary: trMarked("undo"), description: trMarked("undo the last change"),
        hintPriority: 2),
      .init([.character("?")], .help, label: "?", summary: trMarked("keys"), description: trMarked("this help"), hintPriority: 1),
      .init(
        [.character("q"), .escape], .close, label: "q", summary: trMarked("back"), description: trMarked("back"), hintPriority: 4),
    ])
  }

  public private(set) var keyMap: KeyMap<Action>
  /// The app's one undo stack, shared with the counter screen and the board.
  public let undo: SharedUndo
  /// The counter shown, taken at the first message (until then the counter on show).
  public private(set) var counterID: String?
  public private(set) var selected = CounterField.step
  /// The chosen field's text while it is edited, and why the last text applied was refused.
  public private(set) var field: TextField?
  public private(set) var error: String?
  /// What the last change or undo did, until the next key.
  public private(set) var message: StatusMessage?

  public init(keyMap: KeyMap<Action> = Action.defaultKeyMap, undo: SharedUndo = SharedUndo()) {
    self.keyMap = keyMap
    self.undo = undo
  }

  public var name: ScreenName { .settings }

  /// The counter shown, or `nil` once it was deleted.
  func counter(in list: CounterList) -> Counter? { list.counter(withID: counterID ?? list.current.id) }

  public func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate {
    let list = context.counters
    if counterID == nil { counterID = list.current.id }
    switch message {
    case .key(.mouse(let event)):
      if event.kind == .press, field == nil, let target = target(column: event.column, row: event.row, in: context) {
        selected = target
      }
    case .key(let key) where field != nil: return type(key, in: list)
    case .key(let key): return press(key, in: list)
    case .settingsChanged(let settings): keyMap = settings.keys(for: Action.self)
    case .edited(let outcomes, let purpose) where field != nil && EditPurpose(purpose) == .change: applied(outcomes, in: list)
    case .edited(let outcomes, let purpose):
      self.message = undo.message(for: outcomes, purpose: EditPurpose(purpose)) ?? self.message
    case .answered(let set as NoteSet): self.message = undo.noteReplayed(set) ?? self.message
    default: break
    }
    return []
  }

  private func press(_ key: Key, in list: CounterList) -> ScreenUpdate {
    message = nil
    let fields = CounterField.allCases
    let index = fields.firstIndex(of: selected) ?? 0
    switch keyMap.action(for: key) {
    case .up?: selected = fields[max(0, index - 1)]
    case .down?: selected = fields[min(fields.count - 1, index + 1)]
    case .edit?:
      guard let counter = counter(in: list) else { return [] }
      field = TextField(selected.text(of: counter, in: list) ?? "")
    case .undo?:
      guard let update = undo.replay(undoing: true, counters: list) else {
        message = StatusMessage(tr("Nothing to undo."), kind: .news)
        return []
      }
      return update
    case .help?: return [.open(.help)]
    case .close?: return [.close]
    case nil: break
    }
    return []
  }

  /// A key in the text field: Enter asks for the change the text makes, Esc closes it.
  private func type(_ key: Key, in list: CounterList) -> ScreenUpdate {
    if case .mouse = key { return [] }
    switch field?.edit(with: key) {
    case .confirm?:
      guard let counter = counter(in: list), let text = field?.text else {
        (field, error) = (nil, nil)
        return []
      }
      do throws(CounterError) {
        return [.edit(try selected.edit(text, of: counter, in: list))]
      } catch {
        self.error = error.description
      }
    case .cancel?: (field, error) = (nil, nil)
    default: break
    }
    return []
  }

  /// The field's change made (kept for undo, the field closed) or refused (the field stays open, saying why).
  private func applied(_ outcomes: [Result<CounterChange?, CounterError>], in list: CounterList) {
    let made = undo.message(for: outcomes, purpose: .change)
    guard made?.kind != .warning else {
      error = made?.text
      return
    }
    (field, error) = (nil, nil)
    if case .success(let change?)? = outcomes.first {
      message = StatusMessage(tr("Changed: \(change.summary(name: counter(in: list)?.name ?? ""))"), kind: .news)
    }
  }

  public func keyHelp(short: Bool) -> [KeyHelp] {
    let more = [
      KeyHelp(keys: "Enter / Esc", action: trMarked("in a field: apply / cancel")),
      KeyHelp(keys: trMarked("click"), action: trMarked("choose a field")),
    ]
    return Help.entries(for: keyMap, more: more, short: short)
  }

  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) { CounterSettingsView.minimumSize }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    CounterSettingsView(model: self, list: context.counters).render(into: &canvas)
  }

  /// The field on `row`.
  public func target(column: Int, row: Int, in context: ScreenContext) -> CounterField? {
    let fields = CounterField.allCases
    return fields.indices.contains(row - CounterSettingsView.top) ? fields[row - CounterSettingsView.top] : nil
  }
}
