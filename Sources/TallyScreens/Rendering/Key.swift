/// A key press, as the terminal layer decoded it.
public enum Key: Hashable, Sendable {
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
  case function(Int)
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
