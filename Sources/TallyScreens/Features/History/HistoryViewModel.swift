import TallyModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The history screen of one counter: a small dashboard of four views of its past.
///
/// - **Year:** 53 weeks of days as a heat map (``YearMap``).
/// - **Day:** one day by the hour.
/// - **Days:** the net change per day (or per goal period), 14 at a time.
/// - **Changes:** every change, newest first, a page at a time.
///
/// `Tab` and `Shift-Tab` (or `1` to `4`) go through the views; `←` and `→` move the view's
/// window back and forth in time (a year, a day, 14 days or periods, a page of changes;
/// `PgUp`/`PgDn` and the mouse wheel too), never past now; `t` comes back to now. A click on
/// a day of the year opens that day. `q`, `Escape`, `Enter` and `H` close the screen.
///
/// Each view reads what it shows from the history when it is first drawn after opening or
/// moving (a few indexed reads, however long the history), not at every frame.
public final class HistoryViewModel: Screen {
  /// One of the dashboard's views.
  public enum Page: String, CaseIterable, Sendable {
    case year
    case day
    case days
    case changes

    /// The name on its tab: its raw value, capitalised ("Year").
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
  }

  /// What a mouse click on the screen hit: a view's tab, or a day of the year.
  public enum Target: Equatable, Sendable {
    case page(Page)
    case day(Int)
  }

  public let counter: Counter
  /// The view on show, at the window it was left at.
  public var page: Page
  /// The moment the screen counts as now: when it opened, or when `t` was last pressed.
  public private(set) var now: Date
  /// Today, as days since 1970-01-01 by the calendar.
  public private(set) var today: Int
  /// The last day in the Year view: today, or as far back as `←` took it.
  public private(set) var yearEndDay: Int
  public private(set) var shownDay: Int
  /// How many windows of 14 days (or goal periods) the Days view is back from now.
  public private(set) var daysBack = 0
  /// How many of the newest changes the Changes view skips.
  public private(set) var changesSkipped = 0
  /// How many changes the Changes view showed last: the size of a page.
  public private(set) var changesPageSize = 1

  /// Damaged lines skipped or a history that could not be read, if any.
  public var notice: String? { history.notice }

  let history: HistoryReader
  let calendar: GoalCalendar
  private let clock: WallClock

  private var cachedYear: YearMap?
  private var cachedHours: DayHours?
  private var cachedDays: DaysChart?
  private var cachedChanges: (skipped: Int, rows: Int, page: ChangesPage)?
  private var cachedSummary: HistorySummary?
  private var cachedGoal: GoalSummary??

  /// The history of `counter`, opening on `page`; its days and its goal's periods begin as
  /// `goalCalendar` says (at local midnight in `clock`'s time zone unless given).
  public init(counter: Counter, history: HistoryReader, clock: WallClock, goalCalendar: GoalCalendar? = nil, page: Page = .year) {
    self.counter = counter
    self.history = history
    self.clock = clock
    self.page = page
    calendar = goalCalendar ?? GoalCalendar(clock: clock)
    now = clock.now()
    today = calendar.day(of: now)
    yearEndDay = today
    shownDay = today
  }

  // MARK: Keys

  public var name: ScreenName { .history }

  /// This screen, opening on `page`.
  public func opening(on page: Page) -> Self {
    self.page = page
    return self
  }

