import TallyPlatform

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
    var reader = JSONScanner(bytes: bytes)
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
    var note: String?
    if reader.take(",\"note\":") {
      guard let text = reader.string() else { return nil }
      note = text
    }
    if reader.take(",\"old\":") {
      guard let value = reader.integer() else { return nil }
      old = value
    }
    guard reader.take(",\"source\":"), let sourceName = reader.string(), let source = HistoryEntry.Source(rawValue: sourceName),
      reader.take(",\"time\":"), let timeText = reader.string(), let time = Self.time(Array(timeText.utf8)),
      reader.take("}"), reader.atEnd
    else { return nil }
    var entry = HistoryEntry(
      time: time, event: event, counter: counter, name: name, old: old, new: new, source: source, note: note)
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
    let days = UTCTime.daysFromCivil(year: year, month: month, day: day)
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
}
