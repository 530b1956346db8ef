import FoundationEssentials
import TallyPlatform

/// A counter's net change in one hour, day, week or month: a line of `log --by`, `stats --by`.
public struct HistoryBucket: Equatable, Sendable {
  /// Such as `2026-11-23 14:00`, `2026-11-23` (a day, or the Monday a week begins), `2026-11`.
  public var label: String
  /// The moment it begins.
  public var start: Date
  public var net: Int

  public init(label: String, start: Date, net: Int) {
    self.label = label
    self.start = start
    self.net = net
  }
}

/// A counter's history summed per hour, day, week or month, as ``GoalCalendar`` places them:
/// days and longer from the kept totals, hours from the changes of the window asked for.
public enum HistoryBuckets {
  /// What one bucket spans.
  public enum Kind: String, CaseIterable, Sendable {
    case minute = "1m"
    case fiveMinutes = "5m"
    case quarterHour = "15m"
    case halfHour = "30m"
    case hour
    case day
    case week
    case month

    public init?(name: String) {
      self.init(rawValue: name == "1h" ? "hour" : name)
    }

    /// The minutes it spans; `nil` for days and longer.
    public var minutes: Int? {
      switch self {
      case .minute: 1
      case .fiveMinutes: 5
      case .quarterHour: 15
      case .halfHour: 30
      case .hour: 60
      case .day, .week, .month: nil
      }
    }

    /// The calendar's period, for days and longer (a day for shorter ones).
    var period: Goal.Period { self == .week ? .week : self == .month ? .month : .day }
  }

  /// The buckets of `counter` that hold a change in `since..<until` (whole buckets), oldest
  /// first, the last `limit`; without `since`, hours start at the day `now` counts for.
  public static func of(
    counter id: String, by kind: Kind, history: HistoryReader, calendar: GoalCalendar, now: Date, since: Date? = nil,
    until: Date? = nil, limit: Int? = nil
  ) -> [HistoryBucket] {
    let buckets: [HistoryBucket]
    if let minutes = kind.minutes {
      let from = since ?? calendar.start(ofDay: calendar.day(of: now))
      let entries = history.entries(ofCounter: id, since: from, until: until, limit: nil).entries
      buckets = intervals(of: entries, minutes: minutes, calendar: calendar)
    } else {
      let period = kind.period
      let first = since.map { calendar.period(period, of: $0) }
      // The last bucket holds the moment just before `until`.
      let last = until.map { calendar.period(period, of: $0.addingTimeInterval(-0.001)) }
      let totals = history.totals(ofCounter: id, per: period, calendar: calendar, from: first)
      buckets = zip(totals.numbers, totals.values).compactMap { number, total in
        if let last, number > last { return nil }
        return bucket(period, number: number, net: total.net, calendar: calendar)
      }
    }
    return limit.map { Array(buckets.suffix(max(0, $0))) } ?? buckets
  }

  /// The local intervals of `minutes` of `entries` that hold a change, with their sums.
  static func intervals(of entries: [HistoryEntry], minutes: Int, calendar: GoalCalendar) -> [HistoryBucket] {
    let step = Double(minutes * 60)
    var sums: [Int: Int] = [:]
    for entry in entries where entry.event == .changed {
      let wall = entry.time.timeIntervalSince1970 + Double(calendar.utcOffset(entry.time))
      let number = Int((wall / step).rounded(.down))
      sums[number] = PeriodTotal.add(sums[number] ?? 0, entry.netChange)
    }
    return sums.keys.sorted().map { number in
      let wall = Date(timeIntervalSince1970: Double(number) * step)
      return HistoryBucket(
        label: String(HistorySummary.timestamp(wall, utcOffset: 0).prefix(16)), start: calendar.instant(ofWallClock: wall),
        net: sums[number] ?? 0)
    }
  }

  /// The bucket of period `number` of kind `period`.
  static func bucket(_ period: Goal.Period, number: Int, net: Int, calendar: GoalCalendar) -> HistoryBucket {
    let month = (number % 12 + 12) % 12
    let first =
      switch period {
      case .week: number * 7 - 3
      case .month: Int(UTCTime.daysFromCivil(year: Int64((number - month) / 12), month: Int64(month + 1), day: 1))
      case .day, .total: number
      }
    // A month is named by its first day's date without the day.
    let label = String(UTCTime.text(for: Date(timeIntervalSince1970: Double(first) * 86_400)).prefix(10))
    return HistoryBucket(
      label: period == .month ? String(label.dropLast(3)) : label, start: calendar.start(ofDay: first), net: net)
  }
}
