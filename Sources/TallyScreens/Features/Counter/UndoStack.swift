import TallyLocalization
import TallyModel

/// The changes made this run, for undo and redo across every counter: the latest ``limit``.
public struct UndoStack: Sendable, Equatable {
  public static let limit = 10_000

  public internal(set) var undoable: [CounterChange] = []
  public internal(set) var redoable: [CounterChange] = []

  public init() {}

  /// A new change: nothing is left to redo.
  public mutating func record(_ change: CounterChange) {
    pushUndoable(change)
    redoable.removeAll()
  }

  public mutating func pushUndoable(_ change: CounterChange) {
    undoable.append(change)
    if undoable.count > Self.limit { undoable.removeFirst(undoable.count - Self.limit) }
  }

  /// Points one stack's changes about counter `old` at `new`: the older ones when an undo puts
  /// a deleted counter back, the newer ones when a redo makes it again.
  public mutating func replaceCounterID(_ old: String, with new: String, inUndoable: Bool) {
    if inUndoable {
      undoable = undoable.map { $0.replacingCounterID(old, with: new) }
    } else {
      redoable = redoable.map { $0.replacingCounterID(old, with: new) }
    }
  }
}

/// The app's one undo stack, shared by every screen that changes counters: a change made on
/// one is undone by `u` on another, in the order made, with the same words.
public final class SharedUndo {
  public internal(set) var stack = UndoStack()

  public init() {}

  /// Pops the latest change to undo (or redo) and returns the edits that replay it; `nil`
  /// when there is none.
  func replay(undoing: Bool, counters: CounterList) -> ScreenUpdate? {
    guard let change = undoing ? stack.undoable.popLast() : stack.redoable.popLast() else { return nil }
    let purpose = EditPurpose.replay(
      change, undoing: undoing,
      summary: change.summary(name: counters.counter(withID: change.counterID)?.name ?? tr("a deleted counter")))
    // A note is the history's, not the counters': the app sets it and answers `NoteSet`.
    if case .note(let noted, let from, let to) = change {
      return [SetNote(note: undoing ? from : to, change: noted, purpose: purpose).asked, .edit(.select(noted.entry.counter))]
    }
    let edits: [CounterEdit] =
      switch change {
      case .value(let id, let from, let to): [.shift(id, from: undoing ? to : from, to: undoing ? from : to), .select(id)]
      case .step(let id, let from, let to): [.setStep(undoing ? from : to, of: id), .select(id)]
      case .goal(let id, let from, let to): [.setGoal(undoing ? from : to, of: id), .select(id)]
      case .group(let id, let from, let to): [.setGroup(undoing ? from : to, of: id), .select(id)]
      case .rules(let id, let from, let to): [.setRules(undoing ? from : to, of: id), .select(id)]
      case .rename(let id, let from, let to): [.rename(id, to: undoing ? from : to), .select(id)]
      case .create(let counter, let index, let previousID):
        undoing ? [.delete(counter.id), .select(previousID)] : [.restore(counter, at: index)]
      case .delete(let counter, let index): undoing ? [.restore(counter, at: index)] : [.delete(counter.id)]
      case .note: []
      }
    return ScreenUpdate(edits.map(ScreenEffect.edit), purpose: purpose)
  }

  /// Keeps a replayed change on the other stack as it stands now (a restored counter under the
  /// id it got), and returns what was done: "Undone: cars 12 → 11 (now 11)".
  func replayed(_ change: CounterChange, undoing: Bool, result: CounterChange?, summary: String) -> String {
    var kept = change
    switch (change, result) {
    case (.create(_, let index, let previousID), .delete(let deleted, _)?):
      kept = .create(deleted, index: index, previousID: previousID)
    case (.create(let counter, let index, let previousID), .create(let restored, _, _)?):
      stack.replaceCounterID(counter.id, with: restored.id, inUndoable: false)
      kept = .create(restored, index: index, previousID: previousID)
    case (.delete(let counter, let index), .create(let restored, _, _)?):
      stack.replaceCounterID(counter.id, with: restored.id, inUndoable: true)
      kept = .delete(restored, index: index)
    case (.delete, .delete(let deleted, let index)?): kept = .delete(deleted, index: index)
    default: break
    }
    if undoing { stack.redoable.append(kept) } else { stack.pushUndoable(kept) }
    let now = if case .value(_, _, let value)? = result { tr(" (now \(value))") } else { "" }
    return undoing ? tr("Undone: \(summary)\(now)") : tr("Redone: \(summary)\(now)")
  }

  /// What a screen's status line says of the edits' outcome: the first refusal, or what an undo
  /// did; the changes made are kept for undo.
  func message(for outcomes: [Result<CounterChange?, CounterError>], purpose: EditPurpose) -> StatusMessage? {
    if let error = outcomes.lazy.compactMap({ if case .failure(let error) = $0 { error } else { nil } }).first {
      return StatusMessage(error.description, kind: .warning)
    }
    return took(outcomes.compactMap { try? $0.get() }, for: purpose).map { StatusMessage($0, kind: .news) }
  }

  /// What a screen's status line says once the app set, or could not set, the note of an
  /// undo; `nil` for a note of another purpose.
  func noteReplayed(_ set: NoteSet) -> StatusMessage? {
    guard case .replay(let change, let undoing, let summary) = set.purpose else { return nil }
    return set.succeeded
      ? StatusMessage(replayed(change, undoing: undoing, result: nil, summary: summary), kind: .news)
      : StatusMessage(tr("Cannot undo \(summary): that change is no longer in the history."), kind: .warning)
  }

  /// Keeps what `made` changed for undo, or, for a replay, moves it to the other stack and
  /// returns what was done.
  func took(_ made: [CounterChange], for purpose: EditPurpose) -> String? {
    if case .replay(let change, let undoing, let summary) = purpose {
      return replayed(change, undoing: undoing, result: made.first, summary: summary)
    }
    for change in made { stack.record(change) }
    return nil
  }
}

/// What the edits of the counter screen's and the board's updates are for: how the screen
/// takes in their outcome (``ScreenUpdate/purpose``; none is a plain change).
public enum EditPurpose: Sendable, Equatable {
  /// A change to record for undo.
  case change
  /// The answer to a prompt, which stays open if the change is refused.
  case prompt(Prompt)
  /// An undo or a redo of a change; `summary` names it in the status line.
  case replay(CounterChange, undoing: Bool, summary: String)

  /// The purpose an outcome came back with.
  public init(_ purpose: (any Sendable)?) { self = purpose as? EditPurpose ?? .change }
}
