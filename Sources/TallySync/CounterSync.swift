import TallyDefaults
import TallyModel
import TallyPlatform

/// This machine's side of the CRDT: its ``ReplicaState`` is kept in the store and changed in
/// the batch of each change the model makes, so counting goes on without the folder and two
/// processes here add up exactly; ``publish()`` copies it to the folder, ``pull()`` merges.
public final class CounterSync: CounterChangeRecorder {
  public let store: any PropertyListStore
  public let machine: SyncMachine
  public let syncedSettings: [String]
  let folder: SyncFolder
  private let now: () -> Int64
  /// Changes made in the current store batch, recorded at its end by ``commit(records:)``.
  var pending: [LocalChange] = []
  private var unpublished = false
  private var cachedState: (raw: PropertyListValue?, settings: PropertyListValue?, state: ReplicaState)?
  private var stateIsDamaged = false
  public private(set) var status: SyncStatus

  public init(
    store: any PropertyListStore, folder: String, machine: SyncMachine, syncedSettings: [String],
    now: @escaping () -> Int64 = Platform.wallClockMilliseconds
  ) {
    self.store = store
    self.machine = machine
    self.syncedSettings = syncedSettings
    self.folder = SyncFolder(path: folder)
    self.now = now
    status = SyncStatus(folder: folder, machine: machine)
  }

  public static func configured(
    in store: any PropertyListStore, syncedSettings: [String], now: @escaping () -> Int64 = Platform.wallClockMilliseconds
  ) -> CounterSync? {
    guard let folder = store.x.object(String.self, forKey: .syncFolder),
      let name = store.x.object(String.self, forKey: .syncMachine),
      let instance = store.x.object(String.self, forKey: .syncInstance)
    else { return nil }
    return CounterSync(
      store: store, folder: folder, machine: SyncMachine(name: name, instance: instance), syncedSettings: syncedSettings,
      now: now)
  }

  public var folderPath: String { folder.path }

  private var materializer: StoreMaterializer { StoreMaterializer(store: store, syncedSettings: syncedSettings) }

  public var state: ReplicaState {
    decodedState(
      store.x.propertyList(forKey: .syncState), store.x.propertyList(forKey: .syncSettings))
  }

  private func decodedState(_ raw: PropertyListValue?, _ rawSettings: PropertyListValue?) -> ReplicaState {
    guard raw != nil || rawSettings != nil else {
      stateIsDamaged = false
      return ReplicaState()
    }
    if let cachedState, cachedState.raw == raw, cachedState.settings == rawSettings { return cachedState.state }
    let counters = raw.flatMap { try? ReplicaState(propertyListValue: $0) }
    let settings = rawSettings.flatMap { try? ReplicaState.settings(propertyListValue: $0) }
    stateIsDamaged = (raw != nil && counters == nil) || (rawSettings != nil && settings == nil)
    var state = counters ?? ReplicaState()
    state.settings = settings ?? [:]
    // A time no machine's clock can have (from an older Tally) would pin its register for good.
    _ = state.clampTimes(to: HybridTime.horizon(now: now()))
    cachedState = (raw, rawSettings, state)
    return state
  }

  public func record(_ edit: CounterEdit, made change: CounterChange?) {
    guard let change else { return }
    switch change {
    case .value(let id, let from, let to):
      if case .setValue = edit { pending.append(.set(id, to)) } else { pending.append(.shift(id, from: from, to: to)) }
    case .create(let counter, _, _): pending.append(.created(counter.id, value: counter.value))
    case .delete(let counter, _): pending.append(.delete(counter.id))
    default: pending.append(.fields(change.counterID))
    }
  }

  /// `nil`: reset.
  public func recordSetting(_ key: DefaultsKey, value: PropertyListValue?) {
    guard syncedSettings.contains(key.name) else { return }
    updateState { state, tick in
      // A reset of a setting no machine ever set records nothing, nor does the value it has.
      guard state.settings[key.name]?.value != value else { return }
      state.settings[key.name] = CounterReplica.Field(value: value, time: tick())
    }
  }

  public func recordImport(removed: [String], created: [(id: String, value: Int)]) {
    for id in removed { pending.append(.delete(id)) }
    for (id, value) in created { pending.append(.created(id, value: value)) }
  }

  /// `records`: the list after the changes.
  public func commit(records: [CounterRecord]) {
    guard !pending.isEmpty else { return }
    let changes = pending
    pending = []
    updateState { state, tick in
      LocalChange.apply(changes, records: records, to: &state, instance: machine.instance, tick: tick)
    }
  }

