import TallyLocalization

/// What the user's settings change on the screens: the keys of the counter screen, the board
/// and the history, whether reset and delete ask first, and whether the value is drawn in
/// large digits.
public struct ScreenSettings: Sendable {
  public var keyMap: KeyMap<CounterViewModel.Action>
  public var boardKeyMap = BoardViewModel.Action.defaultKeyMap
  public var historyKeyMap = HistoryViewModel.Action.defaultKeyMap
  /// Whether `r` asks "Reset …? y/N" first; without it the reset is immediate (and undoable).
  public var confirmsReset: Bool
  /// Whether `d` asks "Delete …? y/N" first; without it the delete is immediate (and undoable).
  public var confirmsDelete: Bool
  public var showsBigDigits: Bool

  public init(
    keyMap: KeyMap<CounterViewModel.Action> = CounterViewModel.defaultKeyMap, confirmsReset: Bool = true,
    confirmsDelete: Bool = true, showsBigDigits: Bool = true
  ) {
    var keyMap = keyMap
    // The help says "(asks first)" only when it does.
    if !confirmsReset { keyMap = keyMap.describing(.reset, as: trMarked("reset to 0")) }
    if !confirmsDelete { keyMap = keyMap.describing(.delete, as: trMarked("delete this counter")) }
    self.keyMap = keyMap
    self.confirmsReset = confirmsReset
    self.confirmsDelete = confirmsDelete
    self.showsBigDigits = showsBigDigits
  }
}
