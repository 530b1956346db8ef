import FoundationEssentials
import TallyLocalization
import TallyPlatform

extension ForeignText {
  // MARK: harsh

  /// harsh's `habits` (names, frequencies, headings) and `log` (`date : name : y/n/s`, with
  /// an optional comment and amount); a later line for the same day and habit wins.
  public static func harsh(habits: [UInt8], log: [UInt8]) throws(Backup.Problem) -> ForeignHistory {
    var list = try harshHabits(try text(habits))
    var indexByName: [String: Int] = [:]
    for (index, habit) in list.enumerated() where indexByName[habit.name] == nil { indexByName[habit.name] = index }
    var days: [[Int: ForeignHistory.Entry]] = Array(repeating: [:], count: list.count)
    var orphans = 0
    var unread = 0
    for line in try text(log).split(whereSeparator: \.isNewline) where !line.isEmpty && !line.hasPrefix("#") {
      let fields = line.split(separator: " : ", omittingEmptySubsequences: false)
      guard (3...5).contains(fields.count), let day = ForeignHistory.day(isoText: fields[0]),
        ["y", "n", "s"].contains(String(fields[2]).trimmingXMLWhitespace())
      else {
        unread += 1
        continue
      }
      guard let index = indexByName[String(fields[1])] else {
        orphans += 1
        continue
      }
      let amount = fields.count > 4 ? Double(String(fields[4]).trimmingXMLWhitespace()) ?? 0 : 0
      let comment = fields.count > 3 && !String(fields[3]).trimmingXMLWhitespace().isEmpty ? String(fields[3]) : nil
      // Only `y` counts; `n` (missed) and `s` (skipped) count nothing, and replace an earlier
      // `y` (their comment kept on a change of 0).
      let done = String(fields[2]).trimmingXMLWhitespace() == "y"
      days[index][day] =
        done || comment != nil
        ? ForeignHistory.Entry(.day(day), amount: done ? (amount > 0 ? amount : 1) : 0, note: comment) : nil
    }
    // In any order: the backup puts them in time order.
    for index in list.indices { list[index].entries = Array(days[index].values) }
    var notes: [String] = []
    if orphans > 0 { notes.append(tr("log lines of habits not in the habits file, left out: \(orphans)")) }
    if unread > 0 { notes.append(tr("log lines that are not DATE : HABIT : y/n/s, left out: \(unread)")) }
    return ForeignHistory(format: .harsh, habits: list, leftOut: notes)
  }

