import TallyDefaults
import TallyLocalization
import TallyModel
import TallyPlatform

/// Joining a sync folder and leaving it: `tally sync enable` and `tally sync disable`.
public enum SyncSetup {
  public struct Join: Equatable, Sendable {
    public struct Shared: Equatable, Sendable {
      public var name: String
      public var here: Int
      public var total: Int

      public init(name: String, here: Int, total: Int) {
        self.name = name
        self.here = here
        self.total = total
      }
    }

    public var shared: [Shared] = []
    public var received: [String] = []
    /// The local ids that changed, old to new (the history was rewritten with them).
    public var renamedIDs: [String: String] = [:]
    public var replacedInstances: [String] = []
  }

  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidName(String)
    case invalidFolder(String)

    public var description: String {
      switch self {
      case .invalidName(let reason), .invalidFolder(let reason): reason
      }
    }
  }

  /// Joins `folder` as `name`: each counter's value becomes this machine's contribution, under
  /// an id derived from its name so that the same name on another machine adds up; with
  /// `replacingMachine`, a file with this name and another instance is merged, then written over.
  public static func enable(
    store: any PropertyListStore, folder: String, name: String, history: HistoryReplica?, replacingMachine: Bool = false,
    syncedSettings: [String], now: @escaping () -> Int64 = Platform.wallClockMilliseconds
  ) throws(Problem) -> (sync: CounterSync, join: Join) {
    if let problem = SyncMachine.problem(withName: name) { throw .invalidName(problem) }
    guard folder.hasPrefix("/") else { throw .invalidFolder(tr("the folder must be an absolute path, not \(folder)")) }
    do {
      try FileSystem.makeDirectories(atPath: folder)
    } catch {
      throw .invalidFolder(tr("cannot use \(folder) as the sync folder: \(error)"))
    }
    let keptInstance =
      store.x.object(String.self, forKey: .syncMachine) == name ? store.x.object(String.self, forKey: .syncInstance) : nil
    let instance = keptInstance ?? SyncMachine.randomInstance()
    let sync = CounterSync(
      store: store, folder: folder, machine: SyncMachine(name: name, instance: instance), syncedSettings: syncedSettings,
      now: now)
    var join = Join()
    let before = sync.state
    if replacingMachine { join.replacedInstances = sync.ownFile.otherInstancesWithThisName().sorted() }

    store.performBatch {
      store.x.set(folder, forKey: .syncFolder)
      store.x.set(name, forKey: .syncMachine)
      store.x.set(instance, forKey: .syncInstance)
      if !join.replacedInstances.isEmpty {
        let earlier = store.x.object([String].self, forKey: .syncReplacedInstances) ?? []
        store.x.set(Array(Set(earlier + join.replacedInstances)).sorted(), forKey: .syncReplacedInstances)
      }
      let joined = adoptDerivedIDs(in: store, sync: sync, unknownTo: before, join: &join)
      store.x.set(joined, forKey: .counters)
      sync.reconcile(joined)
    }
    if let history, !join.renamedIDs.isEmpty { history.renameCounters(join.renamedIDs) }

    let own = Dictionary(uniqueKeysWithValues: sync.state.visibleCounters.map { ($0.id, $0.value) })
    sync.pull()
    // Once the folder was read: the counters shared with other machines, and theirs.
    for entry in sync.state.visibleCounters {
      guard let record = entry.counter.record(id: entry.id) else { continue }
      let machines = entry.counter.contributions.filter { $0.key != instance && $0.value.net != 0 }
      if let here = own[entry.id], !machines.isEmpty {
        join.shared.append(Join.Shared(name: record.name, here: here, total: entry.value))
      } else if own[entry.id] == nil {
        join.received.append(record.name)
      }
    }
    return (sync, join)
  }

  /// Gives each counter not yet in the state the id of its name (a counter of that name
  /// there joins it), or a new id when the name's counter here was deleted: a deleted
  /// counter's history and links are not the new one's.
  private static func adoptDerivedIDs(
    in store: any PropertyListStore, sync: CounterSync, unknownTo before: ReplicaState, join: inout Join
  ) -> [CounterRecord] {
    let stored = store.x.object([CounterRecord].self, forKey: .counters) ?? []
    let records = stored.isEmpty ? [CountersModel.firstCounter] : stored
    let current = store.x.object(String.self, forKey: .currentCounter)
    let moved = records.map { record in
      var id = CounterSync.derivedID(forName: record.name)
      guard before.group(withID: record.id) == nil, id != record.id else { return record }
      if before.group(withID: id).flatMap(before.visibleCounter) == nil {
        id = sync.newCounterID(named: record.name, existing: records)
      }
      join.renamedIDs[record.id] = id
      let value = store.x.object(Int.self, forKey: DefaultsKey(record.id)) ?? 0
      store.x.removeObject(forKey: DefaultsKey(record.id))
      store.x.set(value, forKey: DefaultsKey(id))
      if current == record.id { store.x.set(id, forKey: .currentCounter) }
      var renamed = record
      renamed.id = id
      return renamed
    }
    // The links to a counter move with it.
    return moved.map { $0.linkMoved(join.renamedIDs) }
  }

  /// Keeps this machine's file and state; returns the folder it left.
  @discardableResult
  public static func disable(store: any PropertyListStore) -> String? {
    let folder = store.x.object(String.self, forKey: .syncFolder)
    if folder != nil { store.x.removeObject(forKey: .syncFolder) }
    return folder
  }
}

extension CounterSync {
  /// Makes the state agree with `records` and the store's settings, each value's difference
  /// taken as this machine's contribution.
  func reconcile(_ records: [CounterRecord]) {
    let known = state
    for record in records {
      let value = store.x.object(Int.self, forKey: DefaultsKey(record.id)) ?? 0
      let group = known.group(withID: record.id)
      if let replica = group.flatMap(known.visibleCounter) {
        pending.append(.fields(record.id))
        pending.append(.shift(record.id, from: replica.value, to: value))
      } else {
        // Deleted: the value it comes back with.
        let existing = ReplicaState.value(of: group?.members.compactMap { known.counters[$0] } ?? [])
        pending.append(.created(record.id, value: existing, joining: true))
        pending.append(.shift(record.id, from: existing, to: value))
      }
    }
    for counter in known.visibleCounters where !records.contains(where: { $0.id == counter.id }) {
      pending.append(.delete(counter.id))
    }
    commit(records: records)
    for key in syncedSettings {
      recordSetting(DefaultsKey(key), value: store.persistedPropertyListValue(forKey: key))
    }
  }
}
