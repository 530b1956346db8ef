import TallyDefaults
import TallyModel

/// A sync state in the store that could not be read: kept aside, and this machine's counts
/// given back once the state is rebuilt from the folder (``CounterSync/pull(publishing:)``).
struct DamagedStateRecovery {
  let store: any PropertyListStore
  let machine: SyncMachine

  func keepAside() {
    let raw = PropertyListValue.dictionary(
      [
        DefaultsKey.syncState.name: store.x.propertyList(forKey: .syncState),
        DefaultsKey.syncSettings.name: store.x.propertyList(forKey: .syncSettings),
      ].compactMapValues { $0 })
    store.x.setPropertyList(raw, forKey: .syncStateDamaged)
  }

  /// What the store counts beyond the rebuilt state is this machine's contribution; nothing
  /// is taken away.
  func restoreOwnCounts(into state: inout ReplicaState) {
    let records = store.x.object([CounterRecord].self, forKey: .counters) ?? []
    for record in records {
      let value = store.x.object(Int.self, forKey: DefaultsKey(record.id)) ?? 0
      let group = state.group(withID: record.id)
      let member =
        group?.members.first { state.counters[$0]?.isDeleted == false } ?? group?.members.first
        ?? ReplicaState.memberID(forNew: record.id, instance: machine.instance)
      var counter = state.counters[member] ?? CounterReplica()
      if group == nil {
        for (field, entry) in record.replicaFields {
          counter.write(entry, to: field, at: HybridTime(milliseconds: 0, machine: machine.name))
        }
      }
      let shown = group.flatMap(state.visibleCounter)?.value ?? counter.value
      let missing = Int128(value) - Int128(shown)
      if missing > 0 { counter.add(Int(clamping: missing), by: machine.instance) }
      state.counters[member] = counter
    }
  }
}