  /// The habits of harsh's `habits` file, their headings as groups.
  static func harshHabits(_ text: String) throws(Backup.Problem) -> [ForeignHistory.Habit] {
    var habits: [ForeignHistory.Habit] = []
    var heading: String?
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = line.trimmingPrefix(while: \.isWhitespace)
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("! ") {
        heading = String(line.dropFirst(2)).trimmingXMLWhitespace()
        continue
      }
      let parts = line.split(separator: ": ", omittingEmptySubsequences: false)
      guard parts.count >= 2 else { continue }
      guard let frequency = harshFrequency(String(parts[1]).trimmingXMLWhitespace()) else {
        throw Backup.Problem(
          location: tr("habits line \(number + 1)"),
          reason: tr("a frequency is N, Nw or T/I with T at most I, not \"\(TerminalText.escaped(String(parts[1])))\""))
      }
      var habit = ForeignHistory.Habit(name: String(parts[0]).trimmingXMLWhitespace(), group: heading)
      if frequency.target > 0 {
        (habit.goal, habit.goalProblem) = ForeignHistory.goal(amount: Double(frequency.target), inDays: frequency.interval)
      }
      if parts.count > 2 { habit.leftOut.append(tr("its end date, \(TerminalText.escaped(String(parts[2]))), is not carried")) }
      habits.append(habit)
    }
    return habits
  }

  /// `T/I` or `I` (either with a `w` suffix for weeks) as (target, interval in days).
  static func harshFrequency(_ text: String) -> (target: Int, interval: Int)? {
    func days(_ part: Substring) -> Int? {
      let weeks = part.hasSuffix("w")
      guard let number = Int(weeks ? part.dropLast() : part), number >= 0, number < 100_000 else { return nil }
      return weeks ? number * 7 : number
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 1, let interval = days(parts[0]) { return interval == 0 ? (0, 1) : (1, interval) }
    guard parts.count == 2, let target = days(parts[0]), let interval = days(parts[1]), interval > 0, target <= interval else {
      return nil
    }
    return (target, interval)
  }

  // MARK: dijo

  /// How deep dijo's JSON may nest: a list of habits, a habit, its stats, a fixed-point value.
  static let dijoDepth = 8

  /// dijo's `habit_record.json` and `habit_record[auto].json`, as one list.
  public static func dijo(_ files: [[UInt8]]) throws(Backup.Problem) -> ForeignHistory {
    var habits: [ForeignHistory.Habit] = []
    for bytes in files {
      if let depth = Self.depth(exceeding: dijoDepth, in: bytes) {
        throw Backup.Problem(location: "", reason: tr("JSON nested \(depth) deep; dijo's is at most \(dijoDepth)"))
      }
      let records: [DijoHabit]
      do {
        records = try JSONDecoder().decode([DijoHabit].self, from: Data(bytes))
      } catch {
        throw Backup.Problem(location: "", reason: tr("not a list of dijo habits (\(Self.reason(error)))"))
      }
      habits += records.map(\.habit)
    }
    return ForeignHistory(format: .dijo, habits: habits)
  }

  /// How deep `bytes` nest arrays and objects, outside strings, once past `limit`; `nil` within it.
  static func depth(exceeding limit: Int, in bytes: [UInt8]) -> Int? {
    var depth = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > limit { return depth }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return nil
  }

  static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "damaged JSON" }
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return (path.isEmpty ? "" : "at \(TerminalText.escaped(path)): ") + TerminalText.escaped(context.debugDescription)
    @unknown default: return "damaged JSON"
    }
  }

  /// One habit of dijo's file: `type` Bit, Count or Float, its name, goal and stats by date.
  private struct DijoHabit: Decodable {
    enum Value: Decodable {
      case bit(Bool)
      case count(Double)

      init(from decoder: any Decoder) throws {
        if let flag = try? decoder.singleValueContainer().decode(Bool.self) {
          self = .bit(flag)
        } else if let number = try? decoder.singleValueContainer().decode(UInt32.self) {
          self = .count(Double(number))
        } else {
          // A Float: a fixed-point number, value / 10^precision.
          let fixed = try decoder.container(keyedBy: CodingKeys.self)
          let precision = try fixed.decode(UInt8.self, forKey: .precision)
          guard precision <= 9 else {
            throw DecodingError.dataCorruptedError(forKey: .precision, in: fixed, debugDescription: "precision over 9")
          }
          self = .count(
            Double(try fixed.decode(UInt32.self, forKey: .value)) / (0..<precision).reduce(1.0) { value, _ in value * 10 })
        }
      }

      var amount: Double {
        switch self {
        case .bit(let done): done ? 1 : 0
        case .count(let amount): amount
        }
      }

      enum CodingKeys: String, CodingKey { case value, precision }
    }

    var type: String
    var name: String
    var stats: [String: Value]
    var goal: Value?
    var auto: Bool?

    var habit: ForeignHistory.Habit {
      var habit = ForeignHistory.Habit(name: name)
      var unread = 0
      for (date, value) in stats {
        guard let day = ForeignHistory.day(isoText: date) else {
          unread += 1
          continue
        }
        // A Bit's false is an explicit "not done": it counts nothing.
        if value.amount > 0 { habit.entries.append(ForeignHistory.Entry(.day(day), amount: value.amount)) }
      }
      if unread > 0 { habit.leftOut.append(tr("days that are not YYYY-MM-DD, left out: \(unread)")) }
      if let goal, goal.amount > 0 {
        (habit.goal, habit.goalProblem) = ForeignHistory.goal(amount: goal.amount, inDays: 1)
      } else if type != "Bit" {
        habit.goalProblem = tr("its goal is 0: no Tally goal")
      }
      return habit
    }
  }
}
