import TallyScreens

extension Key {
  var sendKeysArguments: [String] {
    switch self {
    case .character(" "): ["Space"]
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
    case .pageUp: ["PPage"]
    case .pageDown: ["NPage"]
    case .function(let number): ["F\(number)"]
    case .control(let letter): ["C-\(letter)"]
    case .character(let character): ["-l", "--", String(character)]
    case .mouse: preconditionFailure("tmux send-keys cannot click; the UI tests press keys")
    }
  }
}