  /// Changes the stored state in one read-modify-write, with a clock later than any time in it.
  private func updateState(_ change: (inout ReplicaState, _ tick: () -> HybridTime) -> Void) {
    store.performBatch {
      var settings: (before: PropertyListValue?, after: PropertyListValue?)
      store.updatePropertyListValue(forKey: DefaultsKey.syncState.name) { raw in
        // Read under the lock, as the counters' state is.
        settings.before = store.x.propertyList(forKey: .syncSettings)
        var state = decodedState(raw, settings.before)
        var latest = state.latestTime
        change(&state) {
          latest = HybridTime.next(after: latest, now: now(), machine: machine.name)
          return latest ?? HybridTime(milliseconds: now(), machine: machine.name)
        }
        let value = state.propertyListValue
        settings.after = state.settings.isEmpty ? nil : state.settingsPropertyListValue
        cachedState = (value, settings.after, state)
        return value
      }
      if settings.after != settings.before {
        store.x.setPropertyList(settings.after, forKey: .syncSettings)
      }
    }
    unpublished = true
  }

  /// The ids of deleted counters dropped once every machine had seen their deletion, never
  /// used again, with this machine's sums under each for a machine not known yet to bring back.
  var retired: [String: Contribution?] {
    guard case .dictionary(let entries)? = store.x.propertyList(forKey: .syncRetiredIDs) else { return [:] }
    return entries.mapValues(Contribution.init(propertyListValue:))
  }

  static let maximumRetiredIDs = 100_000

  /// Whether a counter restored under `id` must take a new one: its deletion was dropped,
  /// or another machine has merged it and may drop it.
  public func isRetired(_ id: String) -> Bool {
    let state = self.state
    let members = state.group(withID: id)?.members ?? []
    let retired = self.retired
    if retired[id] != nil || members.contains(where: { retired[$0] != nil }) { return true }
    // Every counter under the name's id was dropped: this machine's id under it was used.
    if members.isEmpty, ReplicaState.nameID(of: id) == id, retired.keys.contains(where: { ReplicaState.id($0, comesFrom: id) }) {
      return true
    }
    return members.contains { member in
      state.counters[member]?.deletion?.acknowledged.contains { $0 != machine.instance } ?? false
    }
  }

  private func retire(_ dropped: [String: Contribution?]) {
    var kept = retired.merging(dropped) { $1 }
    if kept.count > Self.maximumRetiredIDs {
      for id in kept.keys.sorted().prefix(kept.count - Self.maximumRetiredIDs) { kept[id] = nil }
    }
    store.x.setPropertyList(.dictionary(kept.mapValues { $0?.propertyListValue ?? .array([]) }), forKey: .syncRetiredIDs)
  }

  /// Ids derived from the names (one counter for one name made on two machines), else scoped.
  public func newCounterIDs(named names: [String], existing records: [CounterRecord]) -> [String] {
    let state = self.state
    let retired = self.retired
    var taken = Set(records.map(\.id))
    let madeFrom = Set(state.counters.keys.map(ReplicaState.nameID(of:))).union(retired.keys.map(ReplicaState.nameID(of:)))
    func isFree(_ id: String) -> Bool { state.counters[id] == nil && retired[id] == nil && !taken.contains(id) }
    return names.map { name in
      let derived = Self.derivedID(forName: name)
      var id = derived
      if !isFree(derived) || madeFrom.contains(derived) {
        var number = 1
        while !isFree("\(derived)-\(machine.instance.prefix(6))-\(number)") { number += 1 }
        id = "\(derived)-\(machine.instance.prefix(6))-\(number)"
      }
      taken.insert(id)
      return id
    }
  }

  /// `c-` and 16 hexadecimal digits of the FNV-1a hash of the name in lower case.
  public static func derivedID(forName name: String) -> String {
    let hash = name.lowercased().utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    return "c-" + String(hash, width: 16, radix: 16)
  }

  public func publish() {
    guard unpublished, !status.ownFileTaken else { return }
    status.writeProblem = ownFile.write(state)
    unpublished = status.writeProblem != nil
  }

  var ownFile: OwnSyncFile { OwnSyncFile(folder: folder, machine: machine, store: store, now: now) }

