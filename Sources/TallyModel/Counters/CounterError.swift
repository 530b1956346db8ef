import TallyLocalization

/// Why a change to the counters was refused, worded for the person who asked for it.
public enum CounterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name is empty, too long or has control characters.
  case invalidName(String)
  /// Another counter has this name (ignoring case).
  case duplicateName(String)
  case unknownCounter(String)
  case lastCounter
  /// A step must be a whole number of at least 1.
  case invalidStep(String)
  /// A goal must be a whole number of at least 1, alone or with /day, /week or /month.
  case invalidGoal(String)
  /// Typed text is not a whole number a counter can hold.
  case invalidValue(String)
  /// The value would pass `Int.max` or `Int.min`; it was left unchanged.
  case limitReached(value: Int, step: Int)
  /// A change would take a counter's total past one of its bounds (`bound`: "min 0").
  case pastBound(name: String, value: Int, bound: String)
  /// A link or bounds that cannot be set, and why.
  case invalidRule(String)
  /// A note on a change is empty, too long, or not one line of printable text.
  case invalidNote(String)
  /// This many changes already wait for a history that cannot be written.
  case historyBacklog(Int)

  public var description: String {
    switch self {
    case .invalidName(let reason), .invalidNote(let reason), .invalidRule(let reason): reason
    case .pastBound(let name, let value, let bound):
      tr("that would take \(name) to \(value), past its \(bound); nothing was changed")
    case .duplicateName(let name): tr("a counter named \"\(name)\" already exists")
    case .unknownCounter(let name): tr("no counter is named \"\(name)\"")
    case .lastCounter: tr("the last counter cannot be deleted")
    case .invalidStep(let text): tr("the step must be a whole number from 1 to \(Int.max), not \"\(text)\"")
    case .invalidGoal(let text):
      tr(
        """
        a goal is a whole number from 1, alone for a total or with /day, /week or /month (such as 8/day or 300), \
        or a limit from 0 (at most 3/day, <=3/day, at most 0/day), not "\(text)"
        """)
    case .invalidValue(let text):
      tr("type a whole number from \(Counter.values.lowerBound) to \(Int.max), such as 42 or -7, not \"\(text)\"")
    case .historyBacklog(let count):
      tr(
        """
        \(count) changes already wait for the history, which cannot be written; nothing more is counted until it \
        can (the value is unchanged)
        """)
    case .limitReached(let value, let step):
      switch (value == (step > 0 ? Counter.values.upperBound : Counter.values.lowerBound), step > 0) {
      case (true, true): tr("\(value) is the largest value a counter can hold; it stays there")
      case (true, false): tr("\(value) is the smallest value a counter can hold; it stays there")
      case (false, true):
        tr("that would pass \(Counter.values.upperBound), the largest value a counter can hold; the value stays \(value)")
      case (false, false):
        tr("that would pass \(Counter.values.lowerBound), the smallest value a counter can hold; the value stays \(value)")
      }
    }
  }
}
