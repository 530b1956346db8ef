#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One line of the history log: a change to a counter, when, and where it came from.
public struct HistoryEntry: Codable, Equatable, Sendable {
  /// What happened.
  public enum Event: String, Codable, Sendable {
    case changed
    case created
    case renamed
    case deleted
  }

  /// Which side of Tally made the change.
  public enum Source: String, Codable, Sendable {
    /// The interactive app.
    case app
    /// A `tally` subcommand.
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

  public init(time: Date, event: Event, counter: String, name: String, old: Int? = nil, new: Int? = nil, source: Source) {
    self.time = time
    self.event = event
    self.counter = counter
    self.name = name
    self.old = old
    self.new = new
    self.source = source
  }

  /// How much the value went up (or down) in this entry; 0 for entries that are not changes.
  public var netChange: Int {
    guard event == .changed, let old, let new else { return 0 }
    let (difference, overflow) = new.subtractingReportingOverflow(old)
    return overflow ? (new > old ? Int.max : Int.min) : difference
  }

  /// The entry as one line of JSON, keys sorted.
  public var jsonLine: String {
    guard let data = try? Self.encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// Reads one line of JSON, or `nil` if it is damaged.
  public init?(jsonLine: some Collection<UInt8>) {
    guard let entry = try? Self.decoder.decode(HistoryEntry.self, from: Data(jsonLine)) else { return nil }
    self = entry
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(PropertyListDate.text(for: date))
    }
    return encoder
  }()

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = PropertyListDate.date(from: text) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 UTC time: \(text)")
      }
      return date
    }
    return decoder
  }()
}