  /// Merges every other machine's file changed since it was last merged; returns whether the
  /// counters or settings changed since this process read them.
  @discardableResult
  public func pull(publishing: Bool = true) -> Bool {
    let local = state
    let damaged = stateIsDamaged
    let remembered =
      damaged ? [:] : MergedFile.files(in: store.x.propertyList(forKey: .syncMergedFiles))
    let skipped = SkippedFile.files(in: store.x.propertyList(forKey: .syncSkippedFiles))
    let found = FolderReading(folder: folder, machine: machine, syncedSettings: syncedSettings, store: store).read(
      merged: remembered, skipped: skipped, into: local, rebuilding: damaged, retired: retired,
      horizon: HybridTime.horizon(now: now()), writeProblem: status.writeProblem)
    status = found.status
    if damaged {
      status.problems.append(
        "this machine's sync state could not be read: it was kept aside (\(DefaultsKey.syncStateDamaged.name)) and rebuilt "
          + "from the counts here and the files in the folder")
    }
    var changed = false
    let merged = local.merged(with: found.incoming)
    let known = Set(found.status.machines.map(\.instance)).union([machine.instance])
    if damaged || found.claimedMore || merged != local || found.merged != remembered || found.skipped != skipped
      || merged.hasDeletionsToTend(known: known, instance: machine.instance) || materializer.materialize(merged, writing: false)
    {
      // Under the store's lock, on the freshest state: another process may have counted.
      store.performBatch {
        var latest = ReplicaState()
        if damaged { DamagedStateRecovery(store: store, machine: machine).keepAside() }
        var dropped: [String: Contribution?] = [:]
        let retired = self.retired
        updateState { state, tick in
          dropped = merge(found.incoming, into: &state, tick: tick, retired: retired, rebuilding: damaged, known: known)
          latest = state
        }
        if !dropped.isEmpty { retire(dropped) }
        let moves = local.moves(to: latest)
        OwnCounterMoves(store: store, instance: machine.instance).note(moves)
        // Another process here may have merged the same files first: `latest != local` still.
        changed = materializer.materialize(latest, writing: true) || latest != local
        moveLinks(Dictionary(moves.map { ($0.old, $0.new) }) { first, _ in first })
        store.x.setPropertyList(found.merged.propertyListValue, forKey: .syncMergedFiles)
        if found.skipped != skipped {
          store.x.setPropertyList(
            found.skipped.isEmpty ? nil : found.skipped.propertyListValue, forKey: .syncSkippedFiles)
        }
      }
    }
    if status.isReachable, found.ownFile?.state != state {
      unpublished = true
      if publishing { publish() }
    }
    return changed
  }

  /// Points the links to counters a merge moved (`moves`: old id to new) at their new ids,
  /// written as this machine's change, so that the machines that link by the old id follow.
  private func moveLinks(_ moves: [String: String]) {
    guard !moves.isEmpty, let records = store.x.object([CounterRecord].self, forKey: .counters) else { return }
    let moved = records.map { $0.linkMoved(moves) }
    guard moved != records else { return }
    store.x.set(moved, forKey: .counters)
    pending += zip(records, moved).compactMap { $0 != $1 ? .fields($1.id) : nil }
    commit(records: moved)
  }

  /// Merges `incoming` and tends what the merge leaves; returns the ids dropped.
  private func merge(
    _ incoming: ReplicaState, into state: inout ReplicaState, tick: () -> HybridTime, retired: [String: Contribution?],
    rebuilding: Bool, known: Set<String>
  ) -> [String: Contribution?] {
    let before = state
    state.merge(incoming)
    state.bringBackACounterIfNoneIsLeft(tick: tick)
    if !retired.isEmpty {
      for id in state.counters.keys where state.counters[id]?.contributions[machine.instance] == nil {
        if case .some(.some(let sums)) = retired[id] { state.counters[id]?.contributions[machine.instance] = sums }
      }
    }
    if rebuilding { DamagedStateRecovery(store: store, machine: machine).restoreOwnCounts(into: &state) }
    state.acknowledgeDeletions(as: machine.instance)
    let acknowledged = state
    let dropped = state.compactDeletions(known: known, instance: machine.instance, acknowledgedBefore: before)
    return Dictionary(uniqueKeysWithValues: dropped.map { ($0, acknowledged.counters[$0]?.contributions[machine.instance]) })
  }

  public func takeMovedCounterIDs() -> [(old: String, new: String)] {
    OwnCounterMoves(store: store, instance: machine.instance).take()
  }

  public var changeDescriptor: Int32? { folder.changeDescriptor }

  public func processFolderChanges() -> (changes: FolderChanges, countersChanged: Bool) {
    let changes = folder.readEvents()
    guard folder.mayHaveChanged(changes) else { return (changes, false) }
    return (changes, pull())
  }
}
