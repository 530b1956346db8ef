import TallyLocalization
import TallyPlatform

/// A backup as CSV (RFC 4180: a header row, fields quoted when they hold a comma, a quote or
/// a line break, quotes doubled, CRLF line ends), for spreadsheets and Python's `csv` module.
///
/// One row per counter, then one per change in its history:
///
/// ```
/// kind,counter,value,step,goal,time,event,name,old,new,source,note,group,link,every,min,max,alert,groupAlert
/// counter,water,3,1,8/day,,,,,,,,Health,,,0,,every 10,
/// change,water,,,,2026-11-23T08:00:00Z,changed,water,2,3,app,after the run,,,,,,,
/// ```
///
/// Newer columns come last, so that an export from before them still reads.
public enum BackupCSV {
  static let header = [
    "kind", "counter", "value", "step", "goal", "time", "event", "name", "old", "new", "source", "note", "group", "link",
    "every", "min", "max", "alert", "groupAlert",
  ]
  /// The headers of the exports written before links, before groups, and before notes.
  static let olderHeaders = [Array(header.dropLast(6)), Array(header.dropLast(7)), Array(header.dropLast(8))]

  public static func encode(_ backup: Backup) -> [UInt8] {
    var rows = [header]
    for item in backup.counters {
      rows.append(
        [
          "counter", item.name, String(item.value), String(item.step), item.goal?.text ?? "", "", "", "", "", "", "", "",
          item.group ?? "", item.rules.link?.to ?? "", item.rules.link.map { String($0.every) } ?? "",
          item.rules.minimum.map(String.init) ?? "", item.rules.maximum.map(String.init) ?? "", item.rules.alert?.text ?? "",
          item.rules.groupAlert?.alert.text ?? "",
        ])
      for entry in item.history {
        rows.append([
          "change", item.name, "", "", "", UTCTime.text(for: entry.time), entry.event.rawValue, entry.name,
          entry.old.map(String.init) ?? "", entry.new.map(String.init) ?? "", entry.source.rawValue, entry.note ?? "", "", "", "",
          "", "", "", "",
        ])
      }
    }
    return Array(rows.map { $0.map(quoted).joined(separator: ",") + "\r\n" }.joined().utf8)
  }

