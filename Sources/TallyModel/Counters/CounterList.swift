/// An alert reached: "cells reached 100", where `name` is a counter's or a group's.
public struct ReachedAlert: Sendable, Equatable, CustomStringConvertible {
  public var name: String
  public var value: Int

  public var description: String { "\(name) reached \(value)" }
}

/// The counters as the store holds them, in order, and the one on screen.
public struct CounterList: Sendable, Equatable {
  /// Every counter, in order; never empty.
  public var counters: [Counter]
  public var currentID: String

  public init(counters: [Counter], currentID: String) {
    self.counters = Self.carrying(counters)
    self.currentID = currentID
  }

  /// `counters` with what their links carry (``Counter/carried``).
  ///
  /// A function of the values alone, so that every machine that has the same values shows
  /// the same. A link to no counter here, or one on a loop (two machines linking at once can
  /// make one), carries nothing.
  static func carrying(_ counters: [Counter]) -> [Counter] {
    guard counters.contains(where: { $0.rules.link != nil }) else { return counters }
    let index = Dictionary(counters.enumerated().map { ($1.id, $0) }) { first, _ in first }
    let target = counters.map { $0.rules.link.flatMap { index[$0.to] } }
    let carries = counters.indices.map { start in
      var next = target[start]
      for _ in counters.indices {
        guard let at = next, at != start else { break }
        next = target[at]
      }
      return target[start] != nil && next != start
    }
    // In order: a counter carries on once everything linked to it has carried into it.
    var waiting = [Int](repeating: 0, count: counters.count)
    for case let to? in zip(target, carries).map({ $1 ? $0 : nil }) { waiting[to] += 1 }
    var result = counters.indices.map { at in
      var counter = counters[at]
      (counter.carried, counter.carries) = (0, carries[at])
      return counter
    }
    var ready = counters.indices.filter { waiting[$0] == 0 }
    while let from = ready.popLast() {
      guard carries[from], let to = target[from], let every = result[from].rules.link?.every else { continue }
      result[to].carried = CounterRules.sum(result[to].carried, CounterRules.carry(result[from].total, every: every))
      waiting[to] -= 1
      if waiting[to] == 0 { ready.append(to) }
    }
    return result
  }

  /// What the counter screen's value line says after the name: "3 of 12 · repeats 4" for a
  /// counter that carries, its value otherwise, and "(past max 10)" when a merge took it there.
  public func valueText(of counter: Counter) -> String {
    var text = String(counter.shown)
    if counter.carries, let link = counter.rules.link, let to = self.counter(withID: link.to) {
      text += " of \(link.every) · \(to.name) \(to.shown)"
    }
    if let bound = counter.rules.refusal(for: counter.total, from: nil) { text += " (past \(bound))" }
    return text
  }

  // MARK: Alerts

  /// The alert on the group `name`'s total, kept by its first counter that has one.
  public func alert(ofGroup name: String) -> CounterAlert? {
    counters(inGroup: name).lazy.compactMap(\.rules.groupAlert).first { $0.group.lowercased() == name.lowercased() }?.alert
  }

  /// The sum of what the group's counters show.
  func total(ofGroup name: String) -> Int { counters(inGroup: name).reduce(0) { CounterRules.sum($0, $1.shown) } }

  /// Each alert of a counter or a group whose value went from below it to it or more since `before`.
  public func alertsReached(since before: CounterList) -> [ReachedAlert] {
    guard counters.contains(where: { $0.rules.alert != nil || $0.rules.groupAlert != nil }) else { return [] }
    var lines: [ReachedAlert] = []
    for counter in counters {
      guard let alert = counter.rules.alert, let old = before.counter(withID: counter.id)?.shown,
        alert.rings(from: old, to: counter.shown)
      else { continue }
      lines.append(ReachedAlert(name: counter.name, value: alert.reached(at: counter.shown)))
    }
    for case let group? in groups {
      guard let alert = alert(ofGroup: group) else { continue }
      let new = total(ofGroup: group)
      if alert.rings(from: before.total(ofGroup: group), to: new) {
        lines.append(ReachedAlert(name: group, value: alert.reached(at: new)))
      }
    }
    return lines
  }

  /// Whether linking `id` to the counter `to` would make a loop, through which nothing carries.
  public func linkMakesLoop(from id: String, to: String) -> Bool {
    var linked = counters
    guard let at = linked.firstIndex(where: { $0.id == id }) else { return false }
    linked[at].rules.link = CounterLink(to: to, every: 2)
    return !Self.carrying(linked)[at].carries
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
