import TallyModel

/// The counters that one name made on several machines (`c-HASH-INSTANCE`), shown as one
/// when each was made before the other was renamed away from the name, else apart
/// (docs/groups.md).
public struct CounterGroup: Hashable, Sendable {
  /// The name's id for the group that holds the counter made first, else its first member's.
  public let id: String
  public let members: [String]
}

extension ReplicaState {
  /// The id of the name a counter's id comes from: `c-HASH` for `c-HASH-INSTANCE`, else the id.
  public static func nameID(of id: String) -> String {
    let bytes = id.utf8
    guard bytes.count > 19, bytes.starts(with: "c-".utf8),
      bytes[bytes.index(bytes.startIndex, offsetBy: 18)] == UInt8(ascii: "-"),
      !bytes.dropFirst(19).contains(UInt8(ascii: "-"))
    else { return id }
    return String(decoding: id.utf8.prefix(18), as: UTF8.self)
  }

  static func id(_ id: String, comesFrom nameID: String) -> Bool {
    guard id.utf8.starts(with: nameID.utf8) else { return false }
    return id.utf8.count == nameID.utf8.count || Self.nameID(of: id) == nameID
  }

  static func memberID(forNew id: String, instance: String) -> String {
    guard id.utf8.count == 18, id.hasPrefix("c-"), CounterRecord.isCounterID(id) else { return id }
    let isHex =
      (1...16).contains(instance.utf8.count)
      && instance.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    return id + "-" + (isHex ? instance : String(CounterSync.derivedID(forName: instance).dropFirst(2)))
  }

  /// Whether `id` is a counter `instance` made with a name (``memberID(forNew:instance:)``).
  static func id(_ id: String, isMadeBy instance: String) -> Bool {
    memberID(forNew: nameID(of: id), instance: instance) == id
  }

  public var groups: [CounterGroup] {
    Dictionary(grouping: counters.keys.filter(isGrouped), by: Self.nameID).flatMap { nameID, ids in
      Self.groups(of: ids, nameID: nameID, in: counters)
    }
  }

  public func group(withID id: String) -> CounterGroup? {
    let nameID = Self.nameID(of: id)
    let ids = counters.keys.filter { Self.id($0, comesFrom: nameID) && isGrouped($0) }
    return Self.groups(of: ids, nameID: nameID, in: counters).first { $0.id == id }
  }

  func group(withID id: String, byNameID: [String: [String]]) -> CounterGroup? {
    let nameID = Self.nameID(of: id)
    let ids = (byNameID[nameID] ?? []).filter(isGrouped)
    return Self.groups(of: ids, nameID: nameID, in: counters).first { $0.id == id }
  }

  var counterIDsByNameID: [String: [String]] { Dictionary(grouping: counters.keys, by: Self.nameID) }

  /// Whether the counter `id` takes part in its group: not when deleted without a count,
  /// which a machine that never knew it does not keep.
  private func isGrouped(_ id: String) -> Bool {
    guard let counter = counters[id] else { return false }
    return !(counter.isDeleted && counter.carriesNoCount)
  }

  /// Each counter, the one made first first, joins the first group it may join, or starts one.
  private static func groups(of ids: [String], nameID: String, in counters: [String: CounterReplica]) -> [CounterGroup] {
    guard ids.count > 1 else { return ids.map { CounterGroup(id: nameID, members: [$0]) } }
    // A counter under the name's id itself comes from an older Tally: made before every other.
    func made(_ id: String) -> HybridTime? { id == nameID ? nil : counters[id]?.created }
    let ordered = ids.sorted { a, b in
      let (ma, mb) = (made(a), made(b))
      if ma != mb { return ma.map { t in mb.map { t < $0 } ?? false } ?? true }
      return a < b
    }
    func isBefore(_ made: HybridTime?, _ renamed: HybridTime?) -> Bool {
      guard let renamed, let made else { return true }
      return made < renamed
    }
    var groups: [[String]] = []
    for id in ordered {
      let joins = groups.firstIndex { group in
        group.allSatisfy { other in
          isBefore(made(id), counters[other]?.renamedAway) && isBefore(made(other), counters[id]?.renamedAway)
        }
      }
      if let joins { groups[joins].append(id) } else { groups.append([id]) }
    }
    return groups.enumerated().map { index, members in
      CounterGroup(id: index == 0 ? nameID : members[0], members: members)
    }
  }
}

/// A counter as the store shows it: its group's members joined.
public struct VisibleCounter: Sendable {
  public let id: String
  /// Each field's latest write among the members not deleted, and every machine's sums.
  public let counter: CounterReplica
  public let value: Int
}

extension ReplicaState {
  func visibleCounter(_ group: CounterGroup) -> VisibleCounter? {
    let members = group.members.compactMap { counters[$0] }.filter { !$0.isDeleted }
    guard let first = members.first else { return nil }
    guard members.count > 1 else { return VisibleCounter(id: group.id, counter: first, value: first.value) }
    var joined = CounterReplica()
    for member in members {
      for (name, field) in member.fields where joined.fields[name].map({ field.wins(over: $0) }) ?? true {
        joined.fields[name] = field
      }
      for (machine, sums) in member.contributions {
        var sum = joined.contributions[machine] ?? Contribution()
        sum.record(sums.added)
        sum.record(-sums.subtracted)
        joined.contributions[machine] = sum
      }
    }
    return VisibleCounter(id: group.id, counter: joined, value: Self.value(of: members))
  }

  static func value(of members: [CounterReplica]) -> Int {
    Int(clamping: members.reduce(Int128(0)) { $0 + Int128($1.value) })
  }

  /// By position, then by id.
  public var visibleCounters: [VisibleCounter] {
    groups.compactMap(visibleCounter)
      .sorted { a, b in
        let (pa, pb) = (a.counter.position, b.counter.position)
        return pa != pb ? pa < pb : a.id < b.id
      }
  }
}

extension ReplicaState {
  /// Brings back the counter deleted last when no counter is left, its fields written again:
  /// two machines that each deleted one of the last two would otherwise never agree.
  mutating func bringBackACounterIfNoneIsLeft(tick: () -> HybridTime) {
    guard !counters.isEmpty, !counters.values.contains(where: { !$0.isDeleted }) else { return }
    let latest = counters.max { a, b in
      let (ta, tb) = (a.value.deletion?.time, b.value.deletion?.time)
      return ta != tb ? (ta.map { t in tb.map { t < $0 } ?? false } ?? true) : a.key > b.key
    }
    guard let (id, original) = latest else { return }
    var counter = original
    for (name, field) in counter.fields.sorted(by: { $0.key < $1.key }) { counter.write(field.value, to: name, at: tick()) }
    counters[id] = counter
  }
}
