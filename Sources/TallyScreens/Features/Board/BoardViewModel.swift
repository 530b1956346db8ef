import TallyModel

/// A counter's last 14 days (today last) and today's goal, read for the board.
public struct BoardHistory: Sendable, Equatable {
  public var days: [Int]
  public var goal: GoalSummary?

  init(_ counter: Counter, history: HistoryReader, calendar: GoalCalendar, today: Int) {
    let totals = history.totals(ofCounter: counter.id, per: .day, calendar: calendar, from: today - 13)
    days = (today - 13...today).map { totals[$0]?.net ?? 0 }
    goal = GoalSummary.progress(of: counter, history: history, now: calendar.start(ofDay: today), calendar: calendar)
  }
}

/// The board: every counter of a group at once, a key each; a row's key adds its step, `-`
/// then a row's key subtracts, `u` undoes the board's last change, Enter or a click opens the
/// counter, `]`/`[` change group, `q` or Esc goes back.
public final class BoardViewModel: Screen {
  public enum Target: Equatable, Sendable {
    case row(Int)
  }

  /// Which counters the board shows: a group's (`nil`: those in none), or every counter.
  public enum Scope: Equatable, Sendable {
    case everyCounter
    case group(String?)
  }

  /// The keys of the rows, in order: the digits from 1, then the letters but the board's own.
  public static let rowKeys = Array("1234567890abcdefghijklmnoprstvwxyz")

  public private(set) var scope: Scope?
  /// The row Enter opens.
  public private(set) var selected = 0
  /// Whether `-` was pressed: the next row key subtracts.
  public private(set) var subtracting = false
  /// What a refused change said, until the next key.
  public private(set) var message: String?
  /// The board's own changes, for `u`.
  private var changes: [CounterChange] = []

  public init() {}

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
    case .edited(let outcomes, let purpose):
      let made = outcomes.compactMap { try? $0.get() }
      if case .change = purpose { changes += made }
      self.message = outcomes.lazy.compactMap { if case .failure(let error) = $0 { error.description } else { nil } }.first
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
    switch key {
    case .character("q"), .escape: return [.close]
    case .character("-"): subtracting = true
    case .character("u"): return undo()
    case .enter: return open(selected, of: counters)
    case .up, .down, .pageUp, .pageDown:
      let step = key == .up ? -1 : key == .down ? 1 : key == .pageUp ? -10 : 10
      selected = min(max(0, selected + step), max(0, counters.count - 1))
    case .character("]"), .character("["): return move(forward: key == .character("]"), in: list)
    case .character(let character):
      // Only a row on screen counts: a key of one scrolled away or below does nothing.
      let shown = BoardView(model: self, counters: counters, context: context).shown(height: context.height)
      guard let row = Self.rowKeys.firstIndex(of: character), shown.contains(row) else { return [] }
      selected = row
      let counter = counters[row]
      return [.edit(.add(wasSubtracting ? -counter.step : counter.step, to: counter.id))]
    default: break
    }
    return []
  }

  private func open(_ row: Int, of counters: [Counter]) -> ScreenUpdate {
    guard counters.indices.contains(row) else { return [] }
    return [.edit(.select(counters[row].id)), .close]
  }

  private func undo() -> ScreenUpdate {
    guard let change = changes.popLast(), case .value(let id, let from, let to) = change else {
      message = "Nothing to undo on the board."
      return []
    }
    return ScreenUpdate(
      [.edit(.shift(id, from: to, to: from))], purpose: .replay(change, undoing: true, summary: "undone"))
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

  public func historyRequest(in context: ScreenContext) -> HistoryRequest? {
    .board(counters(in: context.counters), today: context.calendar.day(of: context.now))
  }

  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) { BoardView.minimumSize }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    BoardView(model: self, counters: counters(in: context.counters), context: context).render(into: &canvas)
  }

  public func target(column: Int, row: Int, in context: ScreenContext) -> Target? {
    BoardView(model: self, counters: counters(in: context.counters), context: context).target(row: row, height: context.height)
  }
}
