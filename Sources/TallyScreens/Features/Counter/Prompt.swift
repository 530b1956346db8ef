import TallyLocalization
import TallyModel

/// A line that asks for text; Enter confirms, Esc cancels, and text refused keeps it open
/// with ``error`` saying why.
public struct Prompt: Sendable, Equatable {
  public enum Purpose: Sendable, Equatable {
    case newCounter
    case rename(counterID: String)
    case value(counterID: String)
    case amount(counterID: String)
    case step(counterID: String)
    case goal(counterID: String)
    case note(RecordedChange)
  }

  /// What a key does in a prompt; printable characters not bound here are typed.
  public enum Action: Sendable, Hashable {
    case confirm
    case cancel
    case deleteBackward
    case deleteForward
    case moveLeft
    case moveRight
    case moveToStart
    case moveToEnd
    case clear
  }

  public static let keyMap = KeyMap<Action>([
    .init([.enter], .confirm, label: "Enter", summary: trMarked("confirm"), hintPriority: 2),
    .init([.escape], .cancel, label: "Esc", summary: trMarked("cancel"), hintPriority: 2),
    .init([.backspace], .deleteBackward, label: "Backspace", summary: trMarked("delete"), isHinted: false),
    .init([.delete], .deleteForward, label: "Delete", summary: trMarked("delete forward"), isHinted: false),
    .init([.left], .moveLeft, label: "Left", summary: trMarked("move left"), isHinted: false),
    .init([.right], .moveRight, label: "Right", summary: trMarked("move right"), isHinted: false),
    .init([.home, .control("a")], .moveToStart, label: "Home", summary: trMarked("start"), isHinted: false),
    .init([.end, .control("e")], .moveToEnd, label: "End", summary: trMarked("end"), isHinted: false),
    .init([.control("u")], .clear, label: "Ctrl-U", summary: trMarked("clear"), isHinted: false),
  ])

  public var purpose: Purpose
  public var question: String
  public var field: TextField
  /// Why the last confirmed text was refused.
  public var error: String?

  public init(purpose: Purpose, question: String, text: String = "") {
    self.purpose = purpose
    self.question = question
    field = TextField(text)
  }

  /// Applies an editing key; returns `.confirm` or `.cancel` for the caller to act on.
  public mutating func edit(with key: Key) -> Action? { field.edit(with: key) }
}
