#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ISO 8601 UTC text for property-list `<date>` elements, exact to the last bit.
///
/// Apple's writer drops fractional seconds. Tally writes as many fraction digits as the
/// shortest decimal of the `Double` has (so `.056`, not `.05600001811981201`), and that reads
/// back as the same `Double`: a `Date` round-trips exactly. A date without a fraction is
/// written exactly as Apple writes it.
enum PropertyListDate {
  /// Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
  private static let referenceDateUnixSeconds: Int64 = 978_307_200
  /// A generous bound that keeps the arithmetic below far from overflow.
  private static let maximumSeconds: Double = 1e15

  static func text(for date: Date) -> String {
    var interval = date.timeIntervalSinceReferenceDate
    if !interval.isFinite { interval = interval.isNaN ? 0 : (interval > 0 ? maximumSeconds : -maximumSeconds) }
    interval = min(max(interval, -maximumSeconds), maximumSeconds)
    let whole = interval.rounded(.down)
    let fraction = interval - whole
    let unixSeconds = Int64(whole) + referenceDateUnixSeconds
    let days = floorDivide(unixSeconds, 86_400)
    let secondOfDay = unixSeconds - days * 86_400
    let (year, month, day) = civilDate(fromDays: days)
    var text = year < 0 ? "-" : ""
    text += pad(abs(year), 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    text += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
    if fraction > 0 { text += "." + fractionDigits(of: interval, fraction: fraction) }
    return text + "Z"
  }

  static func date(from text: String) -> Date? {
    var scanner = Array(text.utf8)[...]
    var negative = false
    if scanner.first == UInt8(ascii: "-") {
      negative = true
      scanner = scanner.dropFirst()
    }
    guard let yearDigits = digits(&scanner, minimum: 4, maximum: 9),
      take(&scanner, "-"), let month = digits(&scanner, minimum: 2, maximum: 2),
      take(&scanner, "-"), let day = digits(&scanner, minimum: 2, maximum: 2),
      take(&scanner, "T"), let hour = digits(&scanner, minimum: 2, maximum: 2),
      take(&scanner, ":"), let minute = digits(&scanner, minimum: 2, maximum: 2),
      take(&scanner, ":"), let second = digits(&scanner, minimum: 2, maximum: 2)
    else { return nil }
    var fraction = 0.0
    var fractionText = ""
    if take(&scanner, ".") {
      let fractionBytes = scanner.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      fractionText = String(decoding: fractionBytes, as: UTF8.self)
      guard !fractionBytes.isEmpty, let value = Double("0." + fractionText) else { return nil }
      fraction = value
      scanner = scanner.dropFirst(fractionBytes.count)
    }
    guard take(&scanner, "Z"), scanner.isEmpty else { return nil }
    let year = negative ? -yearDigits : yearDigits
    guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let unixSeconds = days * 86_400 + hour * 3600 + minute * 60 + second
    let whole = unixSeconds - referenceDateUnixSeconds
    // For a non-negative time, "whole.digits" parses to the nearest Double, which is the one
    // written: the digits are within half a unit of its last place. Before 2001 the fraction
    // was written as its own shortest decimal, so it is added.
    if whole >= 0, fraction > 0, let exact = Double("\(whole).\(fractionText)") {
      return Date(timeIntervalSinceReferenceDate: exact)
    }
    return Date(timeIntervalSinceReferenceDate: Double(whole) + fraction)
  }

  // MARK: Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's algorithms)

  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The (year, month, day) of a day counted from 1970-01-01 (day 0).
  static func civilDate(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let quotient = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
  }

  // MARK: Text helpers

  private static func pad(_ number: Int64, _ width: Int) -> String {
    let text = String(number)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }

  /// The fraction digits to write for `interval`: those of its own shortest decimal when it
  /// is not negative and printed without an exponent, else those of `fraction`'s.
  private static func fractionDigits(of interval: Double, fraction: Double) -> String {
    let whole = "\(interval)"
    if interval >= 0, !whole.contains(where: { $0 == "e" || $0 == "E" }), let dot = whole.firstIndex(of: ".") {
      let digits = whole[whole.index(after: dot)...]
      if !digits.isEmpty && digits != "0" { return String(digits) }
    }
    return fractionDigits(fraction)
  }

  /// The digits after "0." of the shortest decimal that reads back as `fraction`.
  private static func fractionDigits(_ fraction: Double) -> String {
    let description = "\(fraction)"
    guard let e = description.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
      return String(description.drop(while: { $0 != "." }).dropFirst())
    }
    let mantissa = description[..<e].filter { $0 != "." }
    let exponent = Int(description[description.index(after: e)...]) ?? 0
    return String(repeating: "0", count: max(0, -exponent - 1)) + mantissa
  }

  private static func digits(_ scanner: inout ArraySlice<UInt8>, minimum: Int, maximum: Int) -> Int64? {
    let run = scanner.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    guard run.count >= minimum, run.count <= maximum else { return nil }
    scanner = scanner.dropFirst(run.count)
    return run.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
  }

  private static func take(_ scanner: inout ArraySlice<UInt8>, _ character: Character) -> Bool {
    guard let byte = character.asciiValue, scanner.first == byte else { return false }
    scanner = scanner.dropFirst()
    return true
  }
}
