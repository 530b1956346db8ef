/// One counter as the machines that sync it know it: a state-based CRDT whose merge is
/// commutative, associative and idempotent.
///
/// - Each machine's additions and subtractions (``Contribution``), merged by maximum.
/// - The last set (or reset), a register of the value set and of what the setter had seen
///   of each machine; the latest by ``HybridTime`` wins. The value is the set value plus
///   every contribution the setter had not seen.
/// - Every other field of the counter's record (name, step, position and any field added
///   later), each a last-writer-wins register.
/// - A deletion, with what it had seen; a change it had not seen (a later field write, set,
///   or any contribution beyond what it saw) brings the counter back.
public struct CounterReplica: Hashable, Sendable {
  /// A value set on the counter, and what its setter had seen.
  public struct ValueSet: Hashable, Sendable {
    public var value: Int
    public var seen: [String: Contribution]
    public var time: HybridTime

    public init(value: Int, seen: [String: Contribution], time: HybridTime) {
      self.value = value
      self.seen = seen
      self.time = time
    }
  }

  /// One field of the counter's record and when it was written; `nil` when it was removed
  /// (a goal cleared).
  public struct Field: Hashable, Sendable {
    public var value: PropertyListValue?
    public var time: HybridTime

    public init(value: PropertyListValue?, time: HybridTime) {
      self.value = value
      self.time = time
    }
  }

  /// A deletion and what it had seen.
  public struct Deletion: Hashable, Sendable {
    public var seen: [String: Contribution]
    public var time: HybridTime

    public init(seen: [String: Contribution], time: HybridTime) {
      self.seen = seen
      self.time = time
    }
  }

  /// By machine instance.
  public var contributions: [String: Contribution] = [:]
  public var lastSet: ValueSet?
  /// By field name, as in ``CounterRecord/propertyListValue`` (without `id`), plus `position`.
  public var fields: [String: Field] = [:]
  public var deletion: Deletion?

  public init(
    contributions: [String: Contribution] = [:], lastSet: ValueSet? = nil, fields: [String: Field] = [:],
    deletion: Deletion? = nil
  ) {
    self.contributions = contributions
    self.lastSet = lastSet
    self.fields = fields
    self.deletion = deletion
  }

  /// The value: the last set value plus what its setter had not seen, or the sum of every
  /// contribution; clamped to `Int`'s range.
  public var value: Int {
    var total = contributions.netTotal
    if let lastSet { total += Int128(lastSet.value) - lastSet.seen.netTotal }
    return Int(clamping: total)
  }

  /// The latest time of any write to the counter (deletion aside).
  public var latestWrite: HybridTime? {
    ([lastSet?.time] + fields.values.map(\.time)).compactMap { $0 }.max()
  }

  /// Whether the counter is deleted: a deletion later than every other write, that had seen
  /// every contribution there is.
  public var isDeleted: Bool {
    guard let deletion else { return false }
    if let latest = latestWrite, latest > deletion.time { return false }
    return contributions.allSatisfy { $0.value.isCovered(by: deletion.seen[$0.key]) }
  }

  /// The join of the two: contributions by maximum, registers by latest time.
  public func merged(with other: CounterReplica) -> CounterReplica {
    var merged = self
    merged.merge(other)
    return merged
  }

  /// Joins `other` into this counter, in place: the cost grows with `other`, not with this
  /// counter (a machine's file merged into a state that knows a hundred machines).
  public mutating func merge(_ other: CounterReplica) {
    for (machine, contribution) in other.contributions {
      contributions[machine] = contribution.merged(with: contributions[machine] ?? Contribution())
    }
    for (name, field) in other.fields where fields[name].map({ field.time > $0.time }) ?? true {
      fields[name] = field
    }
    if let set = other.lastSet, lastSet.map({ set.time > $0.time }) ?? true { lastSet = set }
    if let deleted = other.deletion, deletion.map({ deleted.time > $0.time }) ?? true { deletion = deleted }
  }

  // MARK: Changes made by this machine

  /// Adds `delta` to `machine`'s contribution.
  public mutating func add(_ delta: Int, by machine: String) {
    contributions[machine, default: Contribution()].record(delta)
  }

  /// Sets the value, having seen every contribution there is now.
  public mutating func set(_ value: Int, at time: HybridTime) {
    lastSet = ValueSet(value: value, seen: contributions, time: time)
  }

  /// Writes a field, or removes it when `value` is `nil`.
  public mutating func write(_ value: PropertyListValue?, to field: String, at time: HybridTime) {
    fields[field] = Field(value: value, time: time)
  }

  /// Deletes the counter, having seen every contribution there is now.
  public mutating func delete(at time: HybridTime) {
    deletion = Deletion(seen: contributions, time: time)
  }
}
