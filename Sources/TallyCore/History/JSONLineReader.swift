#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a history line exactly as ``HistoryEntry/jsonLine`` writes it.
///
/// Keys sorted, no spaces, the time as "2026-11-23T10:00:00.056Z". Anything else gives `nil`, and the
/// caller falls back to `JSONDecoder`, so this is a fast path, never a second dialect.
enum JSONLineReader {
  static func entry(_ bytes: [UInt8]) -> HistoryEntry? {
    var reader = Cursor(bytes: bytes)
    guard reader.take("{\"counter\":"), let counter = reader.string(), reader.take(",\"event\":"),
      let eventName = reader.string(), let event = HistoryEntry.Event(rawValue: eventName)
    else { return nil }
    var machine: String?
    if reader.take(",\"machine\":") {
      guard let text = reader.string() else { return nil }
      machine = text
    }
    guard reader.take(",\"name\":"), let name = reader.string() else { return nil }
    var new: Int?
    var old: Int?
    if reader.take(",\"new\":") {
      guard let value = reader.integer() else { return nil }
      new = value
    }
    if reader.take(",\"old\":") {
      guard let value = reader.integer() else { return nil }
      old = value
    }
    guard reader.take(",\"source\":"), let sourceName = reader.string(), let source = HistoryEntry.Source(rawValue: sourceName),
      reader.take(",\"time\":"), let timeText = reader.string(), let time = Self.time(Array(timeText.utf8)),
      reader.take("}"), reader.atEnd
    else { return nil }
    var entry = HistoryEntry(time: time, event: event, counter: counter, name: name, old: old, new: new, source: source)
    entry.machine = machine
    return entry
  }

  /// "YYYY-MM-DDTHH:MM:SS" and an optional fraction of up to 3 digits, then "Z".
  static func time(_ text: [UInt8]) -> Date? {
    guard text.count >= 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
      text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"), text.last == UInt8(ascii: "Z"),
      let year = number(text[0..<4]), let month = number(text[5..<7]), let day = number(text[8..<10]),
      let hour = number(text[11..<13]), let minute = number(text[14..<16]), let second = number(text[17..<19]),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    var milliseconds: Int64 = 0
    if text.count > 20 {
      let fraction = text[20..<(text.count - 1)]
      guard fraction.first == UInt8(ascii: "."), (2...4).contains(fraction.count), let digits = number(fraction.dropFirst())
      else { return nil }
      milliseconds = digits * [1, 100, 10, 1][fraction.count - 1]
    }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
    return HistoryEntry.date(milliseconds: seconds * 1000 + milliseconds)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
    var value: Int64 = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int64(digit - UInt8(ascii: "0"))
    }
    return digits.isEmpty ? nil : value
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date: Howard Hinnant's days_from_civil.
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private struct Cursor {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }

    mutating func take(_ literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard bytes.count - index >= count else { return false }
      let matches = literal.withUTF8Buffer { expected in
        var position = index
        for byte in expected {
          guard bytes[position] == byte else { return false }
          position += 1
        }
        return true
      }
      if matches { index += count }
      return matches
    }

    /// A JSON string with the escapes ``HistoryEntry/jsonLine`` writes.
    mutating func string() -> String? {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
      index += 1
      var scalars: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(validating: scalars, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard index < bytes.count else { return nil }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
          case UInt8(ascii: "n"): scalars.append(0x0A)
          case UInt8(ascii: "r"): scalars.append(0x0D)
          case UInt8(ascii: "t"): scalars.append(0x09)
          case UInt8(ascii: "u"):
            // Only the control characters the writer escapes; anything else is left to
            // JSONDecoder (surrogate pairs).
            guard bytes.count - index >= 4,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
              value < 0xD800 || value > 0xDFFF, let scalar = Unicode.Scalar(value)
            else { return nil }
            index += 4
            scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
          default: return nil
          }
        case 0..<0x20: return nil
        default: scalars.append(byte)
        }
      }
      return nil
    }

    mutating func integer() -> Int? {
      let start = index
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      let digitsStart = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
      guard index > digitsStart, index - digitsStart <= 19 else { return nil }
      return Int(String(decoding: bytes[start..<index], as: UTF8.self))
    }
  }
}
