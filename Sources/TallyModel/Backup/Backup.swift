import TallyLocalization

/// Every counter of a store with its history, by name rather than id so that it imports
/// into any store, as `tally export` writes it (docs/goals.md).
public struct Backup: Equatable, Sendable {
  public struct Item: Equatable, Sendable {
    public var name: String
    public var value: Int
    public var step: Int
    public var goal: Goal?
    public var group: String?
    /// Its link (to a counter of the backup, by name), bounds and alert.
    public var rules: CounterRules
    /// Its history, oldest first, with `counter` left empty (a store's id means nothing elsewhere).
    public var history: [HistoryEntry]

    public init(
      name: String, value: Int, step: Int = 1, goal: Goal? = nil, group: String? = nil, rules: CounterRules = CounterRules(),
      history: [HistoryEntry] = []
    ) {
      self.name = name
      self.value = value
      self.step = step
      self.goal = goal
      self.group = group
      self.rules = rules
      self.history = history
    }
  }

  public enum Format: String, Sendable, CaseIterable {
    /// Lossless, for programs and restoring.
    case json
    /// One row per counter and per change, for spreadsheets.
    case csv
  }

  /// Why a backup file cannot be imported: where (a CSV line, a JSON path) and what.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    /// "line 4" or "counters[1].history[0].time"; empty for the file as a whole.
    public var location: String
    public var reason: String

    public init(location: String, reason: String) {
      self.location = location
      self.reason = reason
    }

    public var description: String { location.isEmpty ? reason : "\(location): \(reason)" }
  }

  public var counters: [Item]

  /// The most counters a backup may hold: as many as a sync folder keeps, so that it can sync.
  public static let maximumCounters = 10_000

  public init(counters: [Item]) {
    self.counters = counters
  }

  /// The counters of `list` with their history from `reading`.
  public init(list: CounterList, history reading: HistoryReading) {
    var byCounter: [String: [HistoryEntry]] = [:]
    for var entry in reading.entries {
      let id = entry.counter
      entry.counter = ""
      // A backup keeps what each change did to the value, not what the user did (its label).
      entry.action = nil
      byCounter[id, default: []].append(entry)
    }
    counters = list.counters.map {
      var rules = $0.rules
      rules.link = rules.link.flatMap { link in list.counter(withID: link.to).map { CounterLink(to: $0.name, every: link.every) }
      }
      return Item(
        name: $0.name, value: $0.value, step: $0.step, goal: $0.goal, group: $0.group, rules: rules,
        history: byCounter[$0.id] ?? [])
    }
  }

  /// A group's alert as a backup keeps it (its text, on a member of the group).
  static func groupAlert(_ text: String?, in group: String?) -> GroupAlert? {
    guard let text, let group, let alert = CounterAlert(text: text) else { return nil }
    return GroupAlert(group: group, alert: alert)
  }

  /// The note of a change read from a backup, checked as one typed would be.
  static func checkedNote(_ note: String?, at location: String) throws(Problem) -> String? {
    do throws(CounterError) {
      return try note.map(ChangeNote.checked)
    } catch {
      throw Problem(location: location, reason: error.description)
    }
  }

  /// Refuses more than ``maximumCounters`` counters, before they are read.
  static func checkCount(_ count: Int) throws(Problem) {
    guard count <= maximumCounters else {
      throw Problem(
        location: "", reason: tr("a backup can hold at most \(maximumCounters) counters (the most a machine keeps), not \(count)")
      )
    }
  }

  /// Checks what the file holds beyond its syntax: counters' names (unique ignoring case)
  /// and groups, steps and goals from 1; `location` names where each counter came from.
  func validated(location: (Int) -> String) throws(Problem) -> Backup {
    try Self.checkCount(counters.count)
    var seen: Set<String> = []
    var checked = self
    for (index, item) in counters.enumerated() {
      do throws(CounterError) {
        checked.counters[index].name = try CountersModel.validatedName(item.name)
        checked.counters[index].group = try item.group.map(CountersModel.validatedGroup)
      } catch {
        throw Problem(location: location(index), reason: error.description)
      }
      guard seen.insert(checked.counters[index].name.lowercased()).inserted else {
        throw Problem(location: location(index), reason: tr("\(CounterError.duplicateName(item.name).description) in this file"))
      }
      guard item.step > 0 else {
        throw Problem(location: location(index), reason: CounterError.invalidStep(String(item.step)).description)
      }
      if let goal = item.goal, !goal.hasValidAmount {
        throw Problem(location: location(index), reason: CounterError.invalidGoal(goal.text).description)
      }
      if let crossing = item.rules.crossing { throw Problem(location: location(index), reason: crossing) }
      if let link = item.rules.link, link.every < 2 || !counters.contains(where: { $0.name == link.to }) {
        throw Problem(location: location(index), reason: tr("a link goes to a counter of the file, every 2 or more"))
      }
    }
    return checked
  }
}

/// The key a history entry is known by when histories are joined: the same change, made at
/// the same moment (to the millisecond), is one change.
struct HistoryEntryKey: Hashable {
  /// Milliseconds since 1970, as the history keeps them.
  var time: Int64
  var event: HistoryEntry.Event
  var old: Int?
  var new: Int?

  init(_ entry: HistoryEntry) {
    time = entry.milliseconds
    event = entry.event
    old = entry.old
    new = entry.new
  }
}

extension Backup {
  /// A backup in either format, told apart by its first character that is not white space.
  public static func decode(_ bytes: [UInt8]) throws(Problem) -> Backup {
    let first = bytes.first { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0) }
    if first == UInt8(ascii: "{") { return try BackupJSON.decode(bytes) }
    return try BackupCSV.decode(bytes)
  }
}
