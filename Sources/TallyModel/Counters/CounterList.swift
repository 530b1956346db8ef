/// The counters as the store holds them, in order, and the one on screen.
public struct CounterList: Sendable, Equatable {
  /// Every counter, in order; never empty.
  public var counters: [Counter]
  public var currentID: String

  public init(counters: [Counter], currentID: String) {
    self.counters = counters
    self.currentID = currentID
  }

  public var current: Counter {
    counter(withID: currentID) ?? counters.first
      ?? Counter(id: CountersModel.firstCounter.id, name: CountersModel.firstCounter.name)
  }

  /// Where the current counter stands in ``counters``.
  public var currentIndex: Int { counters.firstIndex { $0.id == currentID } ?? 0 }

  public func counter(withID id: String) -> Counter? {
    counters.first { $0.id == id }
  }

  public func counter(named name: String) -> Counter? {
    counters.first { $0.name.lowercased() == name.lowercased() }
  }

  // MARK: Groups

  /// The groups, in the order their first counters come, each spelled as its first counter
  /// has it; `nil` stands for the counters in no group, where they come.
  public var groups: [String?] {
    var seen: Set<String?> = []
    return counters.compactMap { seen.insert($0.group?.lowercased()).inserted ? .some($0.group) : nil }
  }

  /// The counters in the group `name` (ignoring case), in order; with `nil`, those in none.
  public func counters(inGroup name: String?) -> [Counter] {
    counters.filter { $0.group?.lowercased() == name?.lowercased() }
  }

  /// The counters in the current counter's group, in order: the counter screen's tabs.
  public var currentGroup: [Counter] { counters(inGroup: current.group) }

  /// Whether any counter is in a group: only then does the counter screen show groups.
  public var usesGroups: Bool { counters.contains { $0.group != nil } }

  /// The first counter of the group after the current one's (or before it), round the groups.
  public func firstCounter(ofGroupAfterCurrent forward: Bool) -> Counter? {
    let all = groups
    guard all.count > 1 else { return nil }
    let here = all.firstIndex { $0?.lowercased() == current.group?.lowercased() } ?? 0
    return counters(inGroup: all[(here + (forward ? 1 : -1) + all.count) % all.count]).first
  }
}
