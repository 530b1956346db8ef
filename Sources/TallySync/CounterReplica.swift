import TallyDefaults

/// One counter as the machines that sync it know it, a state-based CRDT: each machine's
/// ``Contribution``; the last set, whose value is the set value plus every contribution its
/// setter had not seen; each field of the record a last-writer-wins register; a deletion,
/// undone by any change it had not seen; and when it was made and first renamed away.
public struct CounterReplica: Hashable, Sendable {
  public struct ValueSet: Hashable, Sendable {
    public var value: Int
    public var seen: [String: Contribution]
    public var time: HybridTime

    public init(value: Int, seen: [String: Contribution], time: HybridTime) {
      self.value = value
      self.seen = seen
      self.time = time
    }

    /// The later time wins, then (a tie) the larger value.
    func wins(over other: ValueSet) -> Bool {
      if time != other.time { return time > other.time }
      if value != other.value { return value > other.value }
      return Self.key(seen) > Self.key(other.seen)
    }

    private static func key(_ seen: [String: Contribution]) -> String {
      seen.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.added):\($0.value.subtracted)" }.joined(separator: ",")
    }
  }

  /// One field of the counter's record (or a setting); `nil` when removed.
  public struct Field: Hashable, Sendable {
    public var value: PropertyListValue?
    public var time: HybridTime

    public init(value: PropertyListValue?, time: HybridTime) {
      self.value = value
      self.time = time
    }

    /// The later time wins, then (a tie, which only a broken file makes) the larger value.
    func wins(over other: Field) -> Bool {
      if time != other.time { return time > other.time }
      return value != other.value && PropertyListValue.orders(other.value, before: value)
    }
  }

  public struct Deletion: Hashable, Sendable {
    public var seen: [String: Contribution]
    public var time: HybridTime
    /// By machine name, the latest write of that machine the deletion had seen; `nil` from a
    /// Tally that did not record them (every write up to its time).
    public var writes: [String: HybridTime]?
    /// By instance; once every machine has merged the deletion, it is dropped.
    public var acknowledged: Set<String>

    public init(
      seen: [String: Contribution], time: HybridTime, writes: [String: HybridTime]? = nil, acknowledged: Set<String> = []
    ) {
      self.seen = seen
      self.time = time
      self.writes = writes
      self.acknowledged = acknowledged
    }

    /// A machine's writes follow its clock: it saw every write of a machine up to the latest.
    func hasSeen(_ time: HybridTime) -> Bool {
      guard let writes else { return time <= self.time }
      return writes[time.machine].map { time <= $0 } ?? false
    }

    func joined(with other: Deletion) -> Deletion {
      let writes: [String: HybridTime]? =
        switch (self.writes, other.writes) {
        case (let mine?, let theirs?): mine.merging(theirs) { max($0, $1) }
        case (let some?, nil), (nil, let some?): some
        case (nil, nil): nil
        }
      return Deletion(
        seen: seen.merging(other.seen) { $0.merged(with: $1) }, time: max(time, other.time), writes: writes,
        acknowledged: acknowledged.union(other.acknowledged))
    }
  }

  public var contributions: [String: Contribution] = [:]
  public var lastSet: ValueSet?
  /// By field name, as in ``CounterRecord/propertyListValue`` (without `id`), plus `position`.
  public var fields: [String: Field] = [:]
  public var deletion: Deletion?
  /// When it was made; `nil` from an older Tally, which counts as made before every other.
  public var created: HybridTime?
  public var renamedAway: HybridTime?

  public init(
    contributions: [String: Contribution] = [:], lastSet: ValueSet? = nil, fields: [String: Field] = [:],
    deletion: Deletion? = nil
  ) {
    self.contributions = contributions
    self.lastSet = lastSet
    self.fields = fields
    self.deletion = deletion
  }

  /// The last set value plus what its setter had not seen (or every contribution), clamped.
  public var value: Int {
    var total = contributions.netTotal
    if let lastSet { total += Int128(lastSet.value) - lastSet.seen.netTotal }
    return Int(clamping: total)
  }

  public var carriesNoCount: Bool {
    contributions.values.allSatisfy { $0.added == 0 && $0.subtracted == 0 } && (lastSet?.value ?? 0) == 0
  }

  public var latestWrite: HybridTime? {
    ([lastSet?.time, created, renamedAway] + fields.values.map(\.time)).compactMap { $0 }.max()
  }

  /// Whether its deletions had seen every write and contribution, whatever the clocks say.
  public var isDeleted: Bool {
    guard let deletion else { return false }
    if let set = lastSet, !deletion.hasSeen(set.time) { return false }
    if fields.values.contains(where: { !deletion.hasSeen($0.time) }) { return false }
    return contributions.allSatisfy { $0.value.isCovered(by: deletion.seen[$0.key]) }
  }

  public func merged(with other: CounterReplica) -> CounterReplica {
    var merged = self
    merged.merge(other)
    return merged
  }

  public mutating func merge(_ other: CounterReplica) {
    for (machine, contribution) in other.contributions {
      contributions[machine] = contribution.merged(with: contributions[machine] ?? Contribution())
    }
    for (name, field) in other.fields where fields[name].map({ field.wins(over: $0) }) ?? true {
      fields[name] = field
    }
    if let set = other.lastSet, lastSet.map({ set.wins(over: $0) }) ?? true { lastSet = set }
    if let deleted = other.deletion { deletion = deletion?.joined(with: deleted) ?? deleted }
    created = Self.earlier(created, other.created)
    renamedAway = Self.earlier(renamedAway, other.renamedAway)
  }

  private static func earlier(_ a: HybridTime?, _ b: HybridTime?) -> HybridTime? {
    guard let a, let b else { return a ?? b }
    return min(a, b)
  }

  public mutating func noteRenamedAway(at time: HybridTime) {
    renamedAway = Self.earlier(renamedAway, time)
  }

  public mutating func add(_ delta: Int, by machine: String) {
    contributions[machine, default: Contribution()].record(delta)
  }

  public mutating func set(_ value: Int, at time: HybridTime) {
    lastSet = ValueSet(value: value, seen: contributions, time: time)
  }

  public mutating func write(_ value: PropertyListValue?, to field: String, at time: HybridTime) {
    fields[field] = Field(value: value, time: time)
  }

  public mutating func delete(at time: HybridTime) {
    let times = [lastSet?.time].compactMap { $0 } + fields.values.map(\.time)
    let writes = Dictionary(times.map { ($0.machine, $0) }, uniquingKeysWith: max)
    let new = Deletion(seen: contributions, time: time, writes: writes)
    deletion = deletion?.joined(with: new) ?? new
  }
}

extension PropertyListValue {
  /// A total order of optional values for breaking ties: none first, then by their XML.
  static func orders(_ a: PropertyListValue?, before b: PropertyListValue?) -> Bool {
    switch (a, b) {
    case (nil, nil): false
    case (nil, _?): true
    case (_?, nil): false
    case (let a?, let b?): PropertyListCodec.fragment(a) < PropertyListCodec.fragment(b)
    }
  }
}