  /// A key; on close, the view on show is kept for the next history to open on.
  public func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate {
    guard case .key(let key) = message else { return [] }
    switch key {
    case .character("q"), .character("H"), .escape, .enter: return [.keepHistoryPage(page), .close]
    case .tab: show(step: 1)
    case .backTab: show(step: Page.allCases.count - 1)
    case .character(let digit) where digit.wholeNumberValue.map((1...Page.allCases.count).contains) == true:
      page = Page.allCases[(digit.wholeNumberValue ?? 1) - 1]
    case .left, .pageUp, .character("h"): move(back: true)
    case .right, .pageDown, .character("l"): move(back: false)
    case .character("t"), .home: backToNow()
    case .mouse(let event):
      switch (event.kind, target(column: event.column, row: event.row, in: context)) {
      case (.press, .page(let page)?): self.page = page
      case (.press, .day(let day)?):
        shownDay = day
        cachedHours = nil
        page = .day
      case (.scrollUp, _): move(back: true)
      case (.scrollDown, _): move(back: false)
      default: break
      }
    default: break
    }
    return []
  }

  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) { HistoryView.minimumSize }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    HistoryView(model: self, unicode: context.unicode).render(into: &canvas)
  }

  /// What a click hits (``HistoryView/target(column:row:width:height:)``).
  public func target(column: Int, row: Int, in context: ScreenContext) -> Target? {
    HistoryView(model: self, unicode: context.unicode).target(
      column: column, row: row, width: context.width, height: context.height)
  }

  /// Shows the view `step` places after the one on show, round the tabs.
  private func show(step: Int) {
    let pages = Page.allCases
    page = pages[((pages.firstIndex(of: page) ?? 0) + step) % pages.count]
  }

  /// Moves the view on show a window back in time, or forward (never past now).
  private func move(back: Bool) {
    switch page {
    case .year:
      yearEndDay = back ? yearEndDay - YearMap.weekCount * 7 + 7 : min(today, yearEndDay + YearMap.weekCount * 7 - 7)
      cachedYear = nil
    case .day:
      shownDay = back ? shownDay - 1 : min(today, shownDay + 1)
      cachedHours = nil
    case .days:
      daysBack = back ? daysBack + 1 : max(0, daysBack - 1)
      cachedDays = nil
    case .changes:
      let count = changes(rows: changesPageSize).count
      if back, changesSkipped + changesPageSize < count { changesSkipped += changesPageSize }
      if !back { changesSkipped = max(0, changesSkipped - changesPageSize) }
    }
  }

  /// Every view back to now, read again at the clock's time.
  private func backToNow() {
    now = clock.now()
    today = calendar.day(of: now)
    yearEndDay = today
    shownDay = today
    daysBack = 0
    changesSkipped = 0
    cachedYear = nil
    cachedHours = nil
    cachedDays = nil
    cachedChanges = nil
    cachedSummary = nil
    cachedGoal = nil
  }

  // MARK: What the views show, read when first asked for

  public var year: YearMap {
    cached(&cachedYear) { YearMap(counter: counter, history: history, calendar: calendar, endDay: yearEndDay, today: today) }
  }

  public var hours: DayHours {
    cached(&cachedHours) { DayHours(counter: counter.id, day: shownDay, history: history, calendar: calendar, now: now) }
  }

  public var days: DaysChart {
    cached(&cachedDays) {
      DaysChart(counter: counter, history: history, calendar: calendar, today: today, windowsBack: daysBack)
    }
  }

  /// The totals the Days view shows under its bars: today, this week, all time.
  public var summary: HistorySummary {
    cached(&cachedSummary) {
      HistorySummary(history: history, counter: counter.id, now: now, calendar: calendar, dayCount: 1, recentCount: 0)
    }
  }

  /// How the counter stands toward its goal now, with its streaks; `nil` without a goal.
  public var goal: GoalSummary? {
    cached(&cachedGoal) { GoalSummary.of(counter, history: history, now: now, calendar: calendar) }
  }

  /// What `cache` holds, or what `make` reads, kept in `cache` until a move empties it.
  private func cached<Value>(_ cache: inout Value?, _ make: () -> Value) -> Value {
    if let cache { return cache }
    let value = make()
    cache = value
    return value
  }

  /// The Changes view's page of `rows` changes, from the newest the view skips.
  public func changes(rows: Int) -> ChangesPage {
    let rows = max(1, rows)
    changesPageSize = rows
    if let cachedChanges, cachedChanges.skipped == changesSkipped, cachedChanges.rows == rows { return cachedChanges.page }
    let count = cachedChanges?.page.count ?? history.entryCount(ofCounter: counter.id)
    let reading = history.entries(ofCounter: counter.id, newestFirstSkipping: changesSkipped, limit: rows)
    let page = ChangesPage(entries: reading.entries, skipped: changesSkipped, count: count)
    cachedChanges = (changesSkipped, rows, page)
    return page
  }

  /// "2026-11-23 14:05", in local time.
  public func time(_ date: Date) -> String {
    String(HistorySummary.timestamp(date, utcOffset: calendar.utcOffset(date)).prefix(16))
  }
}
