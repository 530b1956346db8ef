/// One named counter: what a user counts, its value and how much a key press adds.
public struct Counter: Sendable, Equatable, Identifiable {
  /// A stable identifier, also the key its value is stored under.
  ///
  /// It is `count` for the first counter (the book's key, so a store written by Tally 0.1
  /// keeps its count), then `count-2`, `count-3` and so on for the ones made later.
  public var id: String
  /// The name a user gave it: 1 to 32 characters, unique ignoring case.
  public var name: String
  /// What one press of the add or subtract keys changes the value by; at least 1.
  public var step: Int
  public var value: Int

  public init(id: String, name: String, step: Int = 1, value: Int = 0) {
    self.id = id
    self.name = name
    self.step = step
    self.value = value
  }

  /// The key the value is stored under.
  public var valueKey: DefaultsKey { DefaultsKey(id) }
}

/// How a counter is listed in the store (its value is kept under its own key, so that an
/// increment never rewrites the list).
public struct CounterRecord: Sendable, Equatable, UserDefaultsStorable {
  public var id: String
  public var name: String
  public var step: Int

  public init(id: String, name: String, step: Int) {
    self.id = id
    self.name = name
    self.step = step
  }

  public var propertyListValue: PropertyListValue {
    .dictionary(["id": .string(id), "name": .string(name), "step": .integer(Int64(step))])
  }

  public init?(propertyListValue: PropertyListValue) {
    guard case .dictionary(let entries) = propertyListValue,
      case .string(let id)? = entries["id"], DefaultsKey.problem(with: id) == nil,
      case .string(let name)? = entries["name"],
      let step = entries["step"].flatMap(Int.init(propertyListValue:)), step > 0
    else { return nil }
    self.init(id: id, name: name, step: step)
  }
}
