import FoundationEssentials
import TallyLocalization
import TallyPlatform

/// What the history says about one counter at a moment, as a calendar places its days.
public struct HistorySummary: Equatable, Sendable {
  /// One local calendar day.
  public struct Day: Equatable, Sendable {
    /// Days since 1970-01-01, as the calendar counts them.
    public var number: Int
    public var label: String
    public var net: Int
  }

  /// The last `dayCount` days, oldest first, ending today.
  public var days: [Day]
  public var today: Int
  /// Since Monday.
  public var thisWeek: Int
  public var allTime: Int
  /// The latest entries, newest first.
  public var recent: [HistoryEntry]

  private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  package static let months = [
    trMarked("Jan"), trMarked("Feb"), trMarked("Mar"), trMarked("Apr"), trMarked("May"), trMarked("Jun"), trMarked("Jul"),
    trMarked("Aug"), trMarked("Sep"), trMarked("Oct"), trMarked("Nov"), trMarked("Dec"),
  ]

  /// The summary of counter `id` at `now`, asked of `history` in a few indexed reads.
  public init(
    history: HistoryReader, counter id: String, now: Date, calendar: GoalCalendar, dayCount: Int = 14, recentCount: Int = 20
  ) {
    let todayNumber = calendar.day(of: now)
    let week = calendar.period(.week, of: now)
    self.init(
      days: history.totals(ofCounter: id, per: .day, calendar: calendar, from: todayNumber - dayCount + 1),
      thisWeek: history.totals(ofCounter: id, per: .week, calendar: calendar, from: week)[week]?.net ?? 0,
      allTime: history.allTime(ofCounter: id),
      recent: history.entries(ofCounter: id, since: nil, until: nil, limit: recentCount).entries.reversed(),
      today: todayNumber, dayCount: dayCount)
  }

  /// The summary at `now` of `entries` (one counter's), reading every one: the definition.
  public init(
    entries: [HistoryEntry], now: Date, calendar: GoalCalendar, dayCount: Int = 14, recentCount: Int = 20
  ) {
    let week = calendar.period(.week, of: now)
    self.init(
      days: PeriodTotal.byPeriod(entries, per: .day, calendar: calendar),
      thisWeek: PeriodTotal.byPeriod(entries, per: .week, calendar: calendar)[week]?.net ?? 0,
      allTime: HistoryEntry.total(entries),
      recent: Array(entries.suffix(recentCount).reversed()), today: calendar.day(of: now), dayCount: dayCount)
  }

  private init(days totals: PeriodTotals, thisWeek: Int, allTime: Int, recent: [HistoryEntry], today: Int, dayCount: Int) {
    let first = today - dayCount + 1
    days = (first...today).map { number in
      Day(number: number, label: Self.label(number), net: totals[number]?.net ?? 0)
    }
    self.today = totals[today]?.net ?? 0
    self.thisWeek = thisWeek
    self.allTime = allTime
    self.recent = recent
  }

  /// A signed change as shown: "+12", "-3", "0".
  public static func signed(_ value: Int) -> String {
    value > 0 ? "+\(value)" : String(value)
  }

  static func dayNumber(_ date: Date, offset: Int) -> Int {
    let seconds = date.timeIntervalSince1970 + Double(offset)
    return Int((seconds / 86_400).rounded(.down))
  }

  package static func label(_ dayNumber: Int) -> String {
    let (_, month, day) = UTCTime.civilDate(ofDay: Int64(dayNumber))
    // 1970-01-01 (day 0) was a Thursday.
    let weekday = weekdays[((dayNumber + 3) % 7 + 7) % 7]
    return "\(weekday) \(day < 10 ? " " : "")\(day) \(months[Int(month) - 1])"
  }

  /// "14:05" for today, "23 Nov 14:05" before.
  public static func time(_ date: Date, now: Date, utcOffset: (Date) -> Int) -> String {
    let (number, clock) = wallClock(date, utcOffset: utcOffset(date))
    guard number != dayNumber(now, offset: utcOffset(now)) else { return clock }
    let (_, month, day) = UTCTime.civilDate(ofDay: Int64(number))
    return "\(day) \(months[Int(month) - 1]) \(clock)"
  }

  /// The calendar day (days since 1970-01-01) and the `HH:MM` that a wall clock `utcOffset`
  /// seconds from UTC shows at `date`.
  static func wallClock(_ date: Date, utcOffset: Int) -> (day: Int, clock: String) {
    let seconds = Int((date.timeIntervalSince1970 + Double(utcOffset)).rounded(.down))
    let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
    return (
      dayNumber(date, offset: utcOffset), String(secondOfDay / 3600, width: 2) + ":" + String(secondOfDay / 60 % 60, width: 2)
    )
  }

  /// "2026-11-23 14:05:09" in local time.
  public static func timestamp(_ date: Date, utcOffset: Int) -> String {
    let local = Date(timeIntervalSince1970: (date.timeIntervalSince1970 + Double(utcOffset)).rounded(.down))
    return String(UTCTime.text(for: local).prefix(19).map { $0 == "T" ? " " : $0 })
  }
}
