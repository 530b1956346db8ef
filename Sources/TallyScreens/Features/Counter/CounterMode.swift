/// What the counter screen is doing.
///
/// It is counting, or waiting on a prompt, a confirmation or the help overlay. Each mode
/// has its own key map.
public enum CounterMode: Sendable, Equatable {
  case counting
  case prompt(Prompt)
  case confirmation(Confirmation)
  case help
}
