/// The reference model of counting: what Tally promises a user, by the user's names.
///
/// It is written in the fewest lines that can be checked by eye. The property tests run random sequences of
/// operations on it and on the real parts, and compare what a user would see after each step.
///
/// It knows nothing of Tally's code: identities are its own numbers, links name a counter by
/// that number, totals and carries are worked out afresh from the values at every question.
/// docs/architecture.md ("The reference model") says how to add an operation.
public struct CountingModel: Sendable, Equatable {
  /// A counter as a user knows it.
  public struct Counter: Sendable, Equatable {
    /// The model's own identity: it survives renames, sync and imports, and is never reused.
    public var identity: Int
    public var name: String
    /// The counter's own count: what its changes add up to (`stats` allTime).
    public var value: Int
    public var step = 1
    public var link: Link?
    public var minimum: Int?
    public var maximum: Int?
    public var alert: Int?
    public var group: String?
    public var goal: String?
  }

  /// Every `every` counted on a counter adds one to the counter `to` (an identity).
  public struct Link: Sendable, Equatable {
    public var to: Int
    public var every: Int
  }

  /// What an operation did: made its change, or was refused and changed nothing.
  public enum Outcome: Sendable, Equatable {
    case done
    case refused
  }

  public private(set) var counters: [Counter]
  /// The counters deleted, by identity, as they were (for undo).
  public private(set) var deleted: [Int: Counter] = [:]
  private var nextIdentity: Int

  /// A new store: one counter, `Count`, at 0.
  public init(firstIdentity: Int = 0) {
    counters = [Counter(identity: firstIdentity, name: "Count", value: 0)]
    nextIdentity = firstIdentity + 1
  }

  /// The longest name Tally takes.
  public static let maximumNameLength = 32

  public func counter(named name: String) -> Counter? {
    counters.first { $0.name.lowercased() == name.lowercased() }
  }

  public func counter(identity: Int) -> Counter? { counters.first { $0.identity == identity } }

  // MARK: What a counter shows

  /// Whether the link of the counter `identity` carries: its target is there, and following
  /// the links from the target never comes back to it.
  public func carries(_ identity: Int) -> Bool {
    guard let link = counter(identity: identity)?.link, counter(identity: link.to) != nil else { return false }
    var seen: Set<Int> = [identity]
    var next: Int? = link.to
    while let at = next {
      guard seen.insert(at).inserted else { return false }
      next = counter(identity: at)?.link?.to
    }
    return true
  }

  /// The counter's value and what the counters linked to it carry: each one's total divided by
  /// its `every`, rounded down; held at `Int`'s ends.
  public func total(_ identity: Int) -> Int {
    guard let counter = counter(identity: identity) else { return 0 }
    var total = counter.value
    for other in counters where other.link?.to == identity && carries(other.identity) {
      let every = other.link?.every ?? 1
      total = Self.saturating(total, Self.floorDivision(self.total(other.identity), every))
    }
    return total
  }

  /// What the counter shows: its total within its link's `every`, or its total.
  public func shown(_ identity: Int) -> Int {
    guard carries(identity), let every = counter(identity: identity)?.link?.every else { return total(identity) }
    let remainder = total(identity) % every
    return remainder < 0 ? remainder + every : remainder
  }

  /// Each counter's name and what it shows, in the list's order.
  public var shownValues: [NameAndValue] {
    counters.map { NameAndValue(name: $0.name, value: shown($0.identity)) }
  }

  /// The name of the counter the link of `name` leads to (`nil`: no link, or to a deleted one).
  public func linkTarget(of name: String) -> String? {
    counter(named: name)?.link.flatMap { counter(identity: $0.to)?.name }
  }

  // MARK: Operations

  /// `tally new NAME`: at the end of the list, at 0; refused for a name in use or not valid.
  public mutating func create(_ name: String) -> Outcome {
    guard let name = Self.validName(name), counter(named: name) == nil else { return .refused }
    counters.append(Counter(identity: nextIdentity, name: name, value: 0))
    nextIdentity += 1
    return .done
  }

