/// The name of a value in a defaults store, declared as a constant of an extension
/// (`static let count = DefaultsKey("count")`) and used everywhere instead of a string.
///
/// A name is printable ASCII without spaces or dots and does not begin with `@` or `-`, so
/// that it can be a launch argument (`-count <integer>12</integer>`) and a property-list key.
public struct DefaultsKey: Hashable, Sendable, CustomStringConvertible {
  public struct InvalidName: Error, Equatable, CustomStringConvertible {
    public var name: String
    public var reason: String

    public var description: String { "\"\(name)\" is not a valid defaults key: \(reason)" }
  }

  public let name: String

  /// A key for a name known to be valid, such as a constant; an invalid name traps.
  public init(_ name: String) {
    if let problem = Self.problem(with: name) { preconditionFailure(problem.description) }
    self.name = name
  }

  /// A key for a name made of parts known to be valid, not checked again: the settings table
  /// makes one for every key binding at every command.
  package init(unchecked name: String) {
    self.name = name
  }

  /// A key for a name from outside the program, such as a launch argument.
  public init(validating name: String) throws(InvalidName) {
    if let problem = Self.problem(with: name) { throw problem }
    self.name = name
  }

  public var description: String { name }

  public static func problem(with name: String) -> InvalidName? {
    func invalid(_ reason: String) -> InvalidName { InvalidName(name: name, reason: reason) }
    guard !name.isEmpty else { return invalid("it is empty") }
    guard name.utf8.count <= 128 else { return invalid("it is longer than 128 characters") }
    for scalar in name.unicodeScalars {
      guard scalar.isASCII else { return invalid("'\(scalar)' is not ASCII") }
      guard scalar.value > 0x20 && scalar.value < 0x7F else { return invalid("it contains a space or a control character") }
      guard scalar != "." else { return invalid("it contains '.'") }
    }
    if name.hasPrefix("@") { return invalid("it begins with '@'") }
    if name.hasPrefix("-") { return invalid("it begins with '-'") }
    return nil
  }
}
