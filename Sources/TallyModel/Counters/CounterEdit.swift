/// A change to the counters that a screen or a command asks for, made by ``CountersModel``.
public enum CounterEdit: Sendable, Equatable {
  /// Adds `delta` (which may be negative) to a counter's value, refused past `Int`'s range.
  case add(Int, to: String)
  case setValue(Int, of: String)
  /// Moves a counter's value by `to - from`, for undo and redo, keeping other processes' changes.
  case shift(String, from: Int, to: Int)
  /// Sets how much a press adds; at least 1.
  case setStep(Int, of: String)
  /// Sets a counter's goal, or clears it with `nil`.
  case setGoal(Goal?, of: String)
  /// Sets a counter's link, bounds and alert, refused when a link would loop or the value is
  /// outside the bounds.
  case setRules(CounterRules, of: String)
  /// Puts a counter in a group (the name as given, trimmed), or in none with `nil`.
  case setGroup(String?, of: String)
  case rename(String, to: String)
  /// Makes a counter at the end of the list, at 0 with step 1, and shows it when `selecting`.
  case create(named: String, selecting: Bool)
  /// Deletes a counter and its value; the current counter moves to a neighbour.
  case delete(String)
  /// Puts a deleted counter back at `index` with its value, and shows it (for undo).
  case restore(Counter, at: Int)
  /// Shows a counter; nothing happens if it is gone.
  case select(String)
}
