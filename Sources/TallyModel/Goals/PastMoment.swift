import FoundationEssentials
import TallyPlatform

/// Reads when a change happened, for `tally inc --at`: `today`, `yesterday`, a local date or
/// time, or an ISO 8601 time; a day on its own means now for today and its middle for
/// another, and a time in the future is refused.
public enum PastMoment {
  /// Why a `--at` text was refused.
  public struct ParseError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  private static let dateOnly = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
  private static let localTime = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().time(
    includingFractionalSeconds: false)
  private static let zoned = Date.ISO8601FormatStyle()

  public static func parse(_ text: String, now: Date, calendar: GoalCalendar) throws(ParseError) -> Date {
    let trimmed = text.trimmingXMLWhitespace()
    let moment: Date
    switch trimmed.lowercased() {
    case "now", "today": moment = now
    case "yesterday": moment = middle(ofDay: calendar.day(of: now) - 1, calendar: calendar)
    default:
      if trimmed.count == "2026-11-20".count, let day = try? dateOnly.parse(trimmed), dateOnly.format(day) == trimmed {
        let number = Int((day.timeIntervalSince1970 / 86_400).rounded(.down))
        moment = number == calendar.day(of: now) ? now : middle(ofDay: number, calendar: calendar)
      } else if let absolute = UTCTime.date(from: trimmed) ?? (try? zoned.parse(trimmed)) {
        moment = absolute
      } else if let wall = wallClockTime(trimmed) {
        moment = calendar.instant(ofWallClock: wall)
      } else {
        throw ParseError(
          description: "--at \(trimmed): give today, yesterday, a date as 2026-11-20, or a time as \"2026-11-20 18:30\"")
      }
    }
    guard moment <= now else { throw ParseError(description: "--at \(trimmed) is in the future") }
    return moment
  }

  /// "2026-11-20 18:30", "2026-11-20T18:30" or with seconds, read as if it were UTC.
  private static func wallClockTime(_ text: String) -> Date? {
    var normalized = String(text.map { $0 == " " ? "T" : $0 })
    if normalized.count == "2026-11-20T18:30".count { normalized += ":00" }
    // The parser rolls a 25th hour over into the next day: only a time it writes back the same is one.
    guard let wall = try? localTime.parse(normalized), localTime.format(wall) == normalized else { return nil }
    return wall
  }

  /// Twelve hours after day `number` begins.
  private static func middle(ofDay number: Int, calendar: GoalCalendar) -> Date {
    calendar.start(ofDay: number).addingTimeInterval(12 * 3600)
  }
}
