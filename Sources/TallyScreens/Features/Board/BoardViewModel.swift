import TallyLocalization
import TallyModel

/// The board: every counter of a group at once, a key each; a row's key adds its step, `-`
/// then a row's key subtracts, `u` undoes the app's last change (made here or on the counter
/// screen), Enter or a click opens the counter, `]`/`[` change group, `?` shows its keys, `q`
/// or Esc goes back.
///
/// Its own keys are the settings `keys.board.<action>`; a row's key is a digit or a letter
/// bound to none of them.
public final class BoardViewModel: Screen {
  /// What the board's own keys do; each action's keys are the setting `keys.board.<name>`.
  public enum Action: String, ScreenAction {
    case subtract
    case undo
    case open
    case up
    case down
    case pageUp
    case pageDown
    case nextGroup
    case previousGroup
    case help
    case settings
    case close

    public static var screenName: String? { "board" }

    public static let defaultKeyMap = KeyMap<Action>([
      .init(
        [.character("-")], .subtract, label: "-", summary: trMarked("subtract"),
        description: trMarked("the next row's key subtracts its step")),
      .init([.character("u")], .undo, label: "u", summary: trMarked("undo"), description: trMarked("undo the last change")),
      .init([.enter], .open, label: "Enter", summary: trMarked("open"), description: trMarked("open the chosen counter")),
      .init([.up], .up, label: "Up", summary: trMarked("up"), description: trMarked("choose the row above"), isHinted: false),
      .init(
        [.down], .down, label: "Down", summary: trMarked("down"), description: trMarked("choose the row below"), isHinted: false),
      .init(
        [.pageUp], .pageUp, label: "PgUp", summary: trMarked("page up"), description: trMarked("10 rows up"), isHinted: false),
      .init(
        [.pageDown], .pageDown, label: "PgDn", summary: trMarked("page down"), description: trMarked("10 rows down"),
        isHinted: false),
      .init([.character("]")], .nextGroup, label: "]", summary: trMarked("group"), description: trMarked("next group")),
      .init([.character("[")], .previousGroup, label: "[", summary: trMarked("previous group"), isHinted: false),
      .init([.character("?")], .help, label: "?", summary: trMarked("keys"), description: trMarked("this help"), hintPriority: 1),
      .init(
        [.character(",")], .settings, label: ",", summary: trMarked("settings"),
        description: trMarked("the chosen counter's settings")),
      .init(
        [.character("q"), .escape], .close, label: "q", summary: trMarked("back"), description: trMarked("back to the counter"),
        hintPriority: 2),
    ])
  }

  public enum Target: Equatable, Sendable {
    case row(Int)
  }

  /// Which counters the board shows: a group's (`nil`: those in none), or every counter.
  public enum Scope: Equatable, Sendable {
    case everyCounter
    case group(String?)
  }

  /// The keys a row may have, in order: the digits from 1, then the letters.
  static let rowKeyCandidates = Array("1234567890abcdefghijklmnopqrstuvwxyz")

  public private(set) var keyMap: KeyMap<Action>
  /// The keys of the rows, in order: the candidates bound to none of the board's actions.
  public private(set) var rowKeys: [Character]

  public private(set) var scope: Scope?
  /// The row Enter opens.
  public private(set) var selected = 0
  /// Whether `-` was pressed: the next row key subtracts.
  public private(set) var subtracting = false
  /// What a change said, until the next key: why it was refused, or what `u` undid.
  public private(set) var message: StatusMessage?
  /// The app's one undo stack, shared with the counter screen.
  public let undo: SharedUndo

  public init(keyMap: KeyMap<Action> = Action.defaultKeyMap, undo: SharedUndo = SharedUndo()) {
    self.keyMap = keyMap
    self.undo = undo
    rowKeys = Self.rowKeys(for: keyMap)
  }

  private static func rowKeys(for keyMap: KeyMap<Action>) -> [Character] {
    rowKeyCandidates.filter { keyMap.action(for: .character($0)) == nil }
  }

  public var name: ScreenName { .board }

  /// The counters on the board, in Tab order.
  public func counters(in list: CounterList) -> [Counter] {
    switch scope ?? Self.scope(of: list) {
    case .everyCounter: list.counters
    case .group(let name): list.counters(inGroup: name)
    }
  }

