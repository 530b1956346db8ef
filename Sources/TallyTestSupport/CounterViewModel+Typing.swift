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
