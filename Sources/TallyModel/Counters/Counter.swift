import TallyDefaults
import TallyLocalization

/// One named counter: what a user counts, its value and how much a key press adds.
public struct Counter: Sendable, Equatable, Identifiable {
  /// A stable identifier, also the key its value is stored under: `count` for the first
  /// counter (so that a store written by Tally 0.1 keeps its count), then `count-2` and on.
  public var id: String
  /// The name a user gave it: 1 to 32 characters, unique ignoring case.
  public var name: String
  /// What one press of the add or subtract keys changes the value by; at least 1.
  public var step: Int
  public var value: Int
  public var goal: Goal?
  /// The group it belongs to ("Health", "Work"), if any: a name as a counter's, and counters
  /// whose groups differ only in case are in one group.
  public var group: String?
  /// Its link to another counter, its bounds and its alert.
  public var rules: CounterRules
  /// What the counters linked to this one carry into it: each one's ``total`` divided by its
  /// link's `every`, rounded down (set by ``CounterList``, never stored).
  public var carried = 0
  /// Whether its link carries: it leads to a counter and makes no loop (set by ``CounterList``).
  public var carries = false

  public init(
    id: String, name: String, step: Int = 1, value: Int = 0, goal: Goal? = nil, group: String? = nil,
    rules: CounterRules = CounterRules()
  ) {
    self.id = id
    self.name = name
    self.step = step
    self.value = value
    self.goal = goal
    self.group = group
    self.rules = rules
  }

  /// The values a counter can hold: `Int`'s range less `Int.min`, so that it is the same
  /// either side of 0 and a machine's subtractions in the sync folder can always hold it.
  public static let values = -Int.max...Int.max

  /// The stored value and what links carry into it: what bounds are checked against.
  public var total: Int { CounterRules.sum(value, carried) }

  /// What the counter shows: its ``total`` within the current `every` of its link (0 to
  /// every - 1), or the total itself when it carries nowhere.
  public var shown: Int {
    guard carries, let link = rules.link else { return total }
    return CounterRules.within(total, every: link.every)
  }

  /// Whether a merge has taken the total past a bound (a change made here never does).
  public var isPastBound: Bool { rules.refusal(for: total, from: nil) != nil }
}

/// A counter's link: every `every` counted on it adds one to the counter `to` (an id).
public struct CounterLink: Sendable, Hashable, Codable {
  public var to: String
  public var every: Int

  public init(to: String, every: Int) {
    self.to = to
    self.every = every
  }
}

/// An alert: when a counter's total reaches `at` from below (or, `repeating`, each multiple
/// of it), the app rings and a command says so; nothing is refused.
public struct CounterAlert: Sendable, Hashable {
  public var at: Int
  public var repeating: Bool

  public init(at: Int, repeating: Bool = false) {
    self.at = at
    self.repeating = repeating
  }

  /// "100", or "every 100" for one at each multiple.
  public var text: String { repeating ? "every \(at)" : String(at) }

  /// Reads ``text``; a repeating alert is every 1 or more.
  public init?(text: String) {
    let words = text.split(separator: " ")
    guard let at = words.last.flatMap({ Int($0) }) else { return nil }
    let repeating = words.count == 2 && words[0] == "every"
    guard words.count == 1 || repeating, at > 0 || !repeating else { return nil }
    self.init(at: at, repeating: repeating)
  }

  /// The value `new` reached: the alert's, or the highest multiple of it up to `new`.
  public func reached(at new: Int) -> Int { repeating ? CounterRules.carry(new, every: at) * at : at }

  /// Whether going from `old` to `new` reaches the alert's value (or a multiple) from below.
  public func rings(from old: Int, to new: Int) -> Bool {
    guard new > old else { return false }
    guard repeating else { return old < at && new >= at }
    return CounterRules.carry(old, every: at) < CounterRules.carry(new, every: at)
  }
}

