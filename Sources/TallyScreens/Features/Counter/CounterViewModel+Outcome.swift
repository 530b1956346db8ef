import TallyModel
import TallyPlatform

/// What became of the edits, and undo and redo across counters. A value is undone by moving it
/// back by the same difference, so another process's change is kept; a change that can no
/// longer be replayed is dropped, saying why.
extension CounterViewModel {
  /// Keeps the changes made for undo, or shows the refusal (a refused prompt stays open).
  func applied(_ outcomes: [Result<CounterChange?, CounterError>], for purpose: EditPurpose) {
    let made = outcomes.compactMap { try? $0.get() }
    for case .failure(let error) in outcomes {
      switch (purpose, error) {
      case (.replay(_, let undoing, _), .unknownCounter):
        warn("Cannot \(undoing ? "undo" : "redo"): that counter was deleted meanwhile.")
      case (.replay(_, let undoing, let summary), _): warn("Cannot \(undoing ? "undo" : "redo") \(summary): \(error)")
      case (_, .unknownCounter):
        mode = .counting
        warn("That counter was deleted meanwhile; nothing changed.")
      case (.prompt(let prompt), _): refuse(prompt, error)
      case (.change, _): warn(Self.sentence(error.description))
      }
      return
    }
    if case .replay(let change, let undoing, let summary) = purpose {
      replayed(change, undoing: undoing, result: made.first, summary: summary)
    } else {
      for change in made { undoStack.record(change) }
    }
  }

  /// Pops the latest change to undo (or redo) and returns the edits that replay it.
  func replay(undoing: Bool, counters: CounterList) -> ScreenUpdate {
    guard let change = undoing ? undoStack.undoable.popLast() : undoStack.redoable.popLast() else {
      inform("Nothing to \(undoing ? "undo" : "redo").")
      return []
    }
    let purpose = EditPurpose.replay(
      change, undoing: undoing,
      summary: change.summary(name: counters.counter(withID: change.counterID)?.name ?? "a deleted counter"))
    // A note is the history's, not the counters': the app sets it and answers `.noteSet`.
    if case .note(let noted, let from, let to) = change {
      return [.setNote(undoing ? from : to, of: noted, for: purpose), .edit(.select(noted.entry.counter))]
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

  /// Opens the prompt for a note on the counter's last change, or says there is none.
  func lastChangeFound(_ change: RecordedChange?, counters: CounterList) {
    guard let change else {
      let name = counters.counter(withID: counters.current.id).map { Self.shortName($0.name) } ?? "This counter"
      inform("\(name) has no change to put a note on yet.")
      return
    }
    let name = Self.shortName(counters.counter(withID: change.entry.counter)?.name ?? change.entry.name)
    mode = .prompt(
      Prompt(
        purpose: .note(change), question: "Note on \(name) \(CounterChange.values(of: change.entry)):",
        text: change.entry.note.map(TerminalText.escaped) ?? ""))
  }

  /// Keeps a note that was set for undo, or says why it was not.
  func noteSet(_ succeeded: Bool, for purpose: EditPurpose) {
    switch purpose {
    case .prompt(let prompt):
      guard case .note(let change) = prompt.purpose else { return }
      guard succeeded else {
        warn("That change is no longer in the history; no note was set.")
        return
      }
      let note = try? ChangeNote.checked(prompt.field.text)
      undoStack.record(.note(change, from: change.entry.note, to: note))
      let name = Self.shortName(change.entry.name)
      inform("\(note == nil ? "Note taken off" : "Noted"): \(name) \(CounterChange.values(of: change.entry)).")
    case .replay(let change, let undoing, let summary):
      guard succeeded else {
        warn("Cannot \(undoing ? "undo" : "redo") \(summary): that change is no longer in the history.")
        return
      }
      replayed(change, undoing: undoing, result: nil, summary: summary)
    case .change: break
    }
  }

  /// Keeps a replayed change on the other stack as it stands now (a restored counter under the
  /// id it got), and says what was done.
  private func replayed(_ change: CounterChange, undoing: Bool, result: CounterChange?, summary: String) {
    var kept = change
    switch (change, result) {
    case (.create(_, let index, let previousID), .delete(let deleted, _)?):
      kept = .create(deleted, index: index, previousID: previousID)
    case (.create(let counter, let index, let previousID), .create(let restored, _, _)?):
      undoStack.replaceCounterID(counter.id, with: restored.id, inUndoable: false)
      kept = .create(restored, index: index, previousID: previousID)
    case (.delete(let counter, let index), .create(let restored, _, _)?):
      undoStack.replaceCounterID(counter.id, with: restored.id, inUndoable: true)
      kept = .delete(restored, index: index)
    case (.delete, .delete(let deleted, let index)?): kept = .delete(deleted, index: index)
    default: break
    }
    if undoing { undoStack.redoable.append(kept) } else { undoStack.pushUndoable(kept) }
    let now = if case .value(_, _, let value)? = result { " (now \(value))" } else { "" }
    inform("\(undoing ? "Undone" : "Redone"): \(summary)\(now)")
  }
}
