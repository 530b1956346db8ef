import ArgumentParser
import TallyApp
import TallyDefaults
import TallyLocalization
import TallyModel
import TallyPlatform
import TallyScreens
import TallySettings

/// The `tally` command; each subcommand's `@ParentCommand var root` is this command, for its
/// `-<key> <value>` overrides (``argumentDomain``).
@main
struct TallyCommand: ParsableCommand {
  static let version = "0.1.0"

  /// "Space, +, Up, k: add the step; ...", from the counter screen's key map.
  static let keyList = CounterViewModel.defaultKeyMap.bindings.map { binding in
    "\(binding.keyNames): \(binding.action == .help ? tr("every key") : tr(verbatim: binding.description))"
  }.joined(separator: "; ")

  // The discussion is the manual page's DESCRIPTION too (scripts/update-resources.sh).
  static let configuration = CommandConfiguration(
    commandName: "tally",
    abstract: tr("A tally counter for the terminal."),
    discussion: tr(
      """
      Without a subcommand, tally opens the interactive counter. Its keys (the defaults; \
      each can be changed, see Settings): \(keyList); Ctrl-Z suspends. H's history shows a \
      year as a heat map, a day by the hour, the days and every change; Tab goes through them.

      The subcommands work on the same counters from scripts; NAME defaults to the counter \
      on screen and is matched ignoring case.

      Files: $XDG_DATA_HOME/tally/defaults.plist (by default \
      ~/.local/share/tally/defaults.plist) holds the counters, saved before they are shown \
      and replaced atomically on every change; history.sqlite beside it (SQLite) is the \
      history of every change, kept until you delete it; a store that cannot be read is \
      moved aside as defaults.plist.corrupt-<time>. With `tally sync enable DIR`, DIR holds \
      each machine's NAME.tally.plist and its history, a file a month \
      (NAME.history.YYYY-MM.jsonl). \
      tally export writes every counter and its history as JSON or CSV, and tally import \
      reads it back, all of it or nothing.

      Goals: a day starts at local midnight (or at the hour the dayStartsAtHour setting \
      gives), a week \
      on Monday, a month on the 1st; a goal is met in a period when the period's changes \
      reach it, and the streak counts the periods met in a row.

      Settings: `tally config list` shows every setting (keys, theme, big digits, whether \
      reset and delete ask first, the lock timeout, the hour a day starts) and where its \
      value comes from; `tally \
      config set NAME VALUE` changes one, and -NAME VALUE before any subcommand or after it \
      sets one for this run only, such as -theme mono or -keys.increment k.

      Environment: XDG_DATA_HOME, or HOME without it, says where the data directory is; \
      TALLY_LOCK_TIMEOUT how many seconds a command waits for another tally to release the \
      store (default 5; it wins over the lockTimeout setting, and -lockTimeout over it); \
      NO_COLOR, when set and not empty, turns colour off whatever the theme; TERM is the \
      terminal type.

      Dates and times: --at, --since, --until and --on take today, yesterday, a date \
      (2026-11-20), a local time ("2026-11-20 18:30") or an ISO 8601 time \
      (2026-11-20T17:30:00Z); a day begins at the hour the dayStartsAtHour setting gives.

      Exit status: 0 success, 1 no terminal, 64 usage error (an unknown command, option or \
      setting, or a value an option never takes), 65 unknown counter or a value the data \
      refuses (a bound, a loop, a name), 74 store unreadable or unwritable, 75 store locked \
      by another tally for longer than the lock timeout. Every message starts "tally: ".
      """),
    version: version,
    subcommands: [
      IncrementCommand.self, DecrementCommand.self, SetCommand.self, ResetCommand.self, GetCommand.self,
      ListCommand.self, NewCommand.self, RemoveCommand.self, RenameCommand.self, LogCommand.self, StatsCommand.self,
      ConfigCommand.self, GoalCommand.self, GroupCommand.self, LinkCommand.self, BoundsCommand.self, AlertCommand.self,
      TableCommand.self,
      WatchCommand.self,
      ExportCommand.self, ImportCommand.self,
      SyncCommand.self,
    ],
    // Not `-h`: a single-dash word with an h in it (`-hasOnboardingBeenShown`) reads as a
    // cluster of short flags, and `-h` among them would print the help.
    helpNames: [.long]
  )

  @Flag(
    name: .customLong(LaunchArguments.useInMemoryUserDefaults.name, withSingleDash: true),
    help: ArgumentHelp(LaunchArguments.useInMemoryUserDefaults.summary))
  var useInMemoryUserDefaults = false

  @Flag(
    name: .customLong(LaunchArguments.skipOnboarding.name, withSingleDash: true),
    help: ArgumentHelp(LaunchArguments.skipOnboarding.summary))
  var skipOnboarding = false

  // `-<key> <value>`: one option per key of `AppDefaults.entries` that is not a setting (a
  // test checks the two lists agree), read wherever they stand, also after a subcommand.
  @Option(name: defaultsKey(.count), parsing: .unconditional, help: defaultsHelp(.count), transform: defaultsValue(.count))
  var count: PropertyListValue?

  @Option(
    name: defaultsKey(.hasOnboardingBeenShown), parsing: .unconditional, help: defaultsHelp(.hasOnboardingBeenShown),
    transform: defaultsValue(.hasOnboardingBeenShown))
  var hasOnboardingBeenShown: PropertyListValue?

  @Option(
    name: defaultsKey(.counters), parsing: .unconditional, help: defaultsHelp(.counters), transform: defaultsValue(.counters))
  var counters: PropertyListValue?

