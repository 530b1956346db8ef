import TallyDefaults

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

  public init(id: String, name: String, step: Int = 1, value: Int = 0, goal: Goal? = nil, group: String? = nil) {
    self.id = id
    self.name = name
    self.step = step
    self.value = value
    self.goal = goal
    self.group = group
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

  public init(id: String, name: String, step: Int, goal: Goal? = nil, group: String? = nil) {
    self.id = id
    self.name = name
    self.step = step
    self.goal = goal
    self.group = group
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

  public var propertyListValue: PropertyListValue {
    var entries: [String: PropertyListValue] = ["id": .string(id), "name": .string(name), "step": .integer(Int64(step))]
    if let goal { entries["goal"] = goal.propertyListValue }
    if let group { entries["group"] = .string(group) }
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
    if case .string(let name)? = entries["group"] { group = try? CountersModel.validatedGroup(name) }
    self.init(
      id: id, name: name, step: step, goal: entries["goal"].flatMap(Goal.init(propertyListValue:)), group: group)
  }
}
