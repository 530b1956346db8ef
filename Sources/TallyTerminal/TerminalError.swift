/// Why the interactive terminal could not be started.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
  /// Standard input or output is not a terminal (a pipe, a file, /dev/null).
  case notATerminal(stream: String)
  /// ncurses does not know the terminal type in `TERM`.
  case unknownTerminalType(String?)
  /// The terminal type cannot move the cursor (such as `dumb`), so no screen can be drawn.
  case cannotAddressCursor(String)
  /// A system call needed for the terminal failed.
  case systemCall(String)

  public var description: String {
    switch self {
    case .notATerminal(let stream):
      "standard \(stream) is not a terminal; the interactive counter needs one (run tally in a terminal)"
    case .unknownTerminalType(let type?):
      "the terminal type \"\(type)\" is unknown; set TERM to one your system knows, such as xterm-256color"
    case .unknownTerminalType(nil):
      "TERM is not set; set it to your terminal's type, such as xterm-256color"
    case .cannotAddressCursor(let type):
      "the terminal type \"\(type)\" cannot move the cursor, so tally cannot draw its screen; use a full-screen terminal (TERM such as xterm-256color) or the subcommands (tally --help)"
    case .systemCall(let message):
      message
    }
  }
}
