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

  static let configuration = CommandConfiguration(
    commandName: "tally",
    abstract: "A tally counter for the terminal.",
    discussion: """
      Without a subcommand, tally opens the interactive counter. Keys: Space, +, Up or k \
      adds one; q or Ctrl-C quits.

      Counts are saved to $XDG_DATA_HOME/tally/defaults.plist (by default \
      ~/.local/share/tally/defaults.plist) before they are shown.
      """,
    version: version,
    subcommands: [IncrementCommand.self, GetCommand.self]
  )

  @Flag(
    name: .customLong(LaunchArgument.useInMemoryUserDefaults.name, withSingleDash: true),
    help: "Keep everything in memory: nothing is read from or written to disk.")
  var useInMemoryUserDefaults = false

  @Flag(
    name: .customLong(LaunchArgument.skipOnboarding.name, withSingleDash: true),
    help: "Do not show onboarding (records it as shown in the store in use).")
  var skipOnboarding = false

  var launchArguments: Set<LaunchArgument> {
    var arguments: Set<LaunchArgument> = []
    if useInMemoryUserDefaults { arguments.insert(.useInMemoryUserDefaults) }
    if skipOnboarding { arguments.insert(.skipOnboarding) }
    return arguments
  }

  /// Takes the single-dash launch arguments out of the command line (a mistake there is a
  /// usage error, before anything is read or written), then parses and runs the command.
  static func main() {
    do {
      main(try LaunchArgumentScanner.scan(Array(CommandLine.arguments.dropFirst())).remaining)
    } catch {
      Platform.printError(error.description)
      exit(withError: ExitCode(ExitStatus.usage))
    }
  }

  /// The `-<key> <value>` overrides of this command line (already checked by `main()`).
  static var argumentDomain: [String: PropertyListValue] {
    (try? LaunchArgumentScanner.scan(Array(CommandLine.arguments.dropFirst())).argumentDomain) ?? [:]
  }

  func run() throws {
    let status = InteractiveApp(
      arguments: launchArguments, argumentDomain: Self.argumentDomain, environment: Platform.environment()
    ).run()
    if status != ExitStatus.success { throw ExitCode(status) }
  }
}
