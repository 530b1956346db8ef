import TallyDefaults
import TallyModel

/// A change this machine made, noted in a store batch and recorded in the sync state at its end.
enum LocalChange {
  /// `delta` added, the value becoming `to`.
  case add(String, Int, to: Int)
  case set(String, Int)
  case delete(String)
  case fields(String)
  /// A counter made, or (`joining`) one this machine had before it joined the folder.
  case created(String, value: Int, joining: Bool = false)

  /// The value moved from `from` to `to`: the difference, or a set when it does not fit an `Int`.
  static func shift(_ id: String, from: Int, to: Int) -> LocalChange {
    let (delta, overflow) = to.subtractingReportingOverflow(from)
    return overflow ? .set(id, to) : .add(id, delta, to: to)
  }
}

extension LocalChange {
  /// Records `changes` in `state`: a write to each counter the store's counter is made of, a
  /// count to this machine's own (or the first not deleted).
  static func apply(
    _ changes: [LocalChange], records: [CounterRecord], to state: inout ReplicaState, instance: String,
    tick: () -> HybridTime
  ) {
    let lookup = Lookup(records: records, state: state)
    for change in changes {
      let known = lookup.group(withID: change.id, in: state)?.members ?? []
      let members = known.isEmpty ? [ReplicaState.memberID(forNew: change.id, instance: instance)] : known
      switch change {
      case .add(_, let delta, let value):
        let target = counted(among: members, in: state, instance: instance) ?? members[0]
        // Sums this machine's share cannot hold (it only grows, up to `Int.max`) are a set.
        guard state.counters[target]?.contributions[instance, default: Contribution()].canRecord(delta) ?? true else {
          set(value, on: members, in: &state, instance: instance, tick: tick)
          break
        }
        state.counters[target, default: CounterReplica()].add(delta, by: instance)
      case .set(_, let value):
        set(value, on: members, in: &state, instance: instance, tick: tick)
      case .delete:
        for member in known { state.counters[member]?.delete(at: tick()) }
      case .fields(let id):
        for member in members {
          writeFields(of: id, to: member, in: records, into: &state, force: false, lookup: lookup, tick: tick)
        }
      case .created(let id, let value, let joining):
        if known.isEmpty, state.counters[members[0]]?.created == nil {
          state.counters[members[0], default: CounterReplica()].created = tick()
        }
        lookup.noteChanged(id, members: members, in: state)
        // What a joining machine never chose (its counters' default step, their places in its
        // list) is as old as anything: another machine's choice wins, whenever its file comes.
        let unchosen = joining ? HybridTime(milliseconds: 0, machine: instance) : nil
        for member in members {
          writeFields(of: id, to: member, in: records, into: &state, force: true, lookup: lookup, tick: tick, unchosen: unchosen)
        }
        let group = lookup.group(withID: id, in: state).flatMap(state.visibleCounter)
        if group?.value != value { set(value, on: members, in: &state, instance: instance, tick: tick) }
      }
      lookup.noteChanged(change.id, members: members, in: state)
    }
  }

  /// Indexes kept up to date, so that a change costs the same however many counters there are.
  private final class Lookup {
    private var byNameID: [String: [String]]
    private let records: [CounterRecord]
    let recordIndex: [String: Int]
    private let recordsByNameID: [String: [Int]]
    /// No record after this one has a position (-1: none has).
    private(set) var lastPlaced = -1

    init(records: [CounterRecord], state: ReplicaState) {
      self.records = records
      byNameID = state.counterIDsByNameID
      recordIndex = Dictionary(records.enumerated().map { ($1.id, $0) }) { first, _ in first }
      recordsByNameID = Dictionary(grouping: records.indices) { ReplicaState.nameID(of: records[$0].id) }
      lastPlaced = records.indices.last { position(of: records[$0], in: state) != nil } ?? -1
    }

    func group(withID id: String, in state: ReplicaState) -> CounterGroup? {
      state.group(withID: id, byNameID: byNameID)
    }

    func position(of record: CounterRecord, in state: ReplicaState) -> Int64? {
      guard let counter = group(withID: record.id, in: state).flatMap(state.visibleCounter)?.counter,
        counter.fields[ReplicaState.positionField] != nil
      else { return nil }
      return counter.position
    }

