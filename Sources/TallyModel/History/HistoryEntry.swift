import FoundationEssentials
import TallyPlatform

/// One line of the history log: a change to a counter, when, and where it came from.
public struct HistoryEntry: Codable, Equatable, Sendable {
  public enum Event: String, Codable, Sendable {
    case changed
    case created
    case renamed
    case deleted
  }

  /// What the user did to the value, which a change is labelled by: `+3` or `-1` for an add
  /// or a subtraction (a replay, an undo or a redo, too), `set 12`, `reset`.
  public enum Action: String, Codable, Sendable {
    case add
    case subtract
    case set
    case reset
    /// An undo or a redo: the value moved by a change's difference.
    case replay

    /// One a later Tally wrote and this one does not know reads as a replay, labelled by its
    /// difference: the line is not lost as damaged.
    public init(from decoder: any Decoder) throws {
      self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .replay
    }
  }

  /// Which side of Tally made the change.
  public enum Source: String, Codable, Sendable {
    case app
    case command
  }

  public var time: Date
  public var event: Event
  /// The counter's id, stable across renames.
  public var counter: String
  /// The counter's name at the time (the new name, for a rename).
  public var name: String
  public var old: Int?
  public var new: Int?
  public var source: Source
  /// The sync machine whose history it comes from; `nil` for this machine's own entries.
  public var machine: String?
  /// The user's note on the change (`--note TEXT`, or `N` on the counter screen).
  public var note: String?
  /// What made the change; `nil` for one from before Tally kept it (then it is labelled by
  /// its difference alone).
  public var action: Action?

  public init(
    time: Date, event: Event, counter: String, name: String, old: Int? = nil, new: Int? = nil, source: Source,
    note: String? = nil, action: Action? = nil
  ) {
    self.time = time
    self.event = event
    self.counter = counter
    self.name = name
    self.old = old
    self.new = new
    self.source = source
    self.note = note
    self.action = action
  }

  /// Where the change was made: `app` or `command`, and `@machine` for another sync machine's.
  public var sourceDescription: String {
    machine.map { source.rawValue + "@" + $0 } ?? source.rawValue
  }

  /// How much the value went up (or down); 0 for entries that are not changes.
  public var netChange: Int {
    guard event == .changed, let old, let new else { return 0 }
    return Self.change(from: old, to: new)
  }

  /// How much the value went up (or down), exactly; 0 for entries that are not changes.
  public var exactChange: Int128 {
    guard event == .changed, let old, let new else { return 0 }
    return Int128(new) - Int128(old)
  }

  /// `total` and the changes of `entries`, added exactly and then held at `Int`'s ends: a
  /// saturated step (a set from `Int.max` to `-Int.max`) would throw the rest off.
  public static func total(_ entries: some Sequence<HistoryEntry>, from total: Int128 = 0) -> Int {
    Int(clamping: entries.reduce(total) { $0 + $1.exactChange })
  }

  /// `new - old`, saturating at `Int`'s bounds instead of overflowing.
  public static func change(from old: Int, to new: Int) -> Int {
    let (difference, overflow) = new.subtractingReportingOverflow(old)
    return overflow ? (new > old ? Int.max : Int.min) : difference
  }

  /// The entry as one line of JSON, keys sorted (written by hand: it is on every burst's path).
  public var jsonLine: String {
    var line = "{" + (action.map { "\"action\":\"" + $0.rawValue + "\"," } ?? "")
    line += "\"counter\":" + Self.quoted(counter) + ",\"event\":\"" + event.rawValue + "\""
    if let machine { line += ",\"machine\":" + Self.quoted(machine) }
    line += ",\"name\":" + Self.quoted(name)
    if let new { line += ",\"new\":\(new)" }
    if let note { line += ",\"note\":" + Self.quoted(note) }
    if let old { line += ",\"old\":\(old)" }
    line += ",\"source\":\"" + source.rawValue + "\",\"time\":\"" + UTCTime.text(for: time) + "\"}"
    return line
  }

  /// `text` as a JSON string.
  package static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        // C0 (as JSON requires), DEL and C1 escaped, so that a terminal does not take them as codes.
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
          result += "\\u" + String(scalar.value, width: 4, radix: 16)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// Reads one line of JSON, or `nil` if it is damaged (a note breaking ``ChangeNote``'s rules too).
  public init?(jsonLine: some Collection<UInt8>) {
    guard let entry = try? Self.decoder.decode(HistoryEntry.self, from: Data(jsonLine)) else { return nil }
    self = entry
    if let note, !ChangeNote.isValid(note) { return nil }
  }

  /// The moment as whole milliseconds since 1970-01-01 UTC, as the log writes it.
  public var milliseconds: Int64 { Self.milliseconds(of: time) }

  public static func milliseconds(of date: Date) -> Int64 {
    let value = (date.timeIntervalSince1970 * 1000).rounded()
    return value.magnitude < 9e15 ? Int64(value) : (value < 0 ? -9_000_000_000_000_000 : 9_000_000_000_000_000)
  }

  public static func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = UTCTime.date(from: text) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 UTC time: \(text)")
      }
      return date
    }
    return decoder
  }()
}
