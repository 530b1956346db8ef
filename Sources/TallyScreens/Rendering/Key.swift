/// A key press, decoded from the terminal into what the user pressed.
///
/// Only the terminal layer knows how keys arrive; view models see these values.
public enum Key: Hashable, Sendable {
  /// A printable character, including space.
  case character(Character)
  /// A control chord such as Ctrl-C, named by its lowercase letter.
  case control(Character)
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
  case pageUp
  case pageDown
  /// A function key, F1 through F12 and beyond.
  case function(Int)
  /// A mouse button pressed or released at a cell of the screen.
  case mouse(MouseEvent)

  public static let space = Key.character(" ")
}

/// A mouse event at a screen cell.
public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case press
    case release
    case scrollUp
    case scrollDown
  }

  public var kind: Kind
  public var column: Int
  public var row: Int

  public init(_ kind: Kind, column: Int, row: Int) {
    self.kind = kind
    self.column = column
    self.row = row
  }
}
