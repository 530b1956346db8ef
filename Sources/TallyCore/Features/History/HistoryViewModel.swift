/// The history screen of one counter.
///
/// It shows the counter's summary at the moment it opened. Any key closes it.
public final class HistoryViewModel {
  public let counter: Counter
  public let summary: HistorySummary
  /// Damaged lines skipped or a log that could not be read, if any.
  public let notice: String?
  /// Formats a time as the screen shows it ("14:05", or "23 Nov 14:05" before today).
  public let formatTime: (HistoryEntry) -> String
  /// How the counter stands toward its goal, with the periods met; `nil` without a goal.
  public let goal: GoalSummary?

  /// The history of `counter`; its days and its goal's periods begin as `goalCalendar` says
  /// (at local midnight in `clock`'s time zone unless given).
  public init(counter: Counter, history: HistoryLog, clock: WallClock, goalCalendar: GoalCalendar? = nil) {
    self.counter = counter
    let now = clock.now()
    let calendar = goalCalendar ?? GoalCalendar(clock: clock)
    summary = HistorySummary(history: history, counter: counter.id, now: now, calendar: calendar)
    goal = GoalSummary.of(counter, history: history, now: now, calendar: calendar)
    notice = history.notice
    formatTime = { HistorySummary.time($0.time, now: now, utcOffset: clock.utcOffset(at:)) }
  }
}
