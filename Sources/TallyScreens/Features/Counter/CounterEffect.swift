import TallyModel

/// What the counter screen asks for after a key, as a value: an edit of the counters for
/// ``CountersModel``, or something the app does.
public enum CounterEffect: Sendable, Equatable {
  case edit(CounterEdit)
  /// Show the current counter's history.
  case openHistory
  /// Find the counter's last change in the history, for a note on it; the app hands it to
  /// ``CounterViewModel/lastChangeFound(_:counters:)``.
  case findLastChange(counterID: String)
  /// Put `note` on a change in the history (`nil` takes its note off); the app tells
  /// ``CounterViewModel/noteSet(_:)`` whether that worked.
  case setNote(String?, of: RecordedChange)
  /// The help opened (reported to `Analytics` as a screen).
  case helpShown
  case quit
}
