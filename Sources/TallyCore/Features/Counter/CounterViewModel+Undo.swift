/// Undo and redo, across counters.
///
/// A value change is undone by moving the value back by the same difference
/// (`CounterStore.shift`): back to where it was when nobody else changed it, and otherwise
/// with the other process's change kept. A change that can no longer be replayed (its
/// counter was deleted elsewhere, its old name was taken, a limit is in the way) is dropped,
/// and the message says why. Undo and redo show the counter they changed.
extension CounterViewModel {
  /// Undoes the latest change not yet undone.
  public func undo() {
    guard let change = history.popUndoable() else {
      inform("Nothing to undo.")
      return
    }
    let summary = change.summary(name: name(of: change))
    do {
      history.pushRedoable(try replay(change, undoing: true))
      inform("Undone: \(summary)\(outcome(of: change))")
    } catch {
      warn(Self.refusal("undo", summary, error))
    }
    finishChange()
  }

  /// Redoes the latest change undone, unless a new change was made since.
  public func redo() {
    guard let change = history.popRedoable() else {
      inform("Nothing to redo.")
      return
    }
    let summary = change.summary(name: name(of: change))
    do {
      history.pushUndoable(try replay(change, undoing: false))
      inform("Redone: \(summary)\(outcome(of: change))")
    } catch {
      warn(Self.refusal("redo", summary, error))
    }
    finishChange()
  }

  /// Makes `change` again (`undoing` false) or takes it back; returns the change as the
  /// other stack keeps it (a deleted counter with the value it had by then).
  private func replay(_ change: CounterChange, undoing: Bool) throws(CounterError) -> CounterChange {
    switch change {
    case .value(let id, let from, let to):
      try requireCounter(id)
      try store.shift(id, from: undoing ? to : from, to: undoing ? from : to)
      store.select(id)
      return change
    case .step(let id, let from, let to):
      try store.setStep(undoing ? from : to, of: id)
      store.select(id)
      return change
    case .rename(let id, let from, let to):
      try store.rename(id, to: undoing ? from : to)
      store.select(id)
      return change
    case .create(let counter, let index, let previousID):
      if undoing {
        let (deleted, _) = try store.delete(counter.id)
        if store.counter(withID: previousID) != nil { store.select(previousID) }
        return .create(deleted, index: index, previousID: previousID)
      }
      let restored = try restore(counter, at: index, undoing: false)
      return .create(restored, index: index, previousID: previousID)
    case .delete(let counter, let index):
      if undoing {
        let restored = try restore(counter, at: index, undoing: true)
        return .delete(restored, index: index)
      }
      let (deleted, deletedIndex) = try store.delete(counter.id)
      return .delete(deleted, index: deletedIndex)
    }
  }

  /// Puts a deleted counter back and shows it; if its id was taken meanwhile, the history
  /// follows it to its new one.
  private func restore(_ counter: Counter, at index: Int, undoing: Bool) throws(CounterError) -> Counter {
    let restored = try store.restore(counter, at: index)
    if restored.id != counter.id { history.replaceCounterID(counter.id, with: restored.id, inUndoable: undoing) }
    store.select(restored.id)
    return restored
  }

  /// " (now 12)" after a value change is replayed: with another process's change kept, the
  /// value is not always the one the change started from.
  private func outcome(of change: CounterChange) -> String {
    guard case .value(let id, _, _) = change, let value = store.counter(withID: id)?.value else { return "" }
    return " (now \(value))"
  }

  private func requireCounter(_ id: String) throws(CounterError) {
    guard store.counter(withID: id) != nil else { throw .unknownCounter(id) }
  }

  private func name(of change: CounterChange) -> String {
    store.counter(withID: change.counterID)?.name ?? "a deleted counter"
  }

  private static func refusal(_ verb: String, _ summary: String, _ error: CounterError) -> String {
    if case .unknownCounter = error { return "Cannot \(verb): that counter was deleted meanwhile." }
    return "Cannot \(verb) \(summary): \(error)"
  }
}