/// An alert on the total of a group, kept by each of its counters with the group's name, so
/// that a counter that leaves the group does not take it along.
public struct GroupAlert: Sendable, Hashable {
  public var group: String
  public var alert: CounterAlert

  public init(group: String, alert: CounterAlert) {
    self.group = group
    self.alert = alert
  }
}

/// How a counter works with others and where it stops: its link, its bounds, its alert and
/// its group's alert.
public struct CounterRules: Sendable, Hashable {
  public var link: CounterLink?
  public var minimum: Int?
  public var maximum: Int?
  public var alert: CounterAlert?
  public var groupAlert: GroupAlert?

  public init(
    link: CounterLink? = nil, minimum: Int? = nil, maximum: Int? = nil, alert: CounterAlert? = nil,
    groupAlert: GroupAlert? = nil
  ) {
    self.link = link
    self.minimum = minimum
    self.maximum = maximum
    self.alert = alert
    self.groupAlert = groupAlert
  }

  /// The bounds as `tally bounds` prints them: "min 0 max 10", "min 0", or "none".
  public var boundsText: String {
    let parts = [minimum.map { "min \($0)" }, maximum.map { "max \($0)" }].compactMap { $0 }
    return parts.isEmpty ? "none" : parts.joined(separator: " ")
  }

  /// The bound a total of `new` is refused by ("min 0"), moving from `old` (`nil`: any move).
  ///
  /// Refused is past it and further from it than before: a total a merge left past a bound
  /// can come back toward it.
  public func refusal(for new: Int, from old: Int?) -> String? {
    if let minimum, new < minimum, new < (old ?? Int.max) { return "min \(minimum)" }
    if let maximum, new > maximum, new > (old ?? Int.min) { return "max \(maximum)" }
    return nil
  }

  /// Why these bounds cannot hold the counter `name` at `total`: they cross, or it is outside.
  public func boundsProblem(at total: Int, name: String) -> String? {
    crossing ?? refusal(for: total, from: nil).map { tr("\(name) would be past its \($0) at \(total)") }
  }

  /// "the min 5 is above the max 3" for bounds that cross.
  var crossing: String? {
    guard let minimum, let maximum, minimum > maximum else { return nil }
    return tr("the min \(minimum) is above the max \(maximum)")
  }

  /// `a + b`, held at `Int`'s ends: values from other machines' files can be anything.
  static func sum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
  }

  /// `total` modulo `every`, from 0 to every - 1 for a negative total too.
  static func within(_ total: Int, every: Int) -> Int {
    let remainder = total % every
    return remainder < 0 ? remainder + every : remainder
  }

  /// `total` divided by `every`, rounded down (toward minus infinity).
  static func carry(_ total: Int, every: Int) -> Int { total / every - (total % every < 0 ? 1 : 0) }

  var propertyListEntries: [String: PropertyListValue] {
    var entries: [String: PropertyListValue] = [:]
    if let link { entries["link"] = .dictionary(["to": .string(link.to), "every": .integer(Int64(link.every))]) }
    if let minimum { entries["min"] = .integer(Int64(minimum)) }
    if let maximum { entries["max"] = .integer(Int64(maximum)) }
    if let alert { entries["alert"] = .string(alert.text) }
    if let groupAlert {
      entries["groupAlert"] = .dictionary(["group": .string(groupAlert.group), "alert": .string(groupAlert.alert.text)])
    }
    return entries
  }

  /// The rules in a record's entries; one that cannot be read is dropped, never the counter.
  init(propertyListEntries entries: [String: PropertyListValue]) {
    if case .dictionary(let link)? = entries["link"], case .string(let to)? = link["to"],
      CounterRecord.isCounterID(to), let every = link["every"].flatMap(Int.init(propertyListValue:)), every > 1
    {
      self.link = CounterLink(to: to, every: every)
    }
    minimum = entries["min"].flatMap(Int.init(propertyListValue:))
    maximum = entries["max"].flatMap(Int.init(propertyListValue:))
    if case .string(let text)? = entries["alert"] { alert = CounterAlert(text: text) }
    if case .dictionary(let group)? = entries["groupAlert"], case .string(let name)? = group["group"],
      case .string(let text)? = group["alert"], let alert = CounterAlert(text: text)
    {
      groupAlert = GroupAlert(group: name, alert: alert)
    }
  }
}

