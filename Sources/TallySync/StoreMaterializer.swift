import TallyDefaults
import TallyModel

/// Writes a merged sync state into the store: the counters and the user's synced settings.
struct StoreMaterializer {
  let store: any PropertyListStore
  let syncedSettings: [String]

  /// Returns whether any differed.
  func materialize(_ state: ReplicaState, writing: Bool) -> Bool {
    let settingsChanged = materializeSettings(state, writing: writing)
    return materializeCounters(state, writing: writing) || settingsChanged
  }

  private func materializeSettings(_ state: ReplicaState, writing: Bool) -> Bool {
    var changed = false
    for (key, register) in state.settings where syncedSettings.contains(key) {
      let stored = store.persistedPropertyListValue(forKey: key)
      guard stored != register.value else { continue }
      changed = true
      if writing { store.setPropertyListValue(register.value, forKey: key) }
    }
    return changed
  }

  private func materializeCounters(_ state: ReplicaState, writing: Bool) -> Bool {
    let visible = Self.withUniqueNames(
      state.visibleCounters.compactMap { entry in
        entry.counter.record(id: entry.id).map {
          (record: $0, value: entry.value, named: entry.counter.fields["name"]?.time)
        }
      })
    guard !visible.isEmpty else { return false }
    var changed = false
    let records = visible.map(\.record)
    let stored = store.x.object([CounterRecord].self, forKey: .counters)
    if stored != records {
      changed = true
      if writing { store.x.set(records, forKey: .counters) }
    }
    for (record, value) in visible where (store.x.object(Int.self, forKey: DefaultsKey(record.id)) ?? 0) != value {
      changed = true
      if writing { store.x.set(value, forKey: DefaultsKey(record.id)) }
    }
    for old in stored ?? []
    where !records.contains(where: { $0.id == old.id }) && store.x.object(Int.self, forKey: DefaultsKey(old.id)) != nil {
      changed = true
      if writing { store.x.removeObject(forKey: DefaultsKey(old.id)) }
    }
    return changed
  }

  /// The counters with names unique ignoring case: when two machines give two counters one
  /// name, the later one shows its writer, `laps (laptop)`, on every machine alike.
  static func withUniqueNames(_ counters: [(record: CounterRecord, value: Int, named: HybridTime?)])
    -> [(record: CounterRecord, value: Int)]
  {
    var taken = Set<String>()
    var result = counters.map { (record: $0.record, value: $0.value) }
    let order = counters.indices.sorted { a, b in
      let (ta, tb) = (counters[a].named, counters[b].named)
      if ta != tb { return ta.map { t in tb.map { t < $0 } ?? false } ?? true }
      return counters[a].record.id < counters[b].record.id
    }
    for index in order {
      let name = counters[index].record.name
      var unique = name
      var attempt = 1
      while taken.contains(unique.lowercased()) {
        // A writer's name comes from a file: shown only when it is a machine's name.
        let writer =
          counters[index].named.map(\.machine).flatMap {
            SyncMachine.problem(withName: $0) == nil && $0.count <= 16 ? $0 : nil
          } ?? "other"
        let suffix = attempt == 1 ? " (\(writer))" : " (\(writer) \(attempt))"
        unique = String(name.prefix(max(1, CountersModel.maximumNameLength - suffix.count))) + suffix
        attempt += 1
      }
      taken.insert(unique.lowercased())
      result[index].record.name = unique
    }
    return result
  }
}
