import FoundationEssentials
import TallyLocalization
import TallyPlatform

/// A backup as JSON, the lossless format (docs/goals.md), written and read by
/// FoundationEssentials' `JSONEncoder` and `JSONDecoder`.
public enum BackupJSON {
  static let formatName = "tally-backup"
  static let version = 1

  struct File: Codable {
    var format: String
    var version: Int
    var counters: [Counter]
  }

  struct Counter: Codable {
    var name: String
    var value: Int
    var step: Int
    var goal: Goal?
    /// Absent when the counter has none (and in every backup from before groups).
    var group: String?
    /// Absent when the counter has none (and in every backup from before them).
    var link: CounterLink?
    var min: Int?
    var max: Int?
    var alert: String?
    /// The alert on its group's total, which every member of the group keeps.
    var groupAlert: String?
    var history: [Change]
  }

  struct Change: Codable {
    var time: String
    var event: HistoryEntry.Event
    var name: String
    var old: Int?
    var new: Int?
    var source: HistoryEntry.Source
    /// Absent when the change has none (and in every backup from before notes).
    var note: String?
  }

  /// The backup as pretty-printed JSON, keys sorted, ending in a line feed.
  public static func encode(_ backup: Backup) -> [UInt8] {
    let file = File(
      format: formatName, version: version,
      counters: backup.counters.map { item in
        Counter(
          name: item.name, value: item.value, step: item.step, goal: item.goal, group: item.group, link: item.rules.link,
          min: item.rules.minimum, max: item.rules.maximum, alert: item.rules.alert?.text,
          groupAlert: item.rules.groupAlert?.alert.text,
          history: item.history.map {
            Change(
              time: UTCTime.text(for: $0.time), event: $0.event, name: $0.name, old: $0.old, new: $0.new, source: $0.source,
              note: $0.note)
          })
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Strings, integers and enums' raw values always encode.
    guard let data = try? encoder.encode(file) else { return [] }
    return Array(data) + [UInt8(ascii: "\n")]
  }

  /// Reads and checks a whole backup; a problem names the JSON path it is at.
  ///
  /// The histories are read change by change (``BackupJSONSplit``), so that memory does not
  /// grow with a map of the whole document.
  public static func decode(_ bytes: [UInt8]) throws(Backup.Problem) -> Backup {
    var split = BackupJSONSplit(bytes)
    // Too many counters are refused before they are decoded.
    if let split { try Backup.checkCount(split.histories.count) }
    var file = try decodeWhole(File.self, from: split?.skeleton ?? bytes, at: "")
    if let cut = split, cut.histories.count != file.counters.count {
      // Not what the scanner took it for: read whole.
      split = nil
      file = try decodeWhole(File.self, from: bytes, at: "")
    }
    guard file.format == formatName else {
      throw Backup.Problem(location: "format", reason: tr("expected \"\(formatName)\", not \"\(file.format)\""))
    }
    guard file.version == version else {
      throw Backup.Problem(location: "version", reason: tr("this Tally reads version \(version), not \(file.version)"))
    }
    var items: [Backup.Item] = []
    for (index, counter) in file.counters.enumerated() {
      var history: [HistoryEntry] = []
      func add(_ change: Change, at position: Int) throws(Backup.Problem) {
        guard let time = UTCTime.date(from: change.time) else {
          throw Backup.Problem(
            location: "counters[\(index)].history[\(position)].time",
            reason: tr("not an ISO 8601 UTC time such as 2026-11-23T10:00:00Z: \"\(change.time)\""))
        }
        let note = try Backup.checkedNote(change.note, at: "counters[\(index)].history[\(position)].note")
        history.append(
          HistoryEntry(
            time: time, event: change.event, counter: "", name: change.name, old: change.old, new: change.new,
            source: change.source, note: note))
      }
      if let ranges = split?.histories[index] {
        history.reserveCapacity(ranges.count)
        for (position, range) in ranges.enumerated() {
          try add(
            decodeWhole(Change.self, from: Array(bytes[range]), at: "counters[\(index)].history[\(position)]"), at: position)
        }
      } else {
        for (position, change) in counter.history.enumerated() { try add(change, at: position) }
      }
      items.append(
        Backup.Item(
          name: counter.name, value: counter.value, step: counter.step, goal: counter.goal, group: counter.group,
          rules: CounterRules(
            link: counter.link, minimum: counter.min, maximum: counter.max, alert: counter.alert.flatMap(CounterAlert.init),
            groupAlert: Backup.groupAlert(counter.groupAlert, in: counter.group)),
          history: history))
    }
    return try Backup(counters: items).validated { "counters[\($0)]" }
  }

  /// `JSONDecoder` on `bytes` as they are (not a copy); a problem's path starts at `prefix`.
  private static func decodeWhole<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], at prefix: String)
    throws(Backup.Problem) -> Value
  {
    do {
      return try bytes.withUnsafeBytes { buffer in
        guard let start = buffer.baseAddress else { return try JSONDecoder().decode(type, from: Data()) }
        let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: buffer.count, deallocator: .none)
        return try JSONDecoder().decode(type, from: data)
      }
    } catch let error as DecodingError {
      var found = problem(error)
      if !prefix.isEmpty {
        found.location = prefix + (found.location.isEmpty || found.location.hasPrefix("[") ? "" : ".") + found.location
      }
      throw found
    } catch {
      throw Backup.Problem(location: prefix, reason: tr("not a Tally backup in JSON: \(error)"))
    }
  }

  private static func problem(_ error: DecodingError) -> Backup.Problem {
    switch error {
    case .typeMismatch(let type, let context):
      Backup.Problem(location: path(context.codingPath), reason: tr("expected \(describe(type))"))
    case .valueNotFound(let type, let context):
      Backup.Problem(location: path(context.codingPath), reason: tr("expected \(describe(type)), found null"))
    case .keyNotFound(let key, let context):
      Backup.Problem(location: path(context.codingPath + [key]), reason: tr("missing"))
    case .dataCorrupted(let context):
      Backup.Problem(
        location: path(context.codingPath),
        reason: context.codingPath.isEmpty ? "not valid JSON: \(context.debugDescription)" : context.debugDescription)
    @unknown default:
      Backup.Problem(location: "", reason: "\(error)")
    }
  }

  /// `counters[1].history[0].time`.
  static func path(_ keys: [any CodingKey]) -> String {
    keys.reduce("") { text, key in
      key.intValue.map { text + "[\($0)]" } ?? text + (text.isEmpty ? "" : ".") + key.stringValue
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type, is Int?.Type: "a whole number"
    case is String.Type, is String?.Type: "a string"
    default: "\(type)"
    }
  }
}
