/// What a file from the folder may bring into this machine's state, checked file by file as
/// the folder is read.
///
/// - Its times are clamped to a day past this machine's clock (``HybridTime/horizon(now:)``).
/// - It brings the sums of its own machine alone (``ReplicaState/keepOnlyContributions(of:)``).
/// - It cannot raise this machine's own contribution (``ReplicaState/removeClaims(about:own:)``),
///   except while a damaged state is rebuilt, when this machine's own files are what holds it.
/// - The merged state stays within the limits of counters and settings: a file that would
///   take it past them is skipped and reported, so the state this machine keeps can always
///   be read back.
struct Admission {
  private var ids: Set<String>
  private var settings: Set<String>
  private let local: ReplicaState
  private let instance: String
  private let horizon: Int64
  private let rebuilding: Bool
  /// How many times were clamped so far.
  private(set) var clamped = 0
  /// Whether a file claimed more of this machine's own sums than the state read had: the
  /// state is then read again under the store's lock (another process here may have counted).
  private(set) var claimedMore = false

  init(local: ReplicaState, instance: String, horizon: Int64, rebuilding: Bool = false) {
    self.local = local
    self.rebuilding = rebuilding
    self.instance = instance
    self.horizon = horizon
    ids = Set(local.counters.keys)
    settings = Set(local.settings.keys)
  }

  /// Merges `state` into `incoming` when it may be; returns why not otherwise.
  mutating func admit(_ file: SyncFile, into incoming: inout ReplicaState) -> String? {
    let offered = file.state
    let newIDs = offered.counters.keys.filter { !ids.contains($0) }
    guard ids.count + newIDs.count <= ReplicaState.maximumCounters else {
      return "with it this machine would keep more than \(ReplicaState.maximumCounters) counters, deleted ones included"
    }
    let newSettings = offered.settings.keys.filter { !settings.contains($0) }
    guard settings.count + newSettings.count <= ReplicaState.maximumSettings else {
      return "with it this machine would keep more than \(ReplicaState.maximumSettings) settings"
    }
    ids.formUnion(newIDs)
    settings.formUnion(newSettings)
    var state = file.state
    clamped += state.clampTimes(to: horizon)
    state.keepOnlyContributions(of: file.speaksFor)
    if !(rebuilding && file.instance == instance) {
      if state.removeClaims(about: instance, own: { [local] id in local.counters[id]?.contributions[instance] }) {
        claimedMore = true
      }
    }
    incoming.merge(state)
    return nil
  }
}
