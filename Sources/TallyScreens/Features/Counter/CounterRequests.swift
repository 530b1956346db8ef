import FoundationEssentials
import TallyModel

/// Finds a counter's last change, for a note on it; answered with ``LastChangeFound``.
struct FindLastChange: ScreenTask {
  let counterID: String

  func perform(with services: ScreenServices) -> (any Sendable)? {
    // The changes of this burst of keys are still buffered: written first, so that the last
    // one is the one just made.
    services.writeBufferedChanges()
    return LastChangeFound(change: services.history.lastChange(ofCounter: counterID))
  }
}

/// The counter's last change as the history found it.
struct LastChangeFound: Sendable {
  let change: RecordedChange?
}

/// Puts `note` on a change (`nil` takes it off), for `purpose`; answered with ``NoteSet``.
struct SetNote: ScreenTask {
  let note: String?
  let change: RecordedChange
  let purpose: EditPurpose

  func perform(with services: ScreenServices) -> (any Sendable)? {
    NoteSet(succeeded: services.notes?.setNote(note, of: change) ?? false, purpose: purpose)
  }
}

/// Whether the note of a ``SetNote`` is in the history now.
struct NoteSet: Sendable {
  let succeeded: Bool
  let purpose: EditPurpose
}

/// What the counter screen shows of the history: the current counter's goal, and its last
/// change once the history is open.
struct CounterHistoryQuestion: HistoryQuestion {
  let counter: Counter
  /// The day the goal is read for.
  let day: Int
  let readsLastChange: Bool

  func answer(from history: HistoryReader, calendar: GoalCalendar, now: Date, last: CounterHistory?) -> CounterHistory {
    CounterHistory(
      goal: counter.goal == nil ? nil : GoalSummary.of(counter, history: history, now: now, calendar: calendar),
      lastChange: readsLastChange
        ? history.entries(ofCounter: counter.id, since: nil, until: nil, limit: 1).entries.last : nil)
  }
}

/// What the app read for ``CounterHistoryQuestion``.
public struct CounterHistory: Sendable {
  /// How the current counter stands toward its goal, if it has one.
  public var goal: GoalSummary?
  /// What last changed the current counter, if anything did and the history is open.
  public var lastChange: HistoryEntry?

  public init(goal: GoalSummary? = nil, lastChange: HistoryEntry? = nil) {
    (self.goal, self.lastChange) = (goal, lastChange)
  }
}