  @Option(
    name: defaultsKey(.currentCounter), parsing: .unconditional, help: defaultsHelp(.currentCounter),
    transform: defaultsValue(.currentCounter))
  var currentCounter: PropertyListValue?

  @Option(
    name: defaultsKey(.historyView), parsing: .unconditional, help: defaultsHelp(.historyView),
    transform: defaultsValue(.historyView))
  var historyView: PropertyListValue?

  private static func defaultsKey(_ key: DefaultsKey) -> NameSpecification {
    .customLong(key.name, withSingleDash: true)
  }

  private static func defaultsHelp(_ key: DefaultsKey) -> ArgumentHelp {
    let entry = AppDefaults.entry(named: key.name)
    return ArgumentHelp(
      tr("Start with this value for the defaults key: \(entry.map { tr($0.summary) } ?? key.name)."),
      valueName: entry?.kind.rawValue)
  }

  private static func defaultsValue(_ key: DefaultsKey) -> @Sendable (String) throws -> PropertyListValue {
    { text in
      guard let entry = AppDefaults.entry(named: key.name) else { throw ValidationError(tr("\(key.name) is not a defaults key")) }
      return try entry.value(fromArgument: text)
    }
  }

  var overrides: [String: PropertyListValue] {
    let values: [(DefaultsKey, PropertyListValue?)] = [
      (.count, count), (.hasOnboardingBeenShown, hasOnboardingBeenShown), (.counters, counters),
      (.currentCounter, currentCounter), (.historyView, historyView),
    ]
    return Dictionary(uniqueKeysWithValues: values.compactMap { key, value in value.map { (key.name, $0) } })
  }

  var launchArguments: LaunchArguments {
    var arguments: LaunchArguments = []
    if useInMemoryUserDefaults { arguments.insert(.useInMemoryUserDefaults) }
    if skipOnboarding { arguments.insert(.skipOnboarding) }
    return arguments
  }

  /// The settings' `-NAME VALUE`, which `main()` takes out of the command line (read there
  /// only) before the parser sees it.
  @TaskLocal static var settingDomain: [String: PropertyListValue] = [:]

  var argumentDomain: [String: PropertyListValue] { overrides.merging(Self.settingDomain) { $1 } }

  static func main() {
    // Past a file-size limit, a write should fail with EFBIG and be reported, not kill tally.
    Platform.ignoreFileSizeSignal()
    do {
      // The forms typed most skip building the parser's command tree, which costs more than
      // the start-up targets allow (docs/performance.md); everything else goes to the parser.
      let arguments: [String]
      let settings: [String: PropertyListValue]
      do {
        (arguments, settings) = try Settings.arguments(in: Array(CommandLine.arguments.dropFirst()))
      } catch {
        throw CommandContext.fail(error.description, status: ExitStatus.usage)
      }
      if let common = CommonCommandLine.recognize(arguments) {
        try run(common, argumentDomain: settings)
      } else {
        if let word = unknownCommand(in: arguments) {
          throw CommandContext.fail(
            tr("unknown command \"\(word)\"; `tally --help` lists the commands"), status: ExitStatus.usage)
        }
        var command = try parseAsRoot(arguments)
        try $settingDomain.withValue(settings) { try command.run() }
      }
    } catch {
      exit(withError: error)
    }
  }

  /// Every error the parser prints (its own, a `validate()`'s) starts as Tally's messages do,
  /// then its usage line; exit 64.
  static var _errorPrefix: String { "tally: " }

  /// The word in `tally help WORD...` or `tally WORD... --help` that names no command (the
  /// parser would print the whole help for it and exit 0), or `nil`.
  static func unknownCommand(in arguments: [String]) -> String? {
    var words = arguments
    if words.first == "help" { words.removeFirst() } else if !words.contains("--help") { return nil }
    var commands = configuration.subcommands
    for word in words.prefix(while: { !$0.hasPrefix("-") }) {
      if commands.isEmpty { return nil }
      guard let command = commands.first(where: { $0._commandName == word }) else { return word }
      commands = command.configuration.subcommands
    }
    return nil
  }

  /// Runs a recognised common command line through the functions the parser's commands run.
  static func run(_ common: CommonCommandLine, argumentDomain: [String: PropertyListValue]) throws {
    switch common {
    case .interactive(let flags): try runInteractive(flags, argumentDomain: argumentDomain)
    case .add(let name, let amount, let sign, let quiet):
      try IncrementCommand.add(name: name, amount: amount, sign: sign, quiet: quiet, argumentDomain: argumentDomain)
    case .get(let name, let json, let quiet, let format):
      try GetCommand.show(
        names: name.map { [$0] } ?? [], json: json, quiet: quiet, template: format.flatMap { try? CounterTemplate($0) },
        argumentDomain: argumentDomain)
    case .reset(let name, let quiet): try ResetCommand.reset(name: name, quiet: quiet, argumentDomain: argumentDomain)
    case .list(let json, let quiet): try ListCommand.list(json: json, quiet: quiet, argumentDomain: argumentDomain)
    }
  }

  private static func runInteractive(_ flags: LaunchArguments, argumentDomain: [String: PropertyListValue]) throws {
    let status = InteractiveApp(arguments: flags, argumentDomain: argumentDomain, environment: Platform.environment()).run()
    if status != ExitStatus.success { throw ExitCode(status) }
  }

  func run() throws {
    try Self.runInteractive(launchArguments, argumentDomain: argumentDomain)
  }
}