  /// Reads and checks a whole backup; a problem names the line it is on.
  public static func decode(_ bytes: [UInt8]) throws(Backup.Problem) -> Backup {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw Backup.Problem(location: "", reason: tr("not UTF-8 text"))
    }
    let records = try CSVReader.records(in: text)
    guard let first = records.first, first.fields == header || olderHeaders.contains(first.fields) else {
      throw Backup.Problem(location: tr("line 1"), reason: tr("expected the header \(header.joined(separator: ","))"))
    }
    try Backup.checkCount(records.lazy.filter { $0.fields.first == "counter" }.count)
    let columns = first.fields.count
    var items: [Backup.Item] = []
    var lines: [Int] = []
    // The last counter row of each name, as a change row finds its counter.
    var itemsByName: [String: Int] = [:]
    for record in records.dropFirst() {
      let at = tr("line \(record.line)")
      let fields = record.fields
      guard fields.count == columns else {
        throw Backup.Problem(location: at, reason: tr("expected \(columns) fields, found \(fields.count)"))
      }
      switch fields[0] {
      case "counter":
        let value = try number(fields[2], "value", at)
        let step = try number(fields[3], "step", at)
        let goal: Goal?
        do throws(CounterError) {
          goal = fields[4].isEmpty ? nil : try Goal(text: fields[4])
        } catch {
          throw Backup.Problem(location: at, reason: error.description)
        }
        let group = fields.count > 12 && !fields[12].isEmpty ? fields[12] : nil
        itemsByName[fields[1]] = items.count
        items.append(
          Backup.Item(name: fields[1], value: value, step: step, goal: goal, group: group, rules: try rules(fields, at)))
        lines.append(record.line)
      case "change":
        guard let index = itemsByName[fields[1]] else {
          throw Backup.Problem(location: at, reason: tr("a change of \"\(fields[1])\" before a counter row with that name"))
        }
        items[index].history.append(try change(fields, at))
      default:
        throw Backup.Problem(location: at, reason: tr("kind must be counter or change, not \"\(fields[0])\""))
      }
    }
    return try Backup(counters: items).validated { tr("line \(lines[$0])") }
  }

  private static func change(_ fields: [String], _ at: String) throws(Backup.Problem) -> HistoryEntry {
    guard let time = UTCTime.date(from: fields[5]) else {
      throw Backup.Problem(
        location: at, reason: tr("time must be an ISO 8601 UTC time such as 2026-11-23T10:00:00Z, not \"\(fields[5])\""))
    }
    guard let event = HistoryEntry.Event(rawValue: fields[6]) else {
      throw Backup.Problem(location: at, reason: tr("event must be changed, created, renamed or deleted, not \"\(fields[6])\""))
    }
    guard let source = HistoryEntry.Source(rawValue: fields[10]) else {
      throw Backup.Problem(location: at, reason: tr("source must be app or command, not \"\(fields[10])\""))
    }
    let old = fields[8].isEmpty ? nil : try number(fields[8], "old", at)
    let new = fields[9].isEmpty ? nil : try number(fields[9], "new", at)
    // An empty field is no note (an export from before notes has no such field).
    let note = fields.count > 11 && !fields[11].isEmpty ? try Backup.checkedNote(fields[11], at: at) : nil
    return HistoryEntry(
      time: time, event: event, counter: "", name: fields[7], old: old, new: new, source: source, note: note)
  }

  /// The link, bounds and alert of a counter row; empty in an export from before them.
  private static func rules(_ fields: [String], _ at: String) throws(Backup.Problem) -> CounterRules {
    guard fields.count > 18 else { return CounterRules() }
    func optional(_ column: Int, _ name: String) throws(Backup.Problem) -> Int? {
      fields[column].isEmpty ? nil : try number(fields[column], name, at)
    }
    let every = try optional(14, "every")
    guard fields[13].isEmpty == (every == nil) else {
      throw Backup.Problem(location: at, reason: tr("a link needs both link and every"))
    }
    let alert = fields[17].isEmpty ? nil : CounterAlert(text: fields[17])
    guard fields[17].isEmpty || alert != nil else {
      throw Backup.Problem(location: at, reason: tr("an alert is N or \"every N\", not \"\(fields[17])\""))
    }
    let groupAlert = fields[18].isEmpty ? nil : Backup.groupAlert(fields[18], in: fields[12].isEmpty ? nil : fields[12])
    guard fields[18].isEmpty || groupAlert != nil else {
      throw Backup.Problem(location: at, reason: tr("a group's alert is N or \"every N\" on a counter in a group"))
    }
    return CounterRules(
      link: every.map { CounterLink(to: fields[13], every: $0) }, minimum: try optional(15, "min"),
      maximum: try optional(16, "max"), alert: alert, groupAlert: groupAlert)
  }

  private static func number(_ text: String, _ field: String, _ at: String) throws(Backup.Problem) -> Int {
    do throws(CounterError) {
      return try CounterInput.value(from: text)
    } catch {
      throw Backup.Problem(
        location: at, reason: tr("\(field) must be a whole number from \(Int.min) to \(Int.max), not \"\(text)\""))
    }
  }

  /// A field as RFC 4180 writes it: in quotes, with quotes doubled, when it holds a comma, a
  /// quote or a line break (or starts or ends with a space, which some readers trim).
  package static func quoted(_ field: String) -> String {
    let needsQuotes =
      field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
      || field.first == " " || field.last == " "
    guard needsQuotes else { return field }
    return "\"" + field.map { $0 == "\"" ? "\"\"" : String($0) }.joined() + "\""
  }
}

/// Splits RFC 4180 text into records, each with the line it starts on.
enum CSVReader {
  struct Record: Equatable {
    var line: Int
    var fields: [String]
  }

  /// The records of `text`: fields separated by commas, records by CRLF or LF, quoted fields
  /// with doubled quotes and line breaks inside; an empty last line is not a record.
  static func records(in text: String) throws(Backup.Problem) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field = ""
    var line = 1
    var recordLine = 1
    var quoted = false
    var afterQuote = false
    var started = false
    for character in text {
      if quoted {
        if character == "\"" {
          quoted = false
          afterQuote = true
        } else {
          if character == "\n" || character == "\r\n" { line += 1 }
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"":
        if afterQuote {
          field.append("\"")
          quoted = true
          afterQuote = false
        } else if field.isEmpty {
          quoted = true
        } else {
          throw Backup.Problem(location: tr("line \(line)"), reason: tr("a quote inside a field that does not start with one"))
        }
        started = true
      case ",":
        fields.append(field)
        field = ""
        afterQuote = false
        started = true
      case "\n", "\r\n":
        if started || !field.isEmpty { records.append(Record(line: recordLine, fields: fields + [field])) }
        fields = []
        field = ""
        afterQuote = false
        started = false
        line += 1
        recordLine = line
      default:
        if afterQuote {
          throw Backup.Problem(location: tr("line \(line)"), reason: tr("text after a closing quote"))
        }
        field.append(character)
        started = true
      }
    }
    if quoted { throw Backup.Problem(location: tr("line \(recordLine)"), reason: tr("a quoted field is never closed")) }
    if started || !field.isEmpty { records.append(Record(line: recordLine, fields: fields + [field])) }
    return records
  }
}
