import ArgumentParser
import TallyCore
import TallyTerminal

/// The `tally` command: a tally counter for the terminal.
///
/// Without a subcommand it opens the interactive counter; `inc` and `get` work on the same
/// store from scripts.
@main
struct TallyCommand: ParsableCommand {
  static let version = "0.1.0"
  /// The date the manual page carries.
  static let releaseDate = "November 23, 2026"

  static let configuration = CommandConfiguration(
    commandName: "tally",
    abstract: "A tally counter for the terminal.",
    discussion: """
      Without a subcommand, tally opens the interactive counter (press ? there for its keys). \
      The subcommands work on the same counters from scripts; NAME defaults to the counter \
      on screen. Exit status: 0 success, 1 no terminal, 64 usage error, 65 unknown counter \
      or bad value, 74 store unreadable or unwritable, 75 store locked by another tally for \
      longer than $TALLY_LOCK_TIMEOUT seconds (default 5).

      Counts are saved to $XDG_DATA_HOME/tally/defaults.plist (by default \
      ~/.local/share/tally/defaults.plist) before they are shown.
      """,
    version: version,
    subcommands: [
      IncrementCommand.self, DecrementCommand.self, SetCommand.self, ResetCommand.self, GetCommand.self,
      ListCommand.self, NewCommand.self, RemoveCommand.self, RenameCommand.self, LogCommand.self, StatsCommand.self,
      ManualCommand.self,
    ]
  )

  @Flag(
    name: .customLong(LaunchArgument.useInMemoryUserDefaults.name, withSingleDash: true),
    help: ArgumentHelp(LaunchArgument.useInMemoryUserDefaults.summary))
  var useInMemoryUserDefaults = false

  @Flag(
    name: .customLong(LaunchArgument.skipOnboarding.name, withSingleDash: true),
    help: ArgumentHelp(LaunchArgument.skipOnboarding.summary))
  var skipOnboarding = false

  var launchArguments: LaunchArguments {
    var arguments: LaunchArguments = []
    if useInMemoryUserDefaults { arguments.insert(.useInMemoryUserDefaults) }
    if skipOnboarding { arguments.insert(.skipOnboarding) }
    return arguments
  }

  /// Takes the single-dash launch arguments out of the command line (a mistake there is a
  /// usage error, before anything is read or written), then parses and runs the command.
  ///
  /// The most common command lines skip the argument parser (`CommonCommandLine`).
  static func main() {
    // Past a file-size limit, a write should fail with EFBIG and be reported, not kill tally.
    Platform.ignoreFileSizeSignal()
    let remaining: [String]
    do {
      remaining = try LaunchArgumentScanner.scan(Array(CommandLine.arguments.dropFirst())).remaining
    } catch {
      Platform.printError(error.description)
      exit(withError: ExitCode(ExitStatus.usage))
    }
    guard let common = CommonCommandLine.recognize(remaining) else {
      main(remaining)
      return
    }
    do {
      try run(common)
    } catch {
      exit(withError: error)
    }
  }

  /// Runs a recognised common command line through the same functions as the parser's path.
  static func run(_ common: CommonCommandLine) throws {
    switch common {
    case .interactive(let flags):
      let status = InteractiveApp(arguments: flags, argumentDomain: argumentDomain, environment: Platform.environment()).run()
      if status != ExitStatus.success { throw ExitCode(status) }
    case .add(let name, let amount, let sign, let quiet):
      try IncrementCommand.add(name: name, amount: amount, sign: sign, quiet: quiet)
    case .get(let name, let json, let quiet):
      try GetCommand.show(name: name, json: json, quiet: quiet)
    case .reset(let name, let quiet):
      try ResetCommand.reset(name: name, quiet: quiet)
    case .list(let json, let quiet):
      try ListCommand.list(json: json, quiet: quiet)
    }
  }

  /// The `-<key> <value>` overrides of this command line (already checked by `main()`).
  static var argumentDomain: [String: PropertyListValue] {
    (try? LaunchArgumentScanner.scan(Array(CommandLine.arguments.dropFirst())).argumentDomain) ?? [:]
  }

  func run() throws {
    try Self.run(.interactive(launchArguments))
  }
}
