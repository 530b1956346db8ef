import TallyDefaults
import TallyModel

/// The state as a property list (docs/sync.md), and back, refusing anything malformed; the
/// settings have a key of their own, so that a Tally without them reads the counters.
extension ReplicaState {
  public static let maximumCounters = Backup.maximumCounters
  public static let maximumSettings = 1_000

  public var propertyListValue: PropertyListValue {
    .dictionary(counters.mapValues(\.propertyListValue))
  }

  public var settingsPropertyListValue: PropertyListValue {
    .dictionary(settings.mapValues(\.propertyListValue))
  }

  static func settings(propertyListValue value: PropertyListValue) throws(SyncFileProblem) -> [String: CounterReplica.Field] {
    guard case .dictionary(let entries) = value else { throw .malformed("the settings are not a dictionary") }
    guard entries.count <= Self.maximumSettings else { throw .malformed("more than \(Self.maximumSettings) settings") }
    var settings: [String: CounterReplica.Field] = [:]
    for (name, entry) in entries {
      guard DefaultsKey.problem(with: name) == nil else { throw .malformed("the setting \"\(name.prefix(40))\" is not valid") }
      settings[name] = try CounterReplica.Field(propertyListValue: entry, name: name)
    }
    return settings
  }

  public init(propertyListValue value: PropertyListValue) throws(SyncFileProblem) {
    guard case .dictionary(let entries) = value else { throw .malformed("the counters are not a dictionary") }
    guard entries.count <= Self.maximumCounters else { throw .malformed("more than \(Self.maximumCounters) counters") }
    var counters: [String: CounterReplica] = [:]
    for (id, entry) in entries {
      // Never a key of this machine's store such as `syncFolder`.
      guard CounterRecord.isCounterID(id) else { throw .malformed("the counter id \"\(id.prefix(40))\" is not valid") }
      let counter = try CounterReplica(propertyListValue: entry)
      if let name = counter.fields["name"]?.value {
        guard case .string(let text) = name, Self.isPlainName(text) || CountersModel.keptName(text) == text else {
          throw .malformed("the name of the counter \(id) is not valid")
        }
      }
      counters[id] = counter
    }
    self.init(counters: counters)
  }

  /// Printable ASCII without surrounding spaces, 1 to 32 characters: the common case, fast.
  static func isPlainName(_ name: String) -> Bool {
    let bytes = name.utf8
    return (1...CountersModel.maximumNameLength).contains(bytes.count) && bytes.first != 0x20 && bytes.last != 0x20
      && bytes.allSatisfy { (0x20..<0x7F).contains($0) }
  }
}

extension CounterReplica {
  var propertyListValue: PropertyListValue {
    var entries: [String: PropertyListValue] = [
      "contributions": Self.encode(contributions),
      "fields": .dictionary(fields.mapValues(\.propertyListValue)),
    ]
    if let lastSet {
      entries["set"] = .dictionary([
        "value": .integer(Int64(lastSet.value)), "seen": Self.encode(lastSet.seen), "time": lastSet.time.propertyListValue,
      ])
    }
    if let deletion {
      var deleted = ["seen": Self.encode(deletion.seen), "time": deletion.time.propertyListValue]
      deleted["writes"] = deletion.writes.map { .dictionary($0.mapValues(\.propertyListValue)) }
      if !deletion.acknowledged.isEmpty {
        deleted["acknowledged"] = .array(deletion.acknowledged.sorted().map(PropertyListValue.string))
      }
      entries["deleted"] = .dictionary(deleted)
    }
    if let created { entries["created"] = created.propertyListValue }
    if let renamedAway { entries["renamedAway"] = renamedAway.propertyListValue }
    return .dictionary(entries)
  }

