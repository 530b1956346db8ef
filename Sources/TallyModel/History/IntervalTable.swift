import FoundationEssentials
import TallyPlatform

/// Counters' net changes per interval from the one that holds the start to the end, empty
/// ones too (`tally table`); minutes and hours follow real time; days and longer are
/// ``GoalCalendar``'s.
public struct IntervalTable: Sendable {
  public struct Row: Sendable, Equatable {
    public var start: Date
    public var end: Date
    /// Each counter's net change, in the order of the table's counters.
    public var counts: [Int]
    public var total: Int
  }

  /// The most rows a table makes: a `--by 1m` over more than two months is refused.
  public static let maximumRows = 100_000

  public let rows: [Row]

  /// The table of `counters` from the interval that holds `since` to `until`; `nil` past ``maximumRows``.
  public init?(
    _ counters: [Counter], by kind: HistoryBuckets.Kind, history: HistoryReader, calendar: GoalCalendar, since: Date,
    until: Date
  ) {
    var bounds = [Self.start(of: kind, holding: since, calendar: calendar)]
    while bounds[bounds.count - 1] < until || bounds.count < 2 {
      guard bounds.count <= Self.maximumRows else { return nil }
      bounds.append(Self.next(after: bounds[bounds.count - 1], by: kind, calendar: calendar))
    }
    var counts = [[Int]](repeating: [Int](repeating: 0, count: counters.count), count: bounds.count - 1)
    for (column, counter) in counters.enumerated() {
      let reading = history.entries(ofCounter: counter.id, since: bounds[0], until: bounds[bounds.count - 1], limit: nil)
      for entry in reading.entries where entry.event == .changed {
        // The last interval that starts at or before the change: 10:15:00 is 10:15's.
        var (low, high) = (0, bounds.count - 1)
        while high - low > 1 {
          let middle = (low + high) / 2
          if bounds[middle] <= entry.time { low = middle } else { high = middle }
        }
        counts[low][column] = PeriodTotal.add(counts[low][column], entry.netChange)
      }
    }
    rows = counts.indices.map { index in
      Row(
        start: bounds[index], end: bounds[index + 1], counts: counts[index],
        total: counts[index].reduce(0, PeriodTotal.add))
    }
  }

  /// The row with the largest total, the first of equals.
  public var busiest: Row? { rows.max { $0.total < $1.total || ($0.total == $1.total && $0.start > $1.start) } }

  /// The start of the interval of `kind` that holds `date`.
  static func start(of kind: HistoryBuckets.Kind, holding date: Date, calendar: GoalCalendar) -> Date {
    guard let minutes = kind.minutes else {
      let period = kind.period
      let number = calendar.period(period, of: date)
      return HistoryBuckets.bucket(period, number: number, net: 0, calendar: calendar).start
    }
    let step = Double(minutes * 60)
    let wall = date.timeIntervalSince1970 + Double(calendar.utcOffset(date))
    return calendar.instant(ofWallClock: Date(timeIntervalSince1970: (wall / step).rounded(.down) * step))
  }

  /// The start of the interval after the one that starts at `start`.
  static func next(after start: Date, by kind: HistoryBuckets.Kind, calendar: GoalCalendar) -> Date {
    if let minutes = kind.minutes { return start.addingTimeInterval(Double(minutes * 60)) }
    let period = kind.period
    let number = calendar.period(period, of: start) + 1
    return HistoryBuckets.bucket(period, number: number, net: 0, calendar: calendar).start
  }

  /// `2026-11-23T10:15:00+01:00`: a local time with its offset, as spreadsheets read it.
  public static func isoText(_ date: Date, calendar: GoalCalendar) -> String {
    let offset = calendar.utcOffset(date)
    let sign = offset < 0 ? "-" : "+"
    let (hours, minutes) = (abs(offset) / 3600, abs(offset) % 3600 / 60)
    let local = HistorySummary.timestamp(date, utcOffset: offset).map { $0 == " " ? "T" : $0 }
    return String(local) + sign + String(hours, width: 2) + ":" + String(minutes, width: 2)
  }
}
