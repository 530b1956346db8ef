/// Why the interactive terminal could not be started.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
  case notATerminal(stream: String)
  /// `nil`: `TERM` is not set.
  case unknownTerminalType(String?)
  /// Such as `dumb`.
  case cannotAddressCursor(String)
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
