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
  /// Put `note` on a change in the history (`nil` takes its note off), for `purpose` (a
  /// prompt's answer, or an undo or redo); the app tells the screen whether that worked, with
  /// that purpose (``CounterOutcome/noteSet(_:for:)``).
  case setNote(String?, of: RecordedChange, for: EditPurpose)
  /// The help opened (reported to `EventRecorder` as a screen).
  case helpShown
  case quit
}

/// What a key on the counter screen asks for: the effects to carry out, and what the edits
/// among them are for, which the app hands back with their outcome (``CounterOutcome``).
///
/// A note carries its own purpose (``CounterEffect/setNote(_:of:for:)``).
///
/// An array literal is an update of plain changes: `[.edit(.add(1, to: id))]`.
public struct CounterUpdate: Sendable, Equatable, ExpressibleByArrayLiteral {
  /// What should happen, in order.
  public var effects: [CounterEffect]
  /// What the edits among ``effects`` are for.
  public var purpose: EditPurpose

  public init(_ effects: [CounterEffect], purpose: EditPurpose = .change) {
    self.effects = effects
    self.purpose = purpose
  }

  public init(arrayLiteral effects: CounterEffect...) {
    self.init(effects)
  }
}

/// What the edits of an update are for: how the screen takes in their outcome.
public enum EditPurpose: Sendable, Equatable {
  /// A change to record for undo.
  case change
  /// The answer to a prompt, which stays open if the change is refused.
  case prompt(Prompt)
  /// An undo or a redo of a change; `summary` names it in the status line.
  case replay(CounterChange, undoing: Bool, summary: String)
}

/// What became of an update's edits, handed back to the screen
/// (``CounterViewModel/receive(_:)``) with the purpose the update gave them.
public enum CounterOutcome: Sendable {
  /// What ``CountersModel`` made of the edits: a change each, or why not.
  case edited([Result<CounterChange?, CounterError>], for: EditPurpose)
  /// Whether the note of a ``CounterEffect/setNote(_:of:for:)`` is in the history now.
  case noteSet(Bool, for: EditPurpose)
}
