/// Counters made here under an id that another machine, unseen, had used for a counter of
/// its own that it renamed or deleted meanwhile: two unrelated counters that must not be
/// joined.
///
/// A counter's id comes from the name it was made with, so that the same name made on two
/// machines is one counter (and their counts add up). But the laptop may rename `x` to `z`
/// while the desktop, which never knew `x`, makes a new `x`: the same id, and joined, the
/// desktop's counter would take over the laptop's `z`. So a counter made here knowing
/// nothing of its id carries a creation mark (``ReplicaState/creationField(_:)``, with the
/// name). When a file from another machine brings the id without having seen the mark, the
/// two are the same counter only if that machine's is live under the same name; otherwise
/// this machine moves its own part (its sums and what it wrote) to a new id of its own, and
/// gives the other machine's fields back: both counters are kept, with their counts.
struct CreationClashes {
  /// By id, the other machine's version of the counter.
  private var clashes: [String: CounterReplica] = [:]

  var isEmpty: Bool { clashes.isEmpty }

  /// Looks at each counter of another machine's `file` state against the marks in `local`.
  mutating func note(_ file: ReplicaState, against local: ReplicaState, instance: String) {
    let field = ReplicaState.creationField(instance)
    for (id, theirs) in file.counters where theirs.fields[field] == nil {
      // Only a counter of theirs: made (it has a name) or deleted there.
      guard case .string(let made)? = local.counters[id]?.fields[field]?.value,
        theirs.fields["name"]?.value != nil || theirs.deletion != nil
      else { continue }
      // The same name, live: the same counter made on two machines, joined (the mark stays,
      // and the other machine's next file carries it).
      if !theirs.isDeleted, case .string(let name)? = theirs.fields["name"]?.value, name.lowercased() == made.lowercased() {
        continue
      }
      clashes[id] = theirs
    }
  }

  /// Moves this machine's part of each counter that clashed to a new id.
  func resolve(in state: inout ReplicaState, machine: SyncMachine, retired: Set<String>, tick: () -> HybridTime) {
    let field = ReplicaState.creationField(machine.instance)
    for (id, theirs) in clashes.sorted(by: { $0.key < $1.key }) {
      guard var counter = state.counters[id], counter.fields[field]?.value != nil else { continue }
      let newID = Self.freeID(after: id, in: state, instance: machine.instance, retired: retired)
      var moved = CounterReplica()
      // This machine's sums move: cancelled here, counted there.
      let mine = counter.contributions[machine.instance] ?? Contribution()
      moved.contributions[machine.instance] = mine
      let net = mine.net
      if net != 0 { counter.add(Int(clamping: -net), by: machine.instance) }
      // What this machine wrote moves too.
      for (name, register) in counter.fields.sorted(by: { $0.key < $1.key })
      where register.time.machine == machine.name && !ReplicaState.isCreationField(name) {
        moved.write(register.value, to: name, at: tick())
        // A live counter of theirs gets its fields back; a deleted one stays deleted below.
        if !theirs.isDeleted { counter.write(theirs.fields[name]?.value, to: name, at: tick()) }
      }
      if let set = counter.lastSet, set.time.machine == machine.name {
        // A set made here saw this machine's sums alone (the counter was new here).
        moved.lastSet = CounterReplica.ValueSet(value: set.value, seen: set.seen, time: tick())
        counter.lastSet = theirs.lastSet
      }
      counter.write(nil, to: field, at: tick())
      // Their counter was deleted: it stays deleted, now having seen this machine's part.
      if theirs.isDeleted { counter.delete(at: tick()) }
      state.counters[id] = counter
      state.counters[newID] = moved
    }
  }

  /// The first id scoped to this machine after `id` that no counter has or had.
  private static func freeID(after id: String, in state: ReplicaState, instance: String, retired: Set<String>) -> String {
    let base = String(id.split(separator: "-").prefix(2).joined(separator: "-"))
    var number = 1
    while state.counters["\(base)-\(instance.prefix(6))-\(number)"] != nil
      || retired.contains("\(base)-\(instance.prefix(6))-\(number)")
    {
      number += 1
    }
    return "\(base)-\(instance.prefix(6))-\(number)"
  }
}

extension ReplicaState {
  /// The field that marks a counter made on `instance` knowing nothing of its id; its value
  /// is the name it was made with, and none once settled (``CreationClashes``).
  static func creationField(_ instance: String) -> String { "created." + instance }

  /// Whether `field` is a creation mark.
  static func isCreationField(_ field: String) -> Bool { field.hasPrefix("created.") }
}