/// How a counter is listed in the store (its value is kept under its own key).
public struct CounterRecord: Sendable, Equatable, UserDefaultsStorable {
  public var id: String
  public var name: String
  public var step: Int
  /// The counter's goal; a record without one (as every store before goals) has none.
  public var goal: Goal?
  /// The counter's group; a record without one (as every store before groups) has none.
  public var group: String?
  public var rules: CounterRules

  public init(
    id: String, name: String, step: Int, goal: Goal? = nil, group: String? = nil, rules: CounterRules = CounterRules()
  ) {
    self.id = id
    self.name = name
    self.step = step
    self.goal = goal
    self.group = group
    self.rules = rules
  }

  /// Whether `id` is a counter's id as Tally makes them: `count`, `count-N` (made with sync
  /// off), `c-` and 16 hexadecimal digits (from a name), that and `-INSTANCE`, or that and
  /// `-INSTANCE-N`; no other key of the store has this form, so the sync folder cannot name one.
  public static func isCounterID(_ id: String) -> Bool {
    // Bytes, not Characters: every file in the sync folder has its ids checked at each read.
    let parts = Array(id.utf8).split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    func isNumber(_ part: ArraySlice<UInt8>) -> Bool {
      (1...9).contains(part.count) && part.first != UInt8(ascii: "0") && part.allSatisfy { (0x30...0x39).contains($0) }
    }
    func isHex(_ part: ArraySlice<UInt8>, count: ClosedRange<Int>) -> Bool {
      count.contains(part.count) && part.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
    guard let first = parts.first else { return false }
    switch (String(decoding: first, as: UTF8.self), parts.count) {
    case ("count", 1): return true
    case ("count", 2): return isNumber(parts[1])
    case ("c", 2): return isHex(parts[1], count: 16...16)
    case ("c", 3): return isHex(parts[1], count: 16...16) && isHex(parts[2], count: 1...16)
    case ("c", 4): return isHex(parts[1], count: 16...16) && isHex(parts[2], count: 1...16) && isNumber(parts[3])
    default: return false
    }
  }

  /// The record once counters moved to other ids (`moves`: old to new), its link to the
  /// counter's new id: a rule names a counter by id, so wherever a counter's value and
  /// history move (`sync enable`, a merge by name), the links to it move with them.
  public func linkMoved(_ moves: [String: String]) -> CounterRecord {
    guard let link = rules.link, let to = moves[link.to] else { return self }
    var record = self
    record.rules.link = CounterLink(to: to, every: link.every)
    return record
  }

  public var propertyListValue: PropertyListValue {
    var entries: [String: PropertyListValue] = ["id": .string(id), "name": .string(name), "step": .integer(Int64(step))]
    if let goal { entries["goal"] = goal.propertyListValue }
    if let group { entries["group"] = .string(group) }
    entries.merge(rules.propertyListEntries) { old, _ in old }
    return .dictionary(entries)
  }

  public init?(propertyListValue: PropertyListValue) {
    guard case .dictionary(let entries) = propertyListValue,
      case .string(let id)? = entries["id"], DefaultsKey.problem(with: id) == nil,
      case .string(let name)? = entries["name"],
      let step = entries["step"].flatMap(Int.init(propertyListValue:)), step > 0
    else { return nil }
    // A goal or a group that cannot be read is dropped, never the counter.
    var group: String?
    if case .string(let name)? = entries["group"] { group = CountersModel.keptName(name) }
    self.init(
      id: id, name: name, step: step, goal: entries["goal"].flatMap(Goal.init(propertyListValue:)), group: group,
      rules: CounterRules(propertyListEntries: entries))
  }
}
