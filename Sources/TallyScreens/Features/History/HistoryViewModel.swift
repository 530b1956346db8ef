import FoundationEssentials
import TallyLocalization
import TallyModel

/// The history screen of one counter, four views of its past (docs/history-screen.md): `Tab`
/// or `1`-`4` change view, `←`/`→` move in time, `t` comes back to now, `?` shows its keys,
/// `q` closes.
///
/// Its keys but the digits are the settings `keys.history.<action>`.
public final class HistoryViewModel: Screen {
  /// What the history screen's keys do; each action's keys are the setting `keys.history.<name>`.
  public enum Action: String, ScreenAction {
    case nextView
    case previousView
    case back
    case forward
    case now
    case help
    case close

    public static var screenName: String? { "history" }

    public static let defaultKeyMap = KeyMap<Action>([
      .init([.tab], .nextView, label: "Tab", summary: trMarked("view"), description: trMarked("next view (1-4: a view)")),
      .init([.backTab], .previousView, label: "S-Tab", summary: trMarked("previous view"), isHinted: false),
      .init(
        [.left, .pageUp, .character("h")], .back, label: "←", summary: trMarked("back"), description: trMarked("back in time")),
      .init(
        [.right, .pageDown, .character("l")], .forward, label: "→", summary: trMarked("forward"),
        description: trMarked("forward in time")),
      .init([.character("t"), .home], .now, label: "t", summary: trMarked("now"), description: trMarked("back to now")),
      .init([.character("?")], .help, label: "?", summary: trMarked("keys"), description: trMarked("this help")),
      .init(
        [.character("q"), .character("H"), .escape, .enter], .close, label: "q", summary: trMarked("close"),
        description: trMarked("back to the counter")),
    ])
  }

  public private(set) var keyMap: KeyMap<Action>
  public enum Page: String, CaseIterable, Sendable {
    case year
    case day
    case days
    case changes

    /// The view kept for the history (``SettingStorage/subscript(kept:)``); one that is no
    /// view (another program wrote it) is the Year.
    public init(kept: String?) { self = kept.flatMap(Self.init(rawValue:)) ?? .year }

    /// Its name on the tab strip, in the user's language.
    public var title: String {
      switch self {
      case .year: tr("Year")
      case .day: tr("Day")
      case .days: tr("Days")
      case .changes: tr("Changes")
      }
    }
  }

  public enum Target: Equatable, Sendable {
    case page(Page)
    case day(Int)
  }

  public let counter: Counter
  /// The view on show, at the window it was left at.
  public var page: Page
  /// The moment the screen counts as now: when it opened, or when `t` was last pressed.
  public private(set) var now: Date
  public private(set) var today: Int
  /// The last day in the Year view.
  public private(set) var yearEndDay: Int
  public private(set) var shownDay: Int
  /// The Days view's windows of 14 back from now.
  public private(set) var daysBack = 0
  public private(set) var changesSkipped = 0
  private var calendar: GoalCalendar

  /// The view drawn at the context's size: the one on show, or the Days view when it does
  /// not fit (the smallest, ``HistoryView/minimumSize``).
  public func drawnPage(in context: ScreenContext) -> Page {
    let minimum = HistoryView.minimumSize(of: page)
    return context.width >= minimum.width && context.height >= minimum.height ? page : .days
  }

  public init(
    counter: Counter, now: Date, calendar: GoalCalendar, page: Page = .year, keyMap: KeyMap<Action> = Action.defaultKeyMap
  ) {
    self.keyMap = keyMap
    self.counter = counter
    self.page = page
    self.calendar = calendar
    self.now = now
    today = calendar.day(of: now)
    yearEndDay = today
    shownDay = today
  }

  public var name: ScreenName { .history }

  /// A key; on close, the view on show is kept for the next history to open on.
  public func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate {
    if case .settingsChanged(let settings) = message { keyMap = settings.keys(for: Action.self) }
    guard case .key(let key) = message else { return [] }
    if let action = keyMap.action(for: key) { return perform(action, in: context) }
    switch key {
    case .character(let digit) where digit.wholeNumberValue.map((1...Page.allCases.count).contains) == true:
      page = Page.allCases[(digit.wholeNumberValue ?? 1) - 1]
    case .mouse(let event):
      switch (event.kind, target(column: event.column, row: event.row, in: context)) {
      case (.press, .page(let page)?): self.page = page
      case (.press, .day(let day)?):
        shownDay = day
        page = .day
      case (.scrollUp, _): move(back: true, in: context)
      case (.scrollDown, _): move(back: false, in: context)
      default: break
      }
    default: break
    }
    return []
  }

