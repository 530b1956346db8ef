/// Every counter and setting as this machine knows them, merged from every machine that
/// syncs them.
///
/// The merge is the join of a state-based CRDT: counter by counter (``CounterReplica``) and
/// setting by setting (a last-writer-wins register), so it is commutative, associative and
/// idempotent, and two machines that have seen the same files have the same state whatever
/// the order.
public struct ReplicaState: Hashable, Sendable {
  /// The name of the field that orders the counters (a whole number, then the id).
  public static let positionField = "position"

  /// By counter id.
  public var counters: [String: CounterReplica]
  /// The settings that follow the user, by defaults key (`theme`, `keys-increment`): each
  /// a register like a counter's field, with no value once reset, so that an older value
  /// from another machine does not come back.
  public var settings: [String: CounterReplica.Field]

  public init(counters: [String: CounterReplica] = [:], settings: [String: CounterReplica.Field] = [:]) {
    self.counters = counters
    self.settings = settings
  }

  /// The join of the two states.
  public func merged(with other: ReplicaState) -> ReplicaState {
    var merged = self
    merged.merge(other)
    return merged
  }

  /// Merges `other` into this state, in place, counter by counter and setting by setting.
  public mutating func merge(_ other: ReplicaState) {
    for (id, counter) in other.counters {
      counters[id, default: CounterReplica()].merge(counter)
    }
    for (name, setting) in other.settings where settings[name].map({ setting.time > $0.time }) ?? true {
      settings[name] = setting
    }
  }

  /// The latest time written anywhere in the state, for the next reading of the clock.
  public var latestTime: HybridTime? {
    let counterTimes = counters.values.compactMap { counter in
      [counter.latestWrite, counter.deletion?.time].compactMap { $0 }.max()
    }
    return (counterTimes + settings.values.map(\.time)).max()
  }

  /// The counters that are not deleted, in order: by position, then by id.
  public var visibleCounters: [(id: String, counter: CounterReplica)] {
    counters.filter { !$0.value.isDeleted }
      .map { (id: $0.key, counter: $0.value) }
      .sorted { a, b in
        let (pa, pb) = (a.counter.position, b.counter.position)
        return pa != pb ? pa < pb : a.id < b.id
      }
  }
}

extension CounterReplica {
  /// Where it stands in the list; 0 when never written or not a whole number.
  public var position: Int64 {
    if case .integer(let value)? = fields[ReplicaState.positionField]?.value { return value }
    return 0
  }

  /// Its record, built from its fields, or `nil` when they do not make a valid one.
  public func record(id: String) -> CounterRecord? {
    var entries = fields.compactMapValues(\.value)
    entries[ReplicaState.positionField] = nil
    entries["id"] = .string(id)
    return CounterRecord(propertyListValue: .dictionary(entries))
  }
}
