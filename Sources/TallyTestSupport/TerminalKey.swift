/// A key the UI-test driver can press, named as tmux's `send-keys` names it.
public enum TerminalKey: Sendable, Hashable {
  case space
  case enter
  case escape
  case tab
  case backTab
  case backspace
  case delete
  case up
  case down
  case left
  case right
  case home
  case end
  /// A control chord such as Ctrl-C: `.control("c")`.
  case control(Character)
  /// A single printable character, sent literally.
  case character(Character)

  /// The arguments to `tmux send-keys` that press this key.
  var sendKeysArguments: [String] {
    switch self {
    case .space: ["Space"]
    case .enter: ["Enter"]
    case .escape: ["Escape"]
    case .tab: ["Tab"]
    case .backTab: ["BTab"]
    case .backspace: ["BSpace"]
    case .delete: ["DC"]
    case .up: ["Up"]
    case .down: ["Down"]
    case .left: ["Left"]
    case .right: ["Right"]
    case .home: ["Home"]
    case .end: ["End"]
    case .control(let letter): ["C-\(letter)"]
    case .character(let character): ["-l", "--", String(character)]
    }
  }
}
