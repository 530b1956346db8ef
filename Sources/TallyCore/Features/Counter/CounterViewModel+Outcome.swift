/// What became of the edits an update asked for, and undo and redo across counters.
///
/// A value change is undone by moving the value back by the same difference
/// (``CounterEdit/shift(_:from:to:)``): back to where it was when nobody else changed it, and
/// otherwise with the other process's change kept. A change that can no longer be replayed
/// (its counter was deleted elsewhere, its old name was taken, a limit is in the way) is
/// dropped, and the message says why. Undo and redo show the counter they changed.
extension CounterViewModel {
  /// Takes in what ``CountersModel`` made of the edits the last update asked for: the
  /// changes are kept for undo, and a refusal is shown (a refused prompt stays open).
  public func applied(_ outcomes: [Result<CounterChange?, CounterError>]) {
    defer { pending = .change }
    let made = outcomes.compactMap { try? $0.get() }
    for case .failure(let error) in outcomes {
      switch (pending, error) {
      case (.replay(_, let undoing, let summary), _): warn(Self.refusal(undoing ? "undo" : "redo", summary, error))
      case (_, .unknownCounter):
        mode = .counting
        warn("That counter was deleted meanwhile; nothing changed.")
      case (.prompt(let prompt), _): refuse(prompt, error)
      case (.change, _): warn(Self.sentence(error.description))
      }
      return
    }
    if case .replay(let change, let undoing, let summary) = pending {
      replayed(change, undoing: undoing, result: made.first, summary: summary)
    } else {
      for change in made { undoStack.record(change) }
    }
  }

  /// Pops the latest change to undo (or redo) and returns the edits that replay it.
  func replay(undoing: Bool, counters: CounterList) -> [CounterEffect] {
    guard let change = undoing ? undoStack.popUndoable() : undoStack.popRedoable() else {
      inform("Nothing to \(undoing ? "undo" : "redo").")
      return []
    }
    pending = .replay(
      change, undoing: undoing,
      summary: change.summary(name: counters.counter(withID: change.counterID)?.name ?? "a deleted counter"))
    let edits: [CounterEdit] =
      switch change {
      case .value(let id, let from, let to): [.shift(id, from: undoing ? to : from, to: undoing ? from : to), .select(id)]
      case .step(let id, let from, let to): [.setStep(undoing ? from : to, of: id), .select(id)]
      case .goal(let id, let from, let to): [.setGoal(undoing ? from : to, of: id), .select(id)]
      case .rename(let id, let from, let to): [.rename(id, to: undoing ? from : to), .select(id)]
      case .create(let counter, let index, let previousID):
        undoing ? [.delete(counter.id), .select(previousID)] : [.restore(counter, at: index)]
      case .delete(let counter, let index): undoing ? [.restore(counter, at: index)] : [.delete(counter.id)]
      }
    return edits.map(CounterEffect.edit)
  }

  /// Keeps a replayed change on the other stack, as it stands now (a deleted counter with
  /// the value it had by then, a restored one under the id it got), and says what was done.
  private func replayed(_ change: CounterChange, undoing: Bool, result: CounterChange?, summary: String) {
    var kept = change
    switch (change, result) {
    case (.create(_, let index, let previousID), .delete(let deleted, _)?):
      kept = .create(deleted, index: index, previousID: previousID)
    case (.create(let counter, let index, let previousID), .create(let restored, _, _)?):
      follow(counter.id, to: restored.id, inUndoable: false)
      kept = .create(restored, index: index, previousID: previousID)
    case (.delete(let counter, let index), .create(let restored, _, _)?):
      follow(counter.id, to: restored.id, inUndoable: true)
      kept = .delete(restored, index: index)
    case (.delete, .delete(let deleted, let index)?): kept = .delete(deleted, index: index)
    default: break
    }
    if undoing { undoStack.pushRedoable(kept) } else { undoStack.pushUndoable(kept) }
    // With another process's change kept, the value is not always the one the change started from.
    let now = if case .value(_, _, let value)? = result { " (now \(value))" } else { "" }
    inform("\(undoing ? "Undone" : "Redone"): \(summary)\(now)")
  }

  /// A restored counter whose id was taken meanwhile got a new one: its changes follow it.
  private func follow(_ old: String, to new: String, inUndoable: Bool) {
    if old != new { undoStack.replaceCounterID(old, with: new, inUndoable: inUndoable) }
  }

  private static func refusal(_ verb: String, _ summary: String, _ error: CounterError) -> String {
    if case .unknownCounter = error { return "Cannot \(verb): that counter was deleted meanwhile." }
    return "Cannot \(verb) \(summary): \(error)"
  }
}
