import ArgumentParser
import TallyCore

/// `tally generate-manual` (hidden): prints tally(1) in mdoc, built from the argument
/// parser's own help, so `Resources/man/tally.1` can be regenerated and checked by a test.
struct ManualCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate-manual", abstract: "Print the manual page (mdoc).", shouldDisplay: false)

  func run() throws {
    try Output.line(ManualPage.render())
  }
}

/// The manual page's text.
enum ManualPage {
  static func render() -> String {
    let root = TallyCommand.configuration
    var page = [
      ".Dd \(TallyCommand.releaseDate)",
      ".Dt TALLY 1",
      ".Os",
      ".Sh NAME",
      ".Nm tally",
      ".Nd \(escape(root.abstract))",
      ".Sh SYNOPSIS",
      ".Nm",
      ".Op Fl useInMemoryUserDefaults",
      ".Op Fl skipOnboarding",
      ".Op Fl Ar key Ar value ...",
      ".Nm",
      ".Ar command",
      ".Op Ar arguments ...",
      ".Sh DESCRIPTION",
    ]
    page += paragraphs(root.discussion)
    page += [".Sh COMMANDS"]
    for command in root.subcommands where command.configuration.shouldDisplay {
      page += [".Ss \(command.configuration.commandName ?? "")", ".Bd -literal"]
      page += TallyCommand.helpMessage(for: command, columns: 78)
        .split(separator: "\n", omittingEmptySubsequences: false).map { literal(String($0)) }
      page += [".Ed"]
    }
    page += [".Sh KEYS", "On the counter screen:", ".Bl -tag -width Ds"]
    for binding in CounterViewModel.keyMap.bindings {
      page += [".It \(escape(binding.label))", escape(binding.summary)]
    }
    page += [".El", ".Sh LAUNCH ARGUMENTS", ".Bl -tag -width Ds"]
    for argument in LaunchArgument.allCases {
      page += [".It Fl \(argument.name)", escape(argument.summary)]
    }
    page += [
      ".It Fl Ar key Ar value", "Start with value for a defaults key, given as a property-list XML fragment or a bare string:",
    ]
    for entry in AppDefaults.entries {
      page += [".Bl -tag -width Ds -compact", ".It Fl \(entry.key.name) Ar \(entry.kind.rawValue)", escape(entry.summary), ".El"]
    }
    page += [".El"]
    page += [
      ".Sh ENVIRONMENT", ".Bl -tag -width Ds",
      ".It Ev XDG_DATA_HOME", "Where the data directory is made; default", ".Pa ~/.local/share .",
      ".It Ev HOME", "Used when", ".Ev XDG_DATA_HOME", "is unset.",
      ".It Ev TALLY_LOCK_TIMEOUT", "Seconds a command waits for another tally to release the store (default 5).",
      ".It Ev NO_COLOR", "When set and not empty, the screen uses attributes only, no colour.",
      ".It Ev TERM", "The terminal type, for ncurses.",
      ".El",
      ".Sh FILES", ".Bl -tag -width Ds",
      ".It Pa $XDG_DATA_HOME/tally/defaults.plist", "The counters, an XML property list, replaced atomically on every change.",
      ".It Pa $XDG_DATA_HOME/tally/defaults.plist.corrupt-*", "A store that could not be read, moved aside.",
      ".El",
      ".Sh EXIT STATUS",
      "0 success; 1 no terminal for the interactive counter; 64 usage error; 65 unknown counter or bad value;",
      "74 the store cannot be read or written; 75 the store stayed locked by another tally.",
      ".Sh SEE ALSO", ".Xr ncurses 3",
    ]
    return page.joined(separator: "\n")
  }

  private static func paragraphs(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.isEmpty ? ".Pp" : escape(String(line))
    }
  }

  /// Text safe as a line of roff: no leading dot or quote, backslashes doubled.
  private static func escape(_ text: String) -> String {
    let escaped = text.split(separator: "\\", omittingEmptySubsequences: false).joined(separator: "\\e")
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }

  private static func literal(_ line: String) -> String {
    line.isEmpty ? "" : escape(line)
  }
}
