import FoundationEssentials
import TallyModel

/// The history screen's view on show, at its moment and window: what it asks of the history.
public struct HistoryPageRequest: HistoryQuestion {
  public var counter: Counter
  public var page: HistoryViewModel.Page
  /// The screen's moment: when it opened, or when `t` was last pressed.
  public var now: Date
  public var today: Int
  /// The Year view's last day, the day shown, the windows of 14 back, or the changes skipped.
  public var window: Int
  /// The Changes view's rows.
  public var rows: Int

  public func answer(from history: HistoryReader, calendar: GoalCalendar, now: Date, last: HistorySnapshot?) -> HistorySnapshot {
    var snapshot = last ?? HistorySnapshot()
    snapshot.read(self, from: history, calendar: calendar)
    return snapshot
  }
}

/// What the app read for the history screen's requests, each when it changes, not at every frame.
public struct HistorySnapshot: Sendable {
  public internal(set) var year: YearMap?
  public private(set) var hours: DayHours?
  public private(set) var days: DaysChart?
  /// The totals the Days view shows under its bars: today, this week, all time.
  public private(set) var summary: HistorySummary?
  public private(set) var goal: GoalSummary?
  public private(set) var changes: ChangesPage?
  /// Damaged lines skipped or a history that could not be read, if any.
  public private(set) var notice: String?
  /// The request each view was read for.
  private var readFor: [HistoryViewModel.Page: HistoryPageRequest] = [:]

  public init() {}

  /// Reads what `request` asks for from `history`, unless it was read for it already; a new
  /// moment or counter reads every view again.
  public mutating func read(_ request: HistoryPageRequest, from history: HistoryReader, calendar: GoalCalendar) {
    guard readFor[request.page] != request else { return }
    if let last = readFor.values.first, last.now != request.now || last.counter != request.counter { self = HistorySnapshot() }
    readFor[request.page] = request
    notice = history.notice
    let (counter, now, window) = (request.counter, request.now, request.window)
    switch request.page {
    case .year:
      year = YearMap(counter: counter, history: history, calendar: calendar, endDay: window, today: request.today)
    case .day: hours = DayHours(counter: counter.id, day: window, history: history, calendar: calendar, now: now)
    case .days:
      days = DaysChart(counter: counter, history: history, calendar: calendar, today: request.today, windowsBack: window)
      summary =
        summary
        ?? HistorySummary(history: history, counter: counter.id, now: now, calendar: calendar, dayCount: 1, recentCount: 0)
    case .changes:
      let count = changes?.count ?? history.entryCount(ofCounter: counter.id)
      let reading = history.entries(ofCounter: counter.id, newestFirstSkipping: window, limit: request.rows)
      changes = ChangesPage(entries: reading.entries, skipped: window, count: count)
    }
    if request.page == .year || request.page == .days, goal == nil {
      goal = GoalSummary.of(counter, history: history, now: now, calendar: calendar)
    }
  }
}

/// A page of the Changes view.
public struct ChangesPage: Equatable, Sendable {
  /// Newest first.
  public var entries: [HistoryEntry]
  /// Newer changes before the page.
  public var skipped: Int
  public var count: Int
}
