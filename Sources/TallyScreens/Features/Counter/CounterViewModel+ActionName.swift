extension CounterViewModel.Action {
  /// The action's name in settings, `keys.<name>`; it never changes once released, since
  /// stores hold it.
  public var name: String {
    switch self {
    case .increment: "increment"
    case .decrement: "decrement"
    case .reset: "reset"
    case .setValue: "setValue"
    case .setStep: "setStep"
    case .setGoal: "setGoal"
    case .note: "note"
    case .undo: "undo"
    case .redo: "redo"
    case .nextCounter: "nextCounter"
    case .previousCounter: "previousCounter"
    case .nextGroup: "nextGroup"
    case .previousGroup: "previousGroup"
    case .newCounter: "newCounter"
    case .rename: "rename"
    case .delete: "delete"
    case .help: "help"
    case .history: "history"
    case .quit: "quit"
    }
  }
}