  /// The current counter's group, or every counter for one in none.
  static func scope(of list: CounterList) -> Scope { list.current.group.map { .group($0) } ?? .everyCounter }

  public func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate {
    let list = context.counters
    if scope == nil { scope = Self.scope(of: list) }
    switch message {
    case .key(.mouse(let event)):
      guard event.kind == .press, case .row(let row)? = target(column: event.column, row: event.row, in: context) else {
        return []
      }
      return open(row, of: counters(in: list))
    case .key(let key): return press(key, in: context)
    case .settingsChanged(let settings):
      keyMap = settings.keys(for: Action.self)
      rowKeys = Self.rowKeys(for: keyMap)
    case .edited(let outcomes, let purpose):
      self.message = undo.message(for: outcomes, purpose: EditPurpose(purpose)) ?? self.message
    case .answered(let set as NoteSet): self.message = undo.noteReplayed(set) ?? self.message
    default: break
    }
    return []
  }

  private func press(_ key: Key, in context: ScreenContext) -> ScreenUpdate {
    message = nil
    let list = context.counters
    let counters = counters(in: list)
    let wasSubtracting = subtracting
    subtracting = false
    guard let action = keyMap.action(for: key) else {
      // Only a row on screen counts: a key of one scrolled away or below does nothing.
      let shown = BoardView(model: self, counters: counters, context: context).shown(height: context.height)
      guard case .character(let character) = key, let row = rowKeys.firstIndex(of: character), shown.contains(row) else {
        return []
      }
      selected = row
      let counter = counters[row]
      return [.edit(.add(wasSubtracting ? -counter.step : counter.step, to: counter.id))]
    }
    switch action {
    case .close: return [.close]
    case .subtract: subtracting = true
    case .undo: return undoLast(in: list)
    case .open: return open(selected, of: counters)
    case .up, .down, .pageUp, .pageDown:
      let step = action == .up ? -1 : action == .down ? 1 : action == .pageUp ? -10 : 10
      selected = min(max(0, selected + step), max(0, counters.count - 1))
    case .nextGroup, .previousGroup: return move(forward: action == .nextGroup, in: list)
    case .help: return [.open(.help)]
    case .settings:
      // The settings screen shows the counter on show: the chosen row's becomes it, as Enter makes it.
      guard counters.indices.contains(selected) else { return [] }
      return [.edit(.select(counters[selected].id)), .open(.settings)]
    }
    return []
  }

  private func open(_ row: Int, of counters: [Counter]) -> ScreenUpdate {
    guard counters.indices.contains(row) else { return [] }
    return [.edit(.select(counters[row].id)), .close]
  }

  /// Undoes the app's last change, made here or on another screen.
  private func undoLast(in list: CounterList) -> ScreenUpdate {
    guard let update = undo.replay(undoing: true, counters: list) else {
      message = StatusMessage(tr("Nothing to undo."), kind: .news)
      return []
    }
    return update
  }

  private func move(forward: Bool, in list: CounterList) -> ScreenUpdate {
    let groups = list.groups
    guard groups.count > 1 else { return [] }
    let here: String?? = if case .group(let name) = scope { .some(name) } else { .some(list.current.group) }
    let index = groups.firstIndex { $0?.lowercased() == here??.lowercased() } ?? 0
    scope = .group(groups[(index + (forward ? 1 : -1) + groups.count) % groups.count])
    selected = 0
    return []
  }

  public func historyQuestion(in context: ScreenContext) -> (any HistoryQuestion)? {
    BoardQuestion(counters: counters(in: context.counters), today: context.calendar.day(of: context.now))
  }

  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) { BoardView.minimumSize }

  public func keyHelp(short: Bool) -> [KeyHelp] {
    let more = [
      KeyHelp(keys: "1-9, a-z", action: trMarked("add the row's step")),
      KeyHelp(keys: trMarked("click a row"), action: trMarked("open it")),
    ]
    return Help.entries(for: keyMap, more: more, short: short)
  }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    BoardView(model: self, counters: counters(in: context.counters), context: context).render(into: &canvas)
  }

  public func target(column: Int, row: Int, in context: ScreenContext) -> Target? {
    BoardView(model: self, counters: counters(in: context.counters), context: context).target(row: row, height: context.height)
  }
}