  private func perform(_ action: Action, in context: ScreenContext) -> ScreenUpdate {
    switch action {
    case .close: return [KeepHistoryPage(page: page).asked, .close]
    case .help: return [.open(.help)]
    case .nextView: show(step: 1)
    case .previousView: show(step: Page.allCases.count - 1)
    case .back: move(back: true, in: context)
    case .forward: move(back: false, in: context)
    case .now: backToNow(in: context)
    }
    return []
  }

  /// The keys of `action` on the hint line: "Tab", "k/Up" once rebound.
  func hint(_ action: Action) -> String { keyMap.binding(for: action)?.label ?? "" }

  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) { HistoryView.minimumSize }

  public func keyHelp(short: Bool) -> [KeyHelp] {
    let more = [
      KeyHelp(keys: "1-4", action: trMarked("a view")), KeyHelp(keys: trMarked("click a day"), action: trMarked("show the day")),
    ]
    return Help.entries(for: keyMap, more: more, short: short)
  }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    view(in: context).render(into: &canvas)
  }

  public func target(column: Int, row: Int, in context: ScreenContext) -> Target? {
    view(in: context).target(column: column, row: row, width: context.width, height: context.height)
  }

  private func view(in context: ScreenContext) -> HistoryView {
    HistoryView(
      model: self, shown: Self.shown(in: context), page: drawnPage(in: context), unicode: context.unicode)
  }

  /// What the app read for the screen, as handed in.
  static func shown(in context: ScreenContext) -> HistorySnapshot { context.history as? HistorySnapshot ?? HistorySnapshot() }

  private func show(step: Int) {
    let pages = Page.allCases
    page = pages[((pages.firstIndex(of: page) ?? 0) + step) % pages.count]
  }

  /// Moves the view on show a window back in time, or forward (never past now).
  private func move(back: Bool, in context: ScreenContext) {
    switch drawnPage(in: context) {
    case .year: yearEndDay = back ? yearEndDay - YearMap.weekCount * 7 + 7 : min(today, yearEndDay + YearMap.weekCount * 7 - 7)
    case .day: shownDay = back ? shownDay - 1 : min(today, shownDay + 1)
    case .days: daysBack = back ? daysBack + 1 : max(0, daysBack - 1)
    case .changes:
      let size = Self.changeRows(in: context)
      if back, changesSkipped + size < Self.shown(in: context).changes?.count ?? 0 { changesSkipped += size }
      if !back { changesSkipped = max(0, changesSkipped - size) }
    }
  }

  /// Every view back to the context's now.
  private func backToNow(in context: ScreenContext) {
    (now, calendar) = (context.now, context.calendar)
    today = calendar.day(of: now)
    (yearEndDay, shownDay, daysBack, changesSkipped) = (today, today, 0, 0)
  }

  public func historyQuestion(in context: ScreenContext) -> (any HistoryQuestion)? {
    let page = drawnPage(in: context)
    let window = [.year: yearEndDay, .day: shownDay, .days: daysBack, .changes: changesSkipped][page] ?? 0
    return HistoryPageRequest(
      counter: counter, page: page, now: now, today: today, window: window,
      rows: page == .changes ? Self.changeRows(in: context) : 0)
  }

  static func changeRows(in context: ScreenContext) -> Int { max(1, context.height - HistoryView.top - 3) }

  /// "2026-11-23 14:05", in local time.
  public func time(_ date: Date) -> String {
    String(HistorySummary.timestamp(date, utcOffset: calendar.utcOffset(date)).prefix(16))
  }
}

/// Keeps the history view last shown, which the next history opens on.
struct KeepHistoryPage: ScreenTask {
  let page: HistoryViewModel.Page

  func perform(with services: ScreenServices) -> (any Sendable)? {
    if services.state[kept: .history] != page.rawValue { services.state[kept: .history] = page.rawValue }
    return nil
  }
}
