import TallyReference

/// One step of a sequence that the model and the real parts both run, decoded from a number
/// so that the property tests can shrink a failing sequence to the shortest one.
struct CountingStep: Equatable, CustomStringConvertible {
  /// The machine it happens on (0 to 2).
  var machine: Int
  var action: Action

  enum Action: Equatable {
    case create(name: String)
    case add(counter: Int, delta: Int)
    case set(counter: Int, value: Int)
    /// `u`: the last value change or delete made, undone where it was made.
    case undo
    case rename(counter: Int, name: String)
    case delete(counter: Int)
    case link(counter: Int, to: Int, every: Int)
    case clearLink(counter: Int)
    case bounds(counter: Int, minimum: Int?, maximum: Int?)
    case goal(counter: Int, text: String?)
    case alert(counter: Int, at: Int?)
    case group(counter: Int, name: String?)
    case step(counter: Int, step: Int)
    /// `tally sync enable`; the first machine joins first. `early`: before the sync engine has
    /// brought the others' files into the folder.
    case enable(early: Bool)
    /// Another machine's files copied into this one's folder, and read here.
    case exchange(from: Int)
    case restart
  }

  /// Names at the edges: emoji, CJK, the longest, and some that are refused.
  static let names = [
    "Count", "rows", "repeats", "☕ coffee", "日本語", "👨‍👩‍👧 family", String(repeating: "x", count: 32),
    String(repeating: "y", count: 33), " padded", "zero\u{200B}width", "right\u{202E}left", "laps",
  ]
  static let amounts = [1, -1, 5, -5, 12, 0, 3, Int.max, Int.min, 1000, -12, 7]

  init(machine: Int, action: Action) {
    self.machine = machine
    self.action = action
  }

  init(_ seed: Int) {
    let machine = (seed / 13) % 3
    let counter = (seed / 41) % 4
    let other = (seed / 167) % 4
    let amount = Self.amounts[(seed / 7) % Self.amounts.count]
    let name = Self.names[(seed / 11) % Self.names.count]
    self.machine = machine
    action =
      switch seed % 19 {
      case 0, 1: .create(name: name)
      case 2, 3, 4, 5: .add(counter: counter, delta: amount)
      case 6: .set(counter: counter, value: amount)
      case 7: .undo
      case 8: .rename(counter: counter, name: name)
      case 9: .delete(counter: counter)
      case 10: .link(counter: counter, to: other, every: [2, 12, 3, 1][(seed / 700) % 4])
      case 11: .clearLink(counter: counter)
      case 12:
        .bounds(
          counter: counter, minimum: (seed / 700) % 3 == 0 ? nil : -abs(amount % 20),
          maximum: (seed / 2100) % 3 == 0 ? nil : abs(amount % 30))
      case 13: .goal(counter: counter, text: ["8/day", "at most 2/day", "at most 0/day", nil, "300"][(seed / 700) % 5])
      case 14: .alert(counter: counter, at: [nil, 10, 100, 1][(seed / 700) % 4])
      case 15: .group(counter: counter, name: [nil, "Health", "health", "Work"][(seed / 700) % 4])
      case 16: .enable(early: (seed / 700) % 2 == 0)
      case 17: (seed / 700) % 4 == 0 ? .restart : .exchange(from: other % 3)
      default: .step(counter: counter, step: [1, 2, 0, 12][(seed / 700) % 4])
      }
  }

  var description: String {
    "m\(machine): " + action.description
  }
}

extension CountingStep.Action: CustomStringConvertible {
  var description: String {
    switch self {
    case .create(let name): "new \(name.debugDescription)"
    case .add(let counter, let delta): "inc #\(counter) --by \(delta)"
    case .set(let counter, let value): "set #\(counter) \(value)"
    case .undo: "u"
    case .rename(let counter, let name): "rename #\(counter) \(name.debugDescription)"
    case .delete(let counter): "rm #\(counter)"
    case .link(let counter, let to, let every): "link #\(counter) #\(to) --every \(every)"
    case .clearLink(let counter): "link #\(counter) --clear"
    case .bounds(let counter, let minimum, let maximum):
      "bounds #\(counter) --min \(minimum.map(String.init) ?? "-") --max \(maximum.map(String.init) ?? "-")"
    case .goal(let counter, let text): "goal #\(counter) \(text ?? "--clear")"
    case .alert(let counter, let at): "alert #\(counter) \(at.map(String.init) ?? "--clear")"
    case .group(let counter, let name): "group #\(counter) \(name ?? "--clear")"
    case .step(let counter, let step): "step #\(counter) \(step)"
    case .enable(let early): early ? "sync enable (the folder still empty)" : "sync enable"
    case .exchange(let from): "receive m\(from)'s files"
    case .restart: "restart"
    }
  }
}
