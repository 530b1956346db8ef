import FoundationEssentials

/// ISO 8601 UTC times as the history log and the names of moved-aside files write them, and
/// the civil date of a day.
package enum UTCTime {
  private static let seconds = Date.ISO8601FormatStyle()

  /// "2026-11-23T10:00:00Z", or "2026-11-23T10:00:00.056Z" to the nearest millisecond.
  ///
  /// Written by hand: every `tally inc` logs a time, and `Date.ISO8601FormatStyle` looks up
  /// the current time zone the first time it formats (docs/performance.md).
  package static func text(for date: Date) -> String {
    let thousandths = (date.timeIntervalSince1970 * 1000).rounded()
    guard thousandths.magnitude < 1e17 else { return seconds.format(date) }
    let (unixSeconds, millisecond) = floorDivision(Int64(thousandths), 1000)
    let (days, secondOfDay) = floorDivision(unixSeconds, 86_400)
    let (year, month, day) = civilDate(ofDay: days)
    var text = String(year, width: 4) + "-" + String(month, width: 2) + "-" + String(day, width: 2) + "T"
    text += String(secondOfDay / 3600, width: 2) + ":" + String(secondOfDay / 60 % 60, width: 2) + ":"
    text += String(secondOfDay % 60, width: 2)
    return text + (millisecond == 0 ? "Z" : "." + String(millisecond, width: 3) + "Z")
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date: Howard Hinnant's days_from_civil.
  package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian year, month (1 to 12) and day of a day counted from 1970-01-01
  /// (day 0): Howard Hinnant's civil_from_days.
  package static func civilDate(ofDay days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let (era, dayOfEra) = floorDivision(days + 719_468, 146_097)
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
  }

  private static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
    let remainder = (a % b + b) % b
    return ((a - remainder) / b, remainder)
  }

  /// Reads a time such as "2026-11-23T10:00:00Z", with any number of fraction digits.
  package static func date(from text: String) -> Date? {
    guard let dot = text.firstIndex(of: ".") else { return try? seconds.parse(text) }
    let digits = text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, let fraction = Double("0." + digits),
      let whole = try? seconds.parse(String(text[..<dot]) + text[digits.endIndex...])
    else { return nil }
    return whole.addingTimeInterval(fraction)
  }
}

extension String {
  /// `number` in `radix`, with zeros before its digits to make `width` of them: `05`, `000a`.
  @inlinable package init(_ number: some BinaryInteger, width: Int, radix: Int = 10, uppercase: Bool = false) {
    self = String(number.magnitude, radix: radix, uppercase: uppercase)
    self = (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - count)) + self
  }
}
