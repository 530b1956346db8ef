import TallyCore

extension CounterViewModel {
  /// Types `text` one scalar at a time, as the terminal delivers it: an emoji sequence
  /// arrives as its scalars.
  public func type(_ text: String) {
    for scalar in text.unicodeScalars { handle(.character(Character(scalar))) }
  }

  /// Presses each key in turn.
  public func press(_ keys: Key...) {
    for key in keys { handle(key) }
  }

  /// Makes a counter named `name` as a user does: `n`, the name, Enter.
  public func createCounter(named name: String) {
    press(.character("n"))
    type(name)
    press(.enter)
  }

  /// The prompt on screen, if any.
  public var prompt: Prompt? {
    if case .prompt(let prompt) = mode { return prompt }
    return nil
  }

  /// The confirmation on screen, if any.
  public var confirmation: Confirmation? {
    if case .confirmation(let confirmation) = mode { return confirmation }
    return nil
  }
}