    func noteChanged(_ id: String, members: [String], in state: ReplicaState) {
      var nameIDs: Set<String> = [ReplicaState.nameID(of: id)]
      for member in members where state.counters[member] != nil {
        let nameID = ReplicaState.nameID(of: member)
        nameIDs.insert(nameID)
        if byNameID[nameID]?.contains(member) != true { byNameID[nameID, default: []].append(member) }
      }
      for nameID in nameIDs {
        for index in recordsByNameID[nameID] ?? [] where index > lastPlaced && position(of: records[index], in: state) != nil {
          lastPlaced = index
        }
      }
    }
  }

  var id: String {
    switch self {
    case .add(let id, _, _), .set(let id, _), .delete(let id), .fields(let id), .created(let id, _, _): id
    }
  }

  private static func counted(among members: [String], in state: ReplicaState, instance: String) -> String? {
    let visible = members.filter { state.counters[$0]?.isDeleted != true }
    return visible.first { ReplicaState.id($0, isMadeBy: instance) }
      ?? visible.first ?? members.first
  }

  /// The member counted to `value`, every other to 0, each having seen every contribution.
  private static func set(
    _ value: Int, on members: [String], in state: inout ReplicaState, instance: String, tick: () -> HybridTime
  ) {
    let first = counted(among: members, in: state, instance: instance)
    for member in members {
      state.counters[member, default: CounterReplica()].set(member == first ? value : 0, at: tick())
    }
  }

  /// Writes the fields of the record `id` that differ from `member`'s (all when `force`).
  ///
  /// Also its position when it has none. Each at `tick`'s time; with `unchosen`, the default
  /// step and the position at that time instead.
  private static func writeFields(
    of id: String, to member: String, in records: [CounterRecord], into state: inout ReplicaState, force: Bool,
    lookup: Lookup, tick: () -> HybridTime, unchosen: HybridTime? = nil
  ) {
    guard let index = lookup.recordIndex[id] else { return }
    let entries = records[index].replicaFields
    var counter = state.counters[member] ?? CounterReplica()
    let nameID = ReplicaState.nameID(of: member)
    for (field, value) in entries.sorted(by: { $0.key < $1.key }) where force || counter.fields[field]?.value != value {
      let time = field == "step" && value == .integer(1) ? unchosen ?? tick() : tick()
      counter.write(value, to: field, at: time)
      // A counter made with the old name later, on a machine that has not seen this, is
      // another counter (``CounterGroup``).
      if field == "name", case .string(let name) = value, nameID.utf8.count == 18,
        CounterSync.derivedID(forName: name) != nameID
      {
        counter.noteRenamedAway(at: time)
      }
    }
    // A field the record no longer has (a goal cleared) is removed, so that it stays removed.
    let removed = counter.fields.filter {
      $0.key != ReplicaState.positionField && $0.value.value != nil && entries[$0.key] == nil
    }
    for field in removed.keys.sorted() { counter.write(nil, to: field, at: tick()) }
    if force || counter.fields[ReplicaState.positionField] == nil {
      counter.write(
        .integer(position(at: index, in: records, state: state, lookup: lookup)), to: ReplicaState.positionField,
        at: unchosen ?? tick())
    }
    state.counters[member] = counter
    lookup.noteChanged(id, members: [member], in: state)
  }

  /// A whole number (the store's fast reader reads no reals) between the neighbours that
  /// have one: 2^32 past the last one at the end, halfway between two.
  private static func position(at index: Int, in records: [CounterRecord], state: ReplicaState, lookup: Lookup)
    -> Int64
  {
    func known(_ record: CounterRecord) -> Int64? { lookup.position(of: record, in: state) }
    let gap: Int64 = 1 << 32
    let before = records[..<index].reversed().lazy.compactMap(known).first
    // An import's new counters at the end of the list look at none of the others.
    let after = index < lookup.lastPlaced ? records[(index + 1)...lookup.lastPlaced].lazy.compactMap(known).first : nil
    switch (before, after) {
    // Positions come from files: halfway is computed wide, so no pair of them can overflow.
    case (let before?, let after?): return Int64(truncatingIfNeeded: (Int128(before) + Int128(after)) / 2)
    case (let before?, nil): return before.addingReportingOverflow(gap).overflow ? before : before + gap
    case (nil, let after?): return after.subtractingReportingOverflow(gap).overflow ? after : after - gap
    case (nil, nil): return 0
    }
  }
}
