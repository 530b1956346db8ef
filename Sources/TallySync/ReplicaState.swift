import TallyModel

/// Every counter and setting as this machine knows them, merged by a join: two machines that
/// have seen the same files have the same state whatever the order.
public struct ReplicaState: Hashable, Sendable {
  public static let positionField = "position"

  public var counters: [String: CounterReplica]
  /// By defaults key; a reset keeps the register, without a value, so an older one stays out.
  public var settings: [String: CounterReplica.Field]

  public init(counters: [String: CounterReplica] = [:], settings: [String: CounterReplica.Field] = [:]) {
    self.counters = counters
    self.settings = settings
  }

  public func merged(with other: ReplicaState) -> ReplicaState {
    var merged = self
    merged.merge(other)
    return merged
  }

  public mutating func merge(_ other: ReplicaState) {
    for (id, counter) in other.counters {
      counters[id, default: CounterReplica()].merge(counter)
    }
    for (name, setting) in other.settings where settings[name].map({ setting.wins(over: $0) }) ?? true {
      settings[name] = setting
    }
  }

  public var latestTime: HybridTime? {
    let counterTimes = counters.values.compactMap { counter in
      [counter.latestWrite, counter.deletion?.time].compactMap { $0 }.max()
    }
    return (counterTimes + settings.values.map(\.time)).max()
  }
}

extension CounterReplica {
  public var position: Int64 {
    if case .integer(let value)? = fields[ReplicaState.positionField]?.value { return value }
    return 0
  }

  public func record(id: String) -> CounterRecord? {
    var entries = fields.compactMapValues(\.value)
    entries[ReplicaState.positionField] = nil
    entries["id"] = .string(id)
    return CounterRecord(propertyListValue: .dictionary(entries))
  }
}

// MARK: What a file from the folder may not do

extension ReplicaState {
  /// Clamps every time later than `horizon` milliseconds to it, so that a file from a clock
  /// far ahead does not win every register for good; returns how many were clamped.
  public mutating func clampTimes(to horizon: Int64) -> Int {
    var clamped = 0
    func earlier(_ time: HybridTime?) -> HybridTime? {
      guard let earlier = time?.clamped(to: horizon) else { return nil }
      clamped += 1
      return earlier
    }
    for (id, original) in counters {
      var counter = original
      for name in counter.fields.keys {
        if let time = earlier(counter.fields[name]?.time) { counter.fields[name]?.time = time }
      }
      if let time = earlier(counter.lastSet?.time) { counter.lastSet?.time = time }
      if let time = earlier(counter.deletion?.time) { counter.deletion?.time = time }
      if let time = earlier(counter.created) { counter.created = time }
      if let time = earlier(counter.renamedAway) { counter.renamedAway = time }
      for machine in counter.deletion?.writes?.keys ?? [:].keys {
        if let time = earlier(counter.deletion?.writes?[machine]) { counter.deletion?.writes?[machine] = time }
      }
      if counter != original { counters[id] = counter }
    }
    for name in settings.keys {
      if let time = earlier(settings[name]?.time) { settings[name]?.time = time }
    }
    return clamped
  }

  /// Takes out what another machine's file claims of this machine's own sums, and keeps what
  /// a set or a deletion had seen of them no larger than `own`; returns whether the file
  /// claimed more (another process here counted since `own` was read, or the file lies).
  @discardableResult
  public mutating func removeClaims(about instance: String, own: (String) -> Contribution?) -> Bool {
    var claimedMore = false
    for (id, original) in counters {
      var counter = original
      let mine = own(id) ?? Contribution()
      if let claimed = counter.contributions[instance], !claimed.isCovered(by: mine) { claimedMore = true }
      counter.contributions[instance] = nil
      counter.lastSet?.seen.bound(instance, to: mine)
      counter.deletion?.seen.bound(instance, to: mine)
      if counter != original { counters[id] = counter }
    }
    return claimedMore
  }

  /// Keeps only the sums of `instances`, the file's machine: a file cannot raise another's count.
  public mutating func keepOnlyContributions(of instances: Set<String>) {
    for (id, counter) in counters where counter.contributions.keys.contains(where: { !instances.contains($0) }) {
      counters[id]?.contributions = counter.contributions.filter { instances.contains($0.key) }
    }
  }
}

// MARK: Deleted counters every machine has seen

extension ReplicaState {
  /// Whether some deletion still waits for this machine's acknowledgement, or can be dropped.
  public func hasDeletionsToTend(known: Set<String>, instance: String) -> Bool {
    let kept = namesInUse
    return counters.contains { id, counter in
      guard counter.isDeleted, let deletion = counter.deletion else { return false }
      return !deletion.acknowledged.contains(instance)
        || (known.isSubset(of: deletion.acknowledged) && !kept.contains(Self.nameID(of: id)))
    }
  }

  /// The names' ids of the counters that are not deleted: a deleted counter sharing one
  /// stays, as dropping it could change the id the store knows the others by.
  private var namesInUse: Set<String> {
    Set(counters.filter { !$0.value.isDeleted }.keys.map(Self.nameID))
  }

  public mutating func acknowledgeDeletions(as instance: String) {
    for (id, counter) in counters where counter.isDeleted && counter.deletion?.acknowledged.contains(instance) == false {
      counters[id]?.deletion?.acknowledged.insert(instance)
    }
  }

  /// Drops each deleted counter whose deletion every machine in `known` has merged, and that
  /// this machine had acknowledged in `before`; returns the ids dropped (never used again).
  public mutating func compactDeletions(known: Set<String>, instance: String, acknowledgedBefore before: ReplicaState)
    -> [String]
  {
    let kept = namesInUse
    let dropped = counters.compactMap { id, counter -> String? in
      guard counter.isDeleted, let deletion = counter.deletion, known.isSubset(of: deletion.acknowledged),
        !kept.contains(Self.nameID(of: id)),
        before.counters[id]?.deletion?.acknowledged.contains(instance) == true
      else { return nil }
      return id
    }
    for id in dropped { counters[id] = nil }
    return dropped.sorted()
  }
}
