import FoundationEssentials
import TallyDefaults

extension DefaultsKey {
  /// The changes saved with the values that the history may not hold yet (``PendingHistory``).
  public static let historyPending = DefaultsKey("historyPending")
}

/// A change that the history may not hold yet: its row, and the id that makes appending it
/// twice add it once.
public struct PendingRow: Equatable, Sendable {
  public var id: Int64
  public var entry: HistoryEntry

  public init(id: Int64, entry: HistoryEntry) {
    self.id = id
    self.entry = entry
  }

  /// A new id: random, so that two processes counting at once never make the same one.
  public static func newID() -> Int64 { Int64.random(in: 1...Int64.max) }
}

/// The one commit point of a change: its history rows are saved in the store with the value
/// they explain, and appended to the history afterwards, which counts them until it holds them
/// (docs/history.md); rows it holds leave the store at its next write.
public final class PendingHistory {
  /// The most rows that may wait: past it, a change is refused until the history can be
  /// written again.
  public static let limit = 100_000

  public let store: any PropertyListStore
  /// The ids of rows this process knows the history holds.
  private var held: Set<Int64> = []
  /// The rows last decoded, with the stored value they came from.
  private var cached: (raw: PropertyListValue, rows: [PendingRow])?

  /// The most rows that may wait here: ``limit`` but in tests.
  public let capacity: Int

  public init(store: any PropertyListStore, capacity: Int = limit) {
    self.store = store
    self.capacity = capacity
  }

  /// The rows in the store, as it was last read; an entry that cannot be read is skipped.
  public var rows: [PendingRow] {
    guard let raw = store.x.propertyList(forKey: .historyPending), case .array(let items) = raw else {
      return []
    }
    if let cached, cached.raw == raw { return cached.rows }
    let rows = items.prefix(capacity).compactMap(Self.row(from:))
    cached = (raw, rows)
    return rows
  }

  /// The rows of the store that this process does not know the history to hold: what the
  /// history's answers add to its own.
  public var unheld: [PendingRow] {
    let rows = rows
    return held.isEmpty ? rows : rows.filter { !held.contains($0.id) }
  }

  /// Whether ``capacity`` rows wait already: a change is refused then.
  public var isFull: Bool { unheld.count >= capacity }

  /// Notes that the history holds the rows `ids`: they leave the store at its next write.
  public func holds(_ ids: Set<Int64>) {
    held.formUnion(ids)
  }

  /// Puts `rows` into the store (a row whose id is there already is replaced), and drops
  /// the rows the history holds; to be called inside the store batch that saves the change
  /// they explain, so that both are one write.
  public func save(_ rows: [PendingRow]) {
    var kept = unheld
    for row in rows {
      if let index = kept.firstIndex(where: { $0.id == row.id }) { kept[index] = row } else { kept.append(row) }
    }
    let value: PropertyListValue? = kept.isEmpty ? nil : .array(kept.map(Self.value(of:)))
    guard value != store.x.propertyList(forKey: .historyPending) else { return }
    store.x.setPropertyList(value, forKey: .historyPending)
  }

  // MARK: The rows as the store keeps them

  static func value(of row: PendingRow) -> PropertyListValue {
    let entry = row.entry
    var fields: [String: PropertyListValue] = [
      "id": .integer(row.id), "time": .integer(entry.milliseconds), "event": .string(entry.event.rawValue),
      "counter": .string(entry.counter), "name": .string(entry.name), "source": .string(entry.source.rawValue),
    ]
    if let old = entry.old { fields["old"] = .integer(Int64(old)) }
    if let new = entry.new { fields["new"] = .integer(Int64(new)) }
    if let note = entry.note { fields["note"] = .string(note) }
    if let action = entry.action { fields["action"] = .string(action.rawValue) }
    return .dictionary(fields)
  }

  /// The row `value` holds, or `nil` when it is not one as ``value(of:)`` writes them: the
  /// store may come from another program.
  static func row(from value: PropertyListValue) -> PendingRow? {
    guard case .dictionary(let fields) = value, case .integer(let id)? = fields["id"],
      case .integer(let time)? = fields["time"],
      case .string(let eventName)? = fields["event"], let event = HistoryEntry.Event(rawValue: eventName),
      case .string(let counter)? = fields["counter"], CounterRecord.isCounterID(counter),
      case .string(let name)? = fields["name"],
      case .string(let sourceName)? = fields["source"], let source = HistoryEntry.Source(rawValue: sourceName)
    else { return nil }
    func number(_ key: String) -> Int? {
      if case .integer(let value)? = fields[key] { return Int(value) }
      return nil
    }
    var note: String?
    if case .string(let text)? = fields["note"] {
      guard ChangeNote.isValid(text) else { return nil }
      note = text
    }
    var action: HistoryEntry.Action?
    if case .string(let name)? = fields["action"] { action = HistoryEntry.Action(rawValue: name) }
    let entry = HistoryEntry(
      time: HistoryEntry.date(milliseconds: time), event: event, counter: counter, name: name, old: number("old"),
      new: number("new"), source: source, note: note, action: action)
    return PendingRow(id: id, entry: entry)
  }
}
