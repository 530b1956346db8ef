import FoundationEssentials
import TallyLocalization
import TallyPlatform

/// The readers of other apps' text files (HabitBull's CSV, harsh's `habits` and `log`,
/// BetterCounter's export), each giving a ``ForeignHistory`` (docs/import.md).
public enum ForeignText {
  /// The format `bytes` is in, told by its first line; `nil` when it is none of these.
  public static func detect(_ bytes: [UInt8]) -> ForeignHistory.Format? {
    guard let text = String(validating: bytes.prefix(4_096).prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self) else {
      return nil
    }
    let line = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    if line.hasPrefix("HabitName,HabitDescription,HabitCategory") { return .habitbull }
    if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("[") { return .dijo }
    let fields = line.split(separator: " : ", omittingEmptySubsequences: false)
    if fields.count >= 3, ForeignHistory.day(isoText: fields[0]) != nil { return .harsh }
    if line.split(separator: ",").dropFirst().contains(where: { Int64($0).map { $0 >= tapFloor } ?? false }) {
      return .bettercounter
    }
    // harsh's `habits`: a comment, a heading or `Name: frequency`.
    if line.hasPrefix("#") || line.hasPrefix("! ") || line.contains(": ") { return .harsh }
    return nil
  }

  /// The UTF-8 text of a file, or the problem that it is not.
  static func text(_ bytes: [UInt8]) throws(Backup.Problem) -> String {
    guard var text = String(validating: bytes, as: UTF8.self) else {
      throw Backup.Problem(location: "", reason: tr("not UTF-8 text"))
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    return text
  }

  // MARK: HabitBull

  static let habitBullHeader = ["HabitName", "HabitDescription", "HabitCategory", "CalendarDate", "Value", "CommentText"]
  /// HabitBull's "no data" (-2.15E+09, beyond a 32-bit integer).
  static let habitBullNoData = -2_150_000_000.0

  /// HabitBull's CSV: one row per habit and date, dates ISO or US `M/d/yyyy`.
  public static func habitBull(_ bytes: [UInt8]) throws(Backup.Problem) -> ForeignHistory {
    let records = try CSVReader.records(in: try text(bytes))
    guard let header = records.first, Array(header.fields.prefix(6)) == habitBullHeader else {
      throw Backup.Problem(location: tr("line 1"), reason: tr("expected the header \(habitBullHeader.joined(separator: ","))"))
    }
    var order: [String] = []
    // The last row of each habit and day: a duplicate row counts once.
    var days: [String: [Int: (value: Double, note: String?)]] = [:]
    var leftOut = 0
    for record in records.dropFirst() {
      let fields = record.fields
      let at = tr("line \(record.line)")
      guard fields.count >= 5 else { throw Backup.Problem(location: at, reason: tr("expected 6 fields, found \(fields.count)")) }
      guard let day = habitBullDay(fields[3]) else {
        throw Backup.Problem(
          location: at, reason: tr("a date is YYYY-MM-DD or M/D/YYYY, not \"\(TerminalText.escaped(fields[3]))\""))
      }
      guard let value = Double(fields[4].trimmingXMLWhitespace()) else {
        throw Backup.Problem(location: at, reason: tr("a value is a number, not \"\(TerminalText.escaped(fields[4]))\""))
      }
      if days[fields[0]] == nil {
        order.append(fields[0])
        days[fields[0]] = [:]
      }
      // No data (the sentinel) counts nothing; another negative value is not a count.
      guard value >= 0 else {
        if value != habitBullNoData { leftOut += 1 }
        continue
      }
      days[fields[0]]?[day] = (value, fields.count > 5 && !fields[5].isEmpty ? fields[5] : nil)
    }
    let habits = order.map { name in
      let entries = (days[name] ?? [:]).sorted { $0.key < $1.key }.map {
        ForeignHistory.Entry(.day($0.key), amount: $0.value.value, note: $0.value.note)
      }
      let counted = entries.contains { $0.amount > 1 }
      return ForeignHistory.Habit(
        name: name, entries: entries, goal: counted ? nil : Goal(amount: 1, period: .day),
        goalProblem: counted ? "HabitBull's file holds no target for an amount: no goal" : nil)
    }
    let notes = leftOut > 0 ? ["rows with a negative value, left out: \(leftOut)"] : []
    return ForeignHistory(
      format: .habitbull, habits: habits, leftOut: notes + ["HabitBull's descriptions and categories are not carried"])
  }

  /// `yyyy-MM-dd` or `M/d/yyyy`.
  static func habitBullDay(_ text: String) -> Int? {
    if let day = ForeignHistory.day(isoText: text) { return day }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].count == 4, let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2])
    else { return nil }
    return ForeignHistory.day(year: year, month: month, day: day)
  }

  // MARK: BetterCounter

  /// The first number BetterCounter takes as a tap's time (about 1973-03-03): tokens before
  /// it belong to the name.
  static let tapFloor: Int64 = 100_000_000_000

  /// BetterCounter's export: one line per counter, its name then one time (ms) per tap.
  public static func betterCounter(_ bytes: [UInt8]) throws(Backup.Problem) -> ForeignHistory {
    var habits: [ForeignHistory.Habit] = []
    for (index, line) in try text(bytes).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = line.hasSuffix("\r") ? line.dropLast() : line
      if line.isEmpty { continue }
      let tokens = line.split(separator: ",", omittingEmptySubsequences: false)
      let nameEnd = tokens.firstIndex { Int64($0).map { $0 >= tapFloor } ?? false } ?? tokens.endIndex
      var entries: [ForeignHistory.Entry] = []
      entries.reserveCapacity(tokens.count - nameEnd)
      for token in tokens[nameEnd...] {
        guard let milliseconds = Int64(token), milliseconds >= 0, milliseconds < 253_402_300_800_000 else {
          throw Backup.Problem(
            location: tr("line \(index + 1)"),
            reason: tr("a tap is a time in milliseconds, not \"\(TerminalText.escaped(String(token)))\""))
        }
        entries.append(ForeignHistory.Entry(.instant(HistoryEntry.date(milliseconds: milliseconds))))
      }
      habits.append(ForeignHistory.Habit(name: tokens[..<nameEnd].joined(separator: ","), entries: entries))
    }
    return ForeignHistory(
      format: .bettercounter, habits: habits,
      leftOut: ["BetterCounter's export holds no goals, intervals or colours; taps are counted on this machine's local days"])
  }
}
