import TallyDefaults
import TallyModel

/// A change this machine made, noted in a store batch and recorded in the sync state at its
/// end (``CounterSync/commit(records:)``).
enum LocalChange {
  /// Adds to this machine's contribution.
  case add(String, Int)
  /// Sets the value.
  case set(String, Int)
  case delete(String)
  /// Writes the fields of the counter's record that changed.
  case fields(String)
  /// Writes every field of the counter's record, and sets the value if it differs.
  case created(String, value: Int)

  /// The value moved from `from` to `to` by adding: the difference, or a set when it
  /// does not fit an `Int`.
  static func shift(_ id: String, from: Int, to: Int) -> LocalChange {
    let (delta, overflow) = to.subtractingReportingOverflow(from)
    return overflow ? .set(id, to) : .add(id, delta)
  }
}

extension LocalChange {
  /// Records `changes` in `state`, as `instance`: `records` is the counters' list after them,
  /// and `tick` the clock of the writes (later than every time in the state).
  static func apply(
    _ changes: [LocalChange], records: [CounterRecord], to state: inout ReplicaState, instance: String,
    tick: () -> HybridTime
  ) {
    for change in changes {
      switch change {
      case .add(let id, let delta):
        state.counters[id, default: CounterReplica()].add(delta, by: instance)
      case .set(let id, let value):
        state.counters[id, default: CounterReplica()].set(value, at: tick())
      case .delete(let id):
        state.counters[id]?.delete(at: tick())
      case .fields(let id):
        writeFields(of: id, in: records, into: &state, force: false, tick: tick)
      case .created(let id, let value):
        writeFields(of: id, in: records, into: &state, force: true, tick: tick)
        if state.counters[id]?.value != value { state.counters[id]?.set(value, at: tick()) }
      }
    }
  }

  /// Writes the fields of the record `id` in `records` that differ from the state's (all of
  /// them when `force`, as for a counter made or restored), and its position when it has
  /// none or is made anew.
  private static func writeFields(
    of id: String, in records: [CounterRecord], into state: inout ReplicaState, force: Bool, tick: () -> HybridTime
  ) {
    guard let index = records.firstIndex(where: { $0.id == id }),
      case .dictionary(var entries) = records[index].propertyListValue
    else { return }
    entries["id"] = nil
    var counter = state.counters[id] ?? CounterReplica()
    for (field, value) in entries.sorted(by: { $0.key < $1.key }) where force || counter.fields[field]?.value != value {
      counter.write(value, to: field, at: tick())
    }
    // A field the record no longer has (a goal cleared) is removed, so that it stays removed.
    let removed = counter.fields.filter {
      $0.key != ReplicaState.positionField && $0.value.value != nil && entries[$0.key] == nil
    }
    for field in removed.keys.sorted() { counter.write(nil, to: field, at: tick()) }
    if force || counter.fields[ReplicaState.positionField] == nil {
      counter.write(.integer(position(at: index, in: records, state: state)), to: ReplicaState.positionField, at: tick())
    }
    state.counters[id] = counter
  }

  /// A position between the neighbours of `records[index]` that have one: a whole number
  /// (the store's fast reader reads no reals), 2^32 past the last one at the end, halfway
  /// between two.
  private static func position(at index: Int, in records: [CounterRecord], state: ReplicaState) -> Int64 {
    func known(_ record: CounterRecord) -> Int64? {
      guard let counter = state.counters[record.id], counter.fields[ReplicaState.positionField] != nil else { return nil }
      return counter.position
    }
    let gap: Int64 = 1 << 32
    let before = records[..<index].reversed().lazy.compactMap(known).first
    let after = records[(index + 1)...].lazy.compactMap(known).first
    switch (before, after) {
    // Positions come from files: halfway is computed wide, so no pair of them can overflow.
    case (let before?, let after?): return Int64(truncatingIfNeeded: (Int128(before) + Int128(after)) / 2)
    case (let before?, nil): return before.addingReportingOverflow(gap).overflow ? before : before + gap
    case (nil, let after?): return after.subtractingReportingOverflow(gap).overflow ? after : after - gap
    case (nil, nil): return 0
    }
  }
}