  init(propertyListValue value: PropertyListValue) throws(SyncFileProblem) {
    guard case .dictionary(let entries) = value else { throw .malformed("a counter is not a dictionary") }
    self.init(contributions: try Self.decodeContributions(entries["contributions"] ?? .dictionary([:])))
    if let set = entries["set"] {
      guard case .dictionary(let set) = set, case .integer(let number)? = set["value"], let value = Int(exactly: number)
      else { throw .malformed("a set value is not a whole number") }
      lastSet = ValueSet(
        value: value, seen: try Self.decodeContributions(set["seen"] ?? .dictionary([:])),
        time: try HybridTime(propertyListValue: set["time"]))
    }
    if let deleted = entries["deleted"] {
      guard case .dictionary(let deleted) = deleted else { throw .malformed("a deletion is not a dictionary") }
      var writes: [String: HybridTime]?
      if let written = deleted["writes"] {
        guard case .dictionary(let entries) = written else { throw .malformed("a deletion's writes are not a dictionary") }
        writes = [:]
        for (machine, time) in entries { writes?[machine] = try HybridTime(propertyListValue: time) }
      }
      var acknowledged: Set<String> = []
      if let list = deleted["acknowledged"] {
        guard case .array(let instances) = list, instances.count <= SyncFile.maximumReplaced * 10 else {
          throw .malformed("a deletion's acknowledgements are not a list of at most \(SyncFile.maximumReplaced * 10)")
        }
        for case .string(let instance) in instances { acknowledged.insert(instance) }
      }
      deletion = Deletion(
        seen: try Self.decodeContributions(deleted["seen"] ?? .dictionary([:])),
        time: try HybridTime(propertyListValue: deleted["time"]), writes: writes, acknowledged: acknowledged)
    }
    guard case .dictionary(let fieldEntries)? = entries["fields"] ?? .dictionary([:]) else {
      throw .malformed("a counter's fields are not a dictionary")
    }
    for (name, field) in fieldEntries {
      fields[name] = try Field(propertyListValue: field, name: name)
    }
    if let time = entries["created"] { created = try HybridTime(propertyListValue: time) }
    if let time = entries["renamedAway"] { renamedAway = try HybridTime(propertyListValue: time) }
  }

  private static func encode(_ contributions: [String: Contribution]) -> PropertyListValue {
    .dictionary(contributions.mapValues(\.propertyListValue))
  }

  private static func decodeContributions(_ value: PropertyListValue) throws(SyncFileProblem) -> [String: Contribution] {
    guard case .dictionary(let entries) = value else { throw .malformed("contributions are not a dictionary") }
    var contributions: [String: Contribution] = [:]
    for (machine, entry) in entries {
      guard let contribution = Contribution(propertyListValue: entry) else {
        throw .malformed("a contribution is not two sums that are not negative")
      }
      contributions[machine] = contribution
    }
    return contributions
  }
}

extension Contribution {
  var propertyListValue: PropertyListValue { .array([.integer(Int64(added)), .integer(Int64(subtracted))]) }

  init?(propertyListValue value: PropertyListValue) {
    guard case .array(let sums) = value, sums.count == 2, case .integer(let added) = sums[0],
      case .integer(let subtracted) = sums[1], let added = Int(exactly: added), let subtracted = Int(exactly: subtracted),
      added >= 0, subtracted >= 0
    else { return nil }
    self.init(added: added, subtracted: subtracted)
  }
}

extension CounterReplica.Field {
  /// A removed field (or a reset setting) has a time and no value.
  var propertyListValue: PropertyListValue {
    var entries = ["time": time.propertyListValue]
    entries["value"] = value
    return .dictionary(entries)
  }

  init(propertyListValue value: PropertyListValue, name: String) throws(SyncFileProblem) {
    guard case .dictionary(let entries) = value else { throw .malformed("the field \(name.prefix(40)) is not a dictionary") }
    self.init(value: entries["value"], time: try HybridTime(propertyListValue: entries["time"]))
  }
}

extension HybridTime {
  var propertyListValue: PropertyListValue {
    .array([.integer(milliseconds), .integer(counter), .string(machine)])
  }

  init(propertyListValue value: PropertyListValue?) throws(SyncFileProblem) {
    guard case .array(let parts)? = value, parts.count == 3, case .integer(let milliseconds) = parts[0],
      case .integer(let counter) = parts[1], case .string(let machine) = parts[2]
    else { throw .malformed("a time is not [milliseconds, counter, machine]") }
    self.init(milliseconds: milliseconds, counter: counter, machine: machine)
  }
}

extension CounterRecord {
  var replicaFields: [String: PropertyListValue] {
    guard case .dictionary(var entries) = propertyListValue else { return [:] }
    entries["id"] = nil
    return entries
  }
}
