#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ISO 8601 UTC times as the history log and the names of moved-aside files write them,
/// through FoundationEssentials' `Date.ISO8601FormatStyle` and `Calendar`.
enum UTCTime {
  private static let seconds = Date.ISO8601FormatStyle()
  private static let milliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
  private static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar
  }()

  /// "2026-11-23T10:00:00Z", or "2026-11-23T10:00:00.056Z" to the nearest millisecond.
  static func text(for date: Date) -> String {
    let thousandths = (date.timeIntervalSinceReferenceDate * 1000).rounded()
    guard thousandths.isFinite else { return seconds.format(date) }
    if thousandths.truncatingRemainder(dividingBy: 1000) == 0 {
      return seconds.format(Date(timeIntervalSinceReferenceDate: thousandths / 1000))
    }
    // The style truncates to the millisecond, so it is given the middle of one.
    return milliseconds.format(Date(timeIntervalSinceReferenceDate: (thousandths + 0.5) / 1000))
  }

  /// Reads a time such as "2026-11-23T10:00:00Z", with any number of fraction digits.
  static func date(from text: String) -> Date? {
    guard let dot = text.firstIndex(of: ".") else { return try? seconds.parse(text) }
    let digits = text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, let fraction = Double("0." + digits),
      let whole = try? seconds.parse(String(text[..<dot]) + text[digits.endIndex...])
    else { return nil }
    return whole.addingTimeInterval(fraction)
  }

  /// The month (1 to 12) and day of the month of a day counted from 1970-01-01 (day 0).
  static func monthAndDay(ofDay number: Int) -> (month: Int, day: Int) {
    let parts = calendar.dateComponents([.month, .day], from: Date(timeIntervalSince1970: Double(number) * 86_400))
    return (parts.month ?? 1, parts.day ?? 1)
  }
}
