/// What happens when a prompt or a confirmation is answered.
extension CounterViewModel {
  /// Acts on a confirmed prompt: the change is made, or the prompt stays open saying why not.
  func confirm(_ prompt: Prompt) {
    let text = prompt.field.text
    if let id = prompt.counterID, store.counter(withID: id) == nil {
      mode = .counting
      warn("That counter was deleted meanwhile; nothing changed.")
      finishChange()
      return
    }
    do {
      switch prompt.purpose {
      case .newCounter: try createCounter(named: text)
      case .rename(let id): try renameCounter(id, to: text)
      case .value(let id): setValue(try CounterInput.value(from: text), of: id)
      case .step(let id): try setStep(try CounterInput.step(from: text), of: id)
      }
      mode = .counting
    } catch {
      var refused = prompt
      refused.error = Self.sentence(error.description)
      mode = .prompt(refused)
    }
  }

  /// Acts on the answer to a confirmation.
  func answer(_ confirmation: Confirmation, _ action: Confirmation.Action) {
    mode = .counting
    switch (confirmation.purpose, action) {
    case (.reset(let id), .confirm):
      guard store.counter(withID: id) != nil else {
        warn("That counter was deleted meanwhile; nothing changed.")
        return finishChange()
      }
      setValue(0, of: id)
    case (.delete(let id), .confirm):
      deleteCounter(id)
    case (.reset, .cancel): inform("Not reset.")
    case (.delete, .cancel): inform("Not deleted.")
    }
  }

  private func createCounter(named name: String) throws(CounterError) {
    let previous = currentID
    let made = try store.create(named: name)
    store.select(made.id)
    let index = store.records.firstIndex { $0.id == made.id } ?? 0
    record(.create(made, index: index, previousID: previous))
    finishChange()
  }

  private func renameCounter(_ id: String, to name: String) throws(CounterError) {
    let old = store.counter(withID: id)?.name ?? name
    try store.rename(id, to: name)
    let new = store.counter(withID: id)?.name ?? name
    if new != old { record(.rename(counterID: id, from: old, to: new)) }
    finishChange()
  }

  private func setStep(_ step: Int, of id: String) throws(CounterError) {
    let old = store.counter(withID: id)?.step ?? step
    try store.setStep(step, of: id)
    if step != old { record(.step(counterID: id, from: old, to: step)) }
    finishChange()
  }

  private func deleteCounter(_ id: String) {
    do {
      let (deleted, index) = try store.delete(id)
      record(.delete(deleted, index: index))
    } catch {
      warn(Self.sentence(error.description))
    }
    finishChange()
  }
}

extension Prompt {
  /// The counter the prompt is about; `nil` for a new counter.
  var counterID: String? {
    switch purpose {
    case .newCounter: nil
    case .rename(let id), .value(let id), .step(let id): id
    }
  }
}
