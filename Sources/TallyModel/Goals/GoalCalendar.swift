import FoundationEssentials
import TallyDefaults
import TallyLocalization
import TallyPlatform

/// Where goals' periods begin, in local time: a day at midnight (or the hour a day starts),
/// a week on Monday, a month on the 1st; a day of a daylight-saving change lasts 23 or 25 hours.
public struct GoalCalendar {
  /// Seconds east of UTC of the local time zone at a moment.
  public let utcOffset: (Date) -> Int
  /// The local hour (0 to 23) at which a day, and so a week and a month, begins.
  public let dayStartsAtHour: Int
  /// What names the time zone (``WallClock/timeZoneIdentity``), or `nil` when nothing does.
  public let zone: String?

  /// A calendar whose local time is `utcOffset`'s, in the time zone `zone` names.
  public init(utcOffset: @escaping (Date) -> Int, dayStartsAtHour: Int = 0, zone: String? = nil) {
    self.utcOffset = utcOffset
    self.dayStartsAtHour = min(max(dayStartsAtHour, 0), 23)
    self.zone = zone
  }

  public init(timeZone: TimeZone, dayStartsAtHour: Int = 0) {
    self.init(
      utcOffset: { timeZone.secondsFromGMT(for: $0) }, dayStartsAtHour: dayStartsAtHour, zone: "zone:" + timeZone.identifier)
  }

  /// The calendar of `clock`'s time zone, its days starting at `dayStartsAtHour`.
  public init(clock: WallClock, dayStartsAtHour: Int = 0) {
    self.init(utcOffset: clock.utcOffset(at:), dayStartsAtHour: dayStartsAtHour, zone: clock.timeZoneIdentity)
  }

  /// What tells this calendar's periods from another's; `nil` when the time zone has no name.
  public var key: String? { zone.map { "\($0)|\(dayStartsAtHour)" } }

  /// The day `date` counts for, as days since 1970-01-01.
  public func day(of date: Date) -> Int {
    let seconds = date.timeIntervalSince1970 + Double(utcOffset(date)) - Double(dayStartsAtHour * 3600)
    return Int((seconds / 86_400).rounded(.down))
  }

  /// The moment day `number` (counted from 1970-01-01) begins.
  public func start(ofDay number: Int) -> Date {
    instant(ofWallClock: Date(timeIntervalSince1970: Double(number) * 86_400 + Double(dayStartsAtHour * 3600)))
  }

  /// The moment the local clock shows `wall` (a wall-clock time read as if it were UTC); in
  /// a daylight-saving gap, the moment the clock jumps over it.
  public func instant(ofWallClock wall: Date) -> Date {
    let guess = wall.addingTimeInterval(-Double(utcOffset(wall)))
    return wall.addingTimeInterval(-Double(utcOffset(guess)))
  }

  /// The period of kind `period` that `date` counts for, numbered consecutively.
  public func period(_ period: Goal.Period, of date: Date) -> Int {
    Self.period(period, ofDay: day(of: date))
  }

  package static func period(_ period: Goal.Period, ofDay day: Int) -> Int {
    switch period {
    case .total: return 0
    case .day: return day
    // Day 0, 1970-01-01, was a Thursday: weeks counted from Monday 1969-12-29.
    case .week: return Int((Double(day + 3) / 7).rounded(.down))
    case .month:
      let date = UTCTime.civilDate(ofDay: Int64(day))
      return Int(date.year * 12 + date.month - 1)
    }
  }

  /// How the history screen names a period: "Mon 23 Nov", "week of 16 Nov", "Nov 2026".
  package static func label(_ period: Goal.Period, number: Int) -> String {
    switch period {
    case .total: return tr("in total")
    case .day: return HistorySummary.label(number)
    case .week:
      let monday = Int64(number * 7 - 3)
      let date = UTCTime.civilDate(ofDay: monday)
      return tr("week of \(date.day) \(tr(verbatim: HistorySummary.months[Int(date.month) - 1]))")
    case .month:
      let month = (number % 12 + 12) % 12
      return "\(tr(verbatim: HistorySummary.months[month])) \((number - month) / 12)"
    }
  }
}

extension DefaultsKey {
  /// The local hour (0 to 23) a day starts at for goals and streaks.
  public static let dayStartsAtHour = DefaultsKey("dayStartsAtHour")
}
