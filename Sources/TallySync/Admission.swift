/// What a file from the folder may bring into this machine's state: times up to a day ahead,
/// its own machine's sums alone, nothing of this machine's own (but while a damaged state is
/// rebuilt), and new counters only within the state's limit.
struct Admission {
  private var ids: Set<String>
  private let local: ReplicaState
  private let instance: String
  private let horizon: Int64
  private let rebuilding: Bool
  private let retired: [String: Contribution?]
  private let syncedSettings: [String]
  private(set) var clamped = 0
  private(set) var claimedMore = false

  init(
    local: ReplicaState, instance: String, horizon: Int64, syncedSettings: [String], rebuilding: Bool = false,
    retired: [String: Contribution?] = [:]
  ) {
    self.local = local
    self.syncedSettings = syncedSettings
    self.retired = retired
    self.rebuilding = rebuilding
    self.instance = instance
    self.horizon = horizon
    ids = Set(local.counters.keys)
  }

  /// Merges what `file` may bring into `incoming`; returns what was left out, for the status.
  mutating func admit(_ file: SyncFile, into incoming: inout ReplicaState) -> String? {
    var state = file.state
    var leftOut: String?
    // A setting this Tally does not know is not kept: every machine reads every other
    // machine's file, so nothing needs passing on, and a flood of them fills nothing.
    for key in state.settings.keys where !syncedSettings.contains(key) { state.settings[key] = nil }
    // A deleted counter this machine never knew, carrying no count, has nothing to delete.
    for (id, counter) in state.counters where !ids.contains(id) && counter.isDeleted && counter.carriesNoCount {
      state.counters[id] = nil
    }
    // New counters past the limit are left out (by id, so that it is the same ones on every
    // machine that reads the same files): the counters this machine has keep merging.
    let newIDs = state.counters.keys.filter { !ids.contains($0) }.sorted()
    let room = max(0, ReplicaState.maximumCounters - ids.count)
    if newIDs.count > room {
      for id in newIDs[room...] { state.counters[id] = nil }
      leftOut =
        "\(newIDs.count - room) of its counters were left out: this machine keeps at most "
        + "\(ReplicaState.maximumCounters), deleted ones included"
    }
    ids.formUnion(newIDs.prefix(room))
    clamped += state.clampTimes(to: horizon)
    state.keepOnlyContributions(of: file.speaksFor)
    if !(rebuilding && file.instance == instance) {
      // A counter dropped here and brought back by a file: this machine's sums under it are
      // the ones it kept when it dropped it, so a deletion that had seen them still has.
      let own = { [local, retired] (id: String) -> Contribution? in
        local.counters[id]?.contributions[instance] ?? retired[id] ?? nil
      }
      if state.removeClaims(about: instance, own: own) { claimedMore = true }
    }
    incoming.merge(state)
    return leftOut

  }
}
