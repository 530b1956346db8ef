import CNcurses
import TallyScreens

/// Turns what ncurses' `wget_wch` returns into Tally's `Key` values, without a terminal.
public enum KeyDecoder {
  /// What an input code means to the run loop.
  public enum Event: Equatable, Sendable {
    case key(Key)
    case resize
    /// A mouse report is waiting to be read with `getmouse`.
    case mouse
  }

  /// A character as `wget_wch` returns it with `OK`.
  public static func decode(character code: UInt32) -> Key? {
    switch code {
    case 10, 13: return .enter
    case 9: return .tab
    case 27: return .escape
    case 8, 127: return .backspace
    case 1...26: return .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
    case 0, 28...31: return nil
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .character(Character(scalar))
    }
  }

  /// A key code as `wget_wch` returns it with `KEY_CODE_YES`.
  public static func decode(keyCode code: Int32) -> Event? {
    switch code {
    case KEY_UP: return .key(.up)
    case KEY_DOWN: return .key(.down)
    case KEY_LEFT: return .key(.left)
    case KEY_RIGHT: return .key(.right)
    case KEY_HOME: return .key(.home)
    case KEY_END: return .key(.end)
    case KEY_PPAGE: return .key(.pageUp)
    case KEY_NPAGE: return .key(.pageDown)
    case KEY_ENTER: return .key(.enter)
    case KEY_BACKSPACE: return .key(.backspace)
    case KEY_DC: return .key(.delete)
    case KEY_BTAB: return .key(.backTab)
    case KEY_RESIZE: return .resize
    case KEY_MOUSE: return .mouse
    case (KEY_F0 + 1)...(KEY_F0 + 63): return .key(.function(Int(code - KEY_F0)))
    default: return nil
    }
  }

  /// A mouse report as `getmouse` returns it: button 1 pressed (or clicked) or released, or
  /// the wheel; other buttons mean nothing to Tally.
  public static func decode(mouseState state: mmask_t, column: Int, row: Int) -> Key? {
    guard let kind = mouseKinds.first(where: { state & $0.mask != 0 })?.kind else { return nil }
    return .mouse(MouseEvent(kind, column: column, row: row))
  }

  /// First match first.
  private static let mouseKinds: [(mask: mmask_t, kind: MouseEvent.Kind)] = [
    (tally_button1_pressed() | tally_button1_clicked(), .press), (tally_button1_released(), .release),
    (tally_button4_pressed(), .scrollUp), (tally_button5_pressed(), .scrollDown),
  ]
}
