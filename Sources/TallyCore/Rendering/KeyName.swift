extension Key {
  /// The key as the help and the README name it: "Space", "Ctrl-R", "Shift-Tab", "k".
  public var displayName: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .control(let letter): "Ctrl-" + letter.uppercased()
    case .enter: "Enter"
    case .escape: "Esc"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PageUp"
    case .pageDown: "PageDown"
    case .function(let number): "F\(number)"
    case .mouse: "click"
    }
  }
}