  /// `tally inc NAME --by N` (a negative N is `dec`): refused past ±`Int.max` or when a
  /// total ends past a bound and further from it than before.
  public mutating func add(_ delta: Int, to name: String) -> Outcome {
    guard let index = index(of: name) else { return .refused }
    let (value, overflow) = counters[index].value.addingReportingOverflow(delta)
    guard !overflow else { return .refused }
    return changeValue(at: index, to: value)
  }

  /// `tally set NAME N`: what the counter shows becomes N, the carries into it kept.
  public mutating func set(_ name: String, to shownValue: Int) -> Outcome {
    guard let index = index(of: name) else { return .refused }
    let identity = counters[index].identity
    let offset = Int128(counters[index].value) - Int128(shown(identity))
    guard let value = Int(exactly: Int128(shownValue) + offset) else { return .refused }
    return changeValue(at: index, to: value)
  }

  /// `u` after a value change of `from` to `to` on `name`: the value moves back by the same
  /// difference, as a change another process made meanwhile is kept.
  public mutating func shift(_ name: String, from: Int, to: Int) -> Outcome {
    guard let index = index(of: name) else { return .refused }
    guard let value = Int(exactly: Int128(counters[index].value) + Int128(to) - Int128(from)) else { return .refused }
    return changeValue(at: index, to: value)
  }

  /// `tally rename OLD NEW`: refused for a name another counter has, or one not valid.
  public mutating func rename(_ name: String, to new: String) -> Outcome {
    guard let index = index(of: name), let new = Self.validName(new) else { return .refused }
    if let other = counter(named: new), other.identity != counters[index].identity { return .refused }
    counters[index].name = new
    return .done
  }

  /// `tally rm NAME`: the last counter stays.
  public mutating func delete(_ name: String) -> Outcome {
    guard let index = index(of: name), counters.count > 1 else { return .refused }
    let removed = counters.remove(at: index)
    deleted[removed.identity] = removed
    return .done
  }

  /// `u` after a delete: the counter comes back with its identity, value and rules, unless its
  /// name was taken meanwhile.
  public mutating func restore(_ identity: Int, at index: Int) -> Outcome {
    guard let counter = deleted[identity], self.counter(named: counter.name) == nil else { return .refused }
    deleted[identity] = nil
    counters.insert(counter, at: min(index, counters.count))
    return .done
  }

  /// `tally link FROM TO --every N`: refused for `every` under 2, an unknown target, or a loop.
  public mutating func link(_ name: String, to target: String, every: Int) -> Outcome {
    guard let index = index(of: name), let to = counter(named: target), every > 1 else { return .refused }
    var changed = self
    changed.counters[index].link = Link(to: to.identity, every: every)
    guard changed.carries(counters[index].identity) else { return .refused }
    // Bounds are not checked on a link, which a merge could make as well.
    self = changed
    return .done
  }

  public mutating func clearLink(_ name: String) -> Outcome {
    guard let index = index(of: name) else { return .refused }
    counters[index].link = nil
    return .done
  }

  /// `tally bounds NAME --min A --max B` (nil: none): refused when they cross or the total is
  /// outside them.
  public mutating func bounds(_ name: String, minimum: Int?, maximum: Int?) -> Outcome {
    guard let index = index(of: name) else { return .refused }
    let total = total(counters[index].identity)
    if let minimum, let maximum, minimum > maximum { return .refused }
    if let minimum, total < minimum { return .refused }
    if let maximum, total > maximum { return .refused }
    counters[index].minimum = minimum
    counters[index].maximum = maximum
    return .done
  }

  public mutating func setStep(_ name: String, to step: Int) -> Outcome {
    guard let index = index(of: name), step > 0 else { return .refused }
    counters[index].step = step
    return .done
  }

  /// `tally goal NAME TEXT` (nil: clear), the text as `tally goal` prints it.
  public mutating func setGoal(_ name: String, to goal: String?) -> Outcome {
    guard let index = index(of: name) else { return .refused }
    counters[index].goal = goal
    return .done
  }

  public mutating func setAlert(_ name: String, at alert: Int?) -> Outcome {
    guard let index = index(of: name) else { return .refused }
    if let alert, alert < 1 { return .refused }
    counters[index].alert = alert
    return .done
  }

