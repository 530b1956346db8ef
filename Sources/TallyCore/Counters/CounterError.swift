/// Why a change to the counters was refused, worded for the person who asked for it.
public enum CounterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name is empty, too long or has control characters.
  case invalidName(String)
  /// Another counter has this name (ignoring case).
  case duplicateName(String)
  /// No counter has this name.
  case unknownCounter(String)
  /// The last counter cannot be deleted.
  case lastCounter
  /// A step must be a whole number of at least 1.
  case invalidStep(String)
  /// The value would pass `Int.max` or `Int.min`; it was left unchanged.
  case limitReached(value: Int, step: Int)

  public var description: String {
    switch self {
    case .invalidName(let reason): reason
    case .duplicateName(let name): "a counter named \"\(name)\" already exists"
    case .unknownCounter(let name): "no counter is named \"\(name)\""
    case .lastCounter: "the last counter cannot be deleted"
    case .invalidStep(let text): "the step must be a whole number from 1 to \(Int.max), not \"\(text)\""
    case .limitReached(let value, let step):
      "\(value) is the \(step > 0 ? "largest" : "smallest") value a counter can hold; it stays there"
    }
  }
}
