import FoundationEssentials
import TallyLocalization
import TallyPlatform

/// The time a command-line option names, read the same way for every one.
///
/// `--at`, `--since`, `--until` and `--on` take `today`, `yesterday`, a local date
/// (`2026-11-20`), a local time (`"2026-11-20 18:30"`, `2026-11-20T18:30:15`) or an ISO 8601
/// time with its offset (`2026-11-20T18:30:00Z`). Days are the calendar's, so they begin at
/// the hour the `dayStartsAtHour` setting gives.
public struct TimeArgument: Equatable, Sendable {
  /// Why an option's text was refused; the message names the option and the text.
  public struct ParseError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  private enum Kind: Equatable {
    case now
    /// `today` (0) or `yesterday` (1): days before the one `now` counts for.
    case daysAgo(Int)
    /// A date, as days since 1970-01-01.
    case day(Int)
    case instant(Date)
    /// A local time, read as if it were UTC.
    case wallClock(Date)
  }

  private let kind: Kind
  /// The option it was given to, such as `--since`, and its text, for messages.
  private let option: String
  private let text: String

  private static let dateOnly = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
  private static let localTime = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().time(
    includingFractionalSeconds: false)
  private static let zoned = Date.ISO8601FormatStyle()

  /// Reads `text`, given to `option`; an unreadable text is refused with what the option takes.
  public init(_ text: String, option: String) throws(ParseError) {
    self.option = option
    self.text = text.trimmingXMLWhitespace()
    switch self.text.lowercased() {
    case "now": kind = .now
    case "today": kind = .daysAgo(0)
    case "yesterday": kind = .daysAgo(1)
    default:
      if let day = Self.day(self.text) {
        kind = .day(day)
      } else if let absolute = UTCTime.date(from: self.text) ?? (try? Self.zoned.parse(self.text)) {
        kind = .instant(absolute)
      } else if let wall = Self.wallClockTime(self.text) {
        kind = .wallClock(wall)
      } else {
        throw ParseError(
          description: tr(
            """
            \(option) \(self.text): give today, yesterday, a date as 2026-11-20, a local time as "2026-11-20 18:30" \
            or an ISO 8601 time as 2026-11-20T18:30:00Z
            """))
      }
    }
  }

  /// The day it names, or the day its moment counts for, in `calendar`'s days.
  public func day(now: Date, calendar: GoalCalendar) -> Int {
    switch kind {
    case .now: calendar.day(of: now)
    case .daysAgo(let count): calendar.day(of: now) - count
    case .day(let number): number
    case .instant(let date): calendar.day(of: date)
    case .wallClock(let wall): calendar.day(of: calendar.instant(ofWallClock: wall))
    }
  }

  /// Where `--since` and `--until` begin and end: the moment named, or a day's start.
  public func start(now: Date, calendar: GoalCalendar) -> Date {
    switch kind {
    case .now: now
    case .instant(let date): date
    case .wallClock(let wall): calendar.instant(ofWallClock: wall)
    case .daysAgo, .day: calendar.start(ofDay: day(now: now, calendar: calendar))
    }
  }

  /// When a change said to happen then (`--at`) is noted: a day on its own means now for
  /// today and its middle for another; a time in the future is refused.
  public func pastMoment(now: Date, calendar: GoalCalendar) throws(ParseError) -> Date {
    let today = calendar.day(of: now)
    let moment =
      switch kind {
      case .daysAgo, .day:
        day(now: now, calendar: calendar) == today
          ? now : calendar.start(ofDay: day(now: now, calendar: calendar)).addingTimeInterval(12 * 3600)
      default: start(now: now, calendar: calendar)
      }
    guard moment <= now else { throw ParseError(description: tr("\(option) \(text) is in the future")) }
    return moment
  }

  /// "2026-11-20" as days since 1970-01-01.
  private static func day(_ text: String) -> Int? {
    guard text.count == "2026-11-20".count, let day = try? dateOnly.parse(text), dateOnly.format(day) == text else {
      return nil
    }
    return Int((day.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// "2026-11-20 18:30", "2026-11-20T18:30" or with seconds, read as if it were UTC.
  private static func wallClockTime(_ text: String) -> Date? {
    var normalized = String(text.map { $0 == " " ? "T" : $0 })
    if normalized.count == "2026-11-20T18:30".count { normalized += ":00" }
    // The parser rolls a 25th hour over into the next day: only a time it writes back the same is one.
    guard let wall = try? localTime.parse(normalized), localTime.format(wall) == normalized else { return nil }
    return wall
  }
}
