/// What the counter screen asks for after a key, as a value: an edit of the counters for
/// ``CountersModel``, or something the app does.
public enum CounterEffect: Sendable, Equatable {
  case edit(CounterEdit)
  /// Show the current counter's history.
  case openHistory
  /// The help opened (reported to `Analytics` as a screen).
  case helpShown
  case quit
}
