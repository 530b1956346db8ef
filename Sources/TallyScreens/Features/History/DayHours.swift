import FoundationEssentials
import TallyModel

/// One day of a counter by the hour: the Day view.
public struct DayHours: Equatable, Sendable {
  public var day: Int
  /// The local hour each bar begins at, from the hour a day starts at.
  public var hours: [Int]
  public var nets: [Int]
  public var changeCounts: [Int]
  /// The bar of the hour now is in, when the day is today.
  public var currentIndex: Int?

  public init(counter id: String, day: Int, history: HistoryReader, calendar: GoalCalendar, now: Date) {
    let entries = history.entries(
      ofCounter: id, since: calendar.start(ofDay: day), until: calendar.start(ofDay: day + 1), limit: nil
    ).entries
    self.init(day: day, entries: entries, calendar: calendar, now: now)
  }

  public init(day: Int, entries: [HistoryEntry], calendar: GoalCalendar, now: Date) {
    self.day = day
    hours = (0..<24).map { (calendar.dayStartsAtHour + $0) % 24 }
    nets = Array(repeating: 0, count: 24)
    changeCounts = Array(repeating: 0, count: 24)
    // By the local clock's hour, so that a day when the clocks change still has 24 bars
    // (an hour skipped stays empty, an hour lived twice is one bar).
    func index(_ date: Date) -> Int {
      let wall = Int((date.timeIntervalSince1970 + Double(calendar.utcOffset(date))).rounded(.down))
      let hour = ((wall % 86_400 + 86_400) % 86_400) / 3600
      return (hour - calendar.dayStartsAtHour + 24) % 24
    }
    for entry in entries where entry.event == .changed {
      let slot = index(entry.time)
      nets[slot] = PeriodTotal.add(nets[slot], entry.netChange)
      changeCounts[slot] += 1
    }
    currentIndex = calendar.day(of: now) == day ? index(now) : nil
  }

  public var net: Int { nets.reduce(0) { PeriodTotal.add($0, $1) } }
}
