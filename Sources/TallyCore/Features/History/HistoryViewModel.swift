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

  public init(counter: Counter, history: HistoryLog, clock: WallClock) {
    self.counter = counter
    let reading = history.read()
    let now = clock.now()
    summary = HistorySummary(entries: reading.entries(forCounter: counter.id), now: now, utcOffset: clock.utcOffset(at:))
    notice = reading.notice
    formatTime = { HistorySummary.time($0.time, now: now, utcOffset: clock.utcOffset(at:)) }
  }
}