  /// `tally group NAME GROUP` (nil: none); groups differing in case are one, named as first given.
  public mutating func setGroup(_ name: String, to group: String?) -> Outcome {
    guard let index = index(of: name) else { return .refused }
    let group = group.map(Self.validName)
    if case .some(.none) = group { return .refused }
    let name = group.flatMap { $0 }
    let existing = name.flatMap { name in counters.compactMap(\.group).first { $0.lowercased() == name.lowercased() } }
    counters[index].group = existing ?? name
    return .done
  }

  // MARK: Machines

  /// Another machine's counters joining this one's by name, as `tally sync enable` does.
  ///
  /// Counters of one name (ignoring case) are one, their counts added;
  /// the others come in with identities of their own. This machine's names, rules and order
  /// come first.
  /// Whether every counter's counts from both machines add up within `Int`'s range. Past it,
  /// the value is held at the end while the machines' counts are kept whole (docs/sync.md,
  /// Limits), and what later changes show depends on which machine makes them: the model
  /// says nothing of it.
  public func canMerge(_ other: CountingModel) -> Bool {
    other.counters.allSatisfy { incoming in
      guard let here = counter(named: incoming.name) else { return true }
      return !here.value.addingReportingOverflow(incoming.value).overflow
    }
  }

  public mutating func merge(_ other: CountingModel) {
    var identities: [Int: Int] = [:]
    for incoming in other.counters {
      if let index = index(of: incoming.name) {
        counters[index].value = Self.saturating(counters[index].value, incoming.value)
        identities[incoming.identity] = counters[index].identity
      } else {
        var counter = incoming
        counter.identity = nextIdentity
        nextIdentity += 1
        identities[incoming.identity] = counter.identity
        counter.link = nil
        counters.append(counter)
      }
    }
    // Links the other machine made to its own counters lead to them under their merged identity.
    for incoming in other.counters {
      guard let link = incoming.link, let identity = identities[incoming.identity],
        let index = counters.firstIndex(where: { $0.identity == identity }), counters[index].link == nil,
        let to = identities[link.to]
      else { continue }
      counters[index].link = Link(to: to, every: link.every)
    }
    nextIdentity = max(nextIdentity, other.nextIdentity)
  }

  // MARK: Helpers

  private func index(of name: String) -> Int? { counters.firstIndex { $0.name.lowercased() == name.lowercased() } }

  /// Sets a counter's value, refused when some total ends past a bound, further than before.
  private mutating func changeValue(at index: Int, to value: Int) -> Outcome {
    // `Int.min` is no count: a machine's subtractions in the sync folder could not hold it.
    guard value != .min else { return .refused }
    let before = self
    counters[index].value = value
    for counter in counters {
      let (old, new) = (before.total(counter.identity), total(counter.identity))
      if let minimum = counter.minimum, new < minimum, new < old {
        self = before
        return .refused
      }
      if let maximum = counter.maximum, new > maximum, new > old {
        self = before
        return .refused
      }
    }
    return .done
  }

  /// The name Tally keeps for `name`: trimmed of spaces at either end, 1 to 32 characters,
  /// with nothing a terminal does not draw (a joiner inside an emoji is drawn); `nil` when
  /// it is refused.
  public static func validName(_ name: String) -> String? {
    let trimmed = String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    guard (1...maximumNameLength).contains(trimmed.count) else { return nil }
    let hidden = trimmed.unicodeScalars.contains {
      $0.properties.generalCategory == .control || ($0.properties.generalCategory == .format && $0 != "\u{200D}")
    }
    return hidden ? nil : trimmed
  }

  static func saturating(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
  }

  static func floorDivision(_ a: Int, _ b: Int) -> Int { a / b - (a % b < 0 ? 1 : 0) }
}

/// A counter's name and what it shows: one row of `tally list`.
public struct NameAndValue: Sendable, Equatable, CustomStringConvertible {
  public var name: String
  public var value: Int

  public init(name: String, value: Int) {
    self.name = name
    self.value = value
  }

  public var description: String { "\(name)=\(value)" }
}
