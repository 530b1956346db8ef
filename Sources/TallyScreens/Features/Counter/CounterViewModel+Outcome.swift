import TallyLocalization
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
        warn(
          undoing
            ? tr("Cannot undo: that counter was deleted meanwhile.") : tr("Cannot redo: that counter was deleted meanwhile."))
      case (.replay(_, let undoing, let summary), _):
        warn(undoing ? tr("Cannot undo \(summary): \(error)") : tr("Cannot redo \(summary): \(error)"))
      case (_, .unknownCounter):
        mode = .counting
        warn(tr("That counter was deleted meanwhile; nothing changed."))
      case (.prompt(let prompt), _): refuse(prompt, error)
      case (.change, _): warn(Self.sentence(error.description))
      }
      return
    }
    if let done = undo.took(made, for: purpose) { inform(done) }
  }

  /// Replays the latest change to undo (or redo), or says there is none.
  func replay(undoing: Bool, counters: CounterList) -> ScreenUpdate {
    guard let update = undo.replay(undoing: undoing, counters: counters) else {
      inform(undoing ? tr("Nothing to undo.") : tr("Nothing to redo."))
      return []
    }
    return update
  }

  /// Opens the prompt for a note on the counter's last change, or says there is none.
  func lastChangeFound(_ change: RecordedChange?, counters: CounterList) {
    guard let change else {
      let name = counters.counter(withID: counters.current.id).map { Self.shortName($0.name) } ?? tr("This counter")
      inform(tr("\(name) has no change to put a note on yet."))
      return
    }
    let name = Self.shortName(counters.counter(withID: change.entry.counter)?.name ?? change.entry.name)
    mode = .prompt(
      Prompt(
        purpose: .note(change), question: tr("Note on \(name) \(CounterChange.values(of: change.entry)):"),
        text: change.entry.note.map(TerminalText.escaped) ?? ""))
  }

  /// Keeps a note that was set for undo, or says why it was not.
  func noteSet(_ succeeded: Bool, for purpose: EditPurpose) {
    switch purpose {
    case .prompt(let prompt):
      guard case .note(let change) = prompt.purpose else { return }
      guard succeeded else {
        warn(tr("That change is no longer in the history; no note was set."))
        return
      }
      let note = try? ChangeNote.checked(prompt.field.text)
      undo.stack.record(.note(change, from: change.entry.note, to: note))
      let name = Self.shortName(change.entry.name)
      let values = CounterChange.values(of: change.entry)
      inform(note == nil ? tr("Note taken off: \(name) \(values).") : tr("Noted: \(name) \(values)."))
    case .replay(let change, let undoing, let summary):
      guard succeeded else {
        warn(
          undoing
            ? tr("Cannot undo \(summary): that change is no longer in the history.")
            : tr("Cannot redo \(summary): that change is no longer in the history."))
        return
      }
      inform(undo.replayed(change, undoing: undoing, result: nil, summary: summary))
    case .change: break
    }
  }
}
