import ArgumentParser
import TallyApp
import TallyDefaults
import TallyLocalization
import TallyModel
import TallyPlatform
import TallySettings
import TallySync

struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config", abstract: tr("Show and change the settings."),
    discussion: tr(
      """
      Settings are kept in the store beside the counters; with sync on, those that follow \
      the user go to every machine that syncs (the latest change wins), and those about this \
      machine only (lockTimeout) stay here. A value comes from, first to last: \
      a -NAME VALUE launch argument (this run only), the setting's environment variable \
      (TALLY_LOCK_TIMEOUT for lockTimeout), the user's value (config set), the default. \
      A value a setting does not allow is refused with the allowed ones (exit 65) and \
      nothing changes; an unknown setting is a usage error (exit 64).

      keys.ACTION takes key names separated by commas, as the ? help shows them: \
      tally config set keys.increment "space,+,k,up". Named keys and Ctrl- are read \
      ignoring case, a single character as typed. A key bound to two actions, an action \
      left without keys, or Ctrl-C bound to anything but quit is refused.
      """),
    subcommands: [ConfigListCommand.self, ConfigGetCommand.self, ConfigSetCommand.self, ConfigResetCommand.self])
}

struct ConfigListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: tr("Print every setting: its value, where it comes from, its default, what it does."))

  @ParentCommand var root: TallyCommand

  @Flag(
    help:
      ArgumentHelp(
        tr("Print JSON: {\"name\", \"value\", \"default\", \"source\", \"thisMachineOnly\", \"description\"} per setting.")))
  var json = false

  func run() throws {
    let settings = try CommandContext.open(argumentDomain: root.argumentDomain).settings.all
    try Output.lines(json ? [SettingListing.json(settings)] : SettingListing.lines(settings))
  }
}

struct ConfigGetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "get", abstract: tr("Print a setting's value as this run sees it."))

  @ParentCommand var root: TallyCommand

  @Argument(
    help: ArgumentHelp(tr("The setting's name, such as theme or keys.increment.")), completion: CommandContext.settingNames)
  var name: String

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    guard let entry = AppDefaults.setting(named: name) else { throw CommandContext.fail(.unknown(name)) }
    try Output.line(context.settings.resolved(entry).value.settingText)
  }
}

struct ConfigSetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set", abstract: tr("Change a setting; a value it does not allow changes nothing."))

  @ParentCommand var root: TallyCommand

  @Argument(
    help: ArgumentHelp(tr("The setting's name, such as theme or keys.increment.")), completion: CommandContext.settingNames)
  var name: String

  // Every word left, so that a value may begin with a dash: `keys.decrement -,j`.
  @Argument(parsing: .allUnrecognized, help: ArgumentHelp(tr("Its new value, such as mono, false, 2.5 or \"space,+,k,up\".")))
  var value: [String] = []

  func validate() throws {
    guard value.count == 1 else {
      throw ValidationError(value.isEmpty ? tr("Missing the value.") : tr("Give one value; quote a list."))
    }
  }

  func run() throws {
    let value = value[0]
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    try context.changeSetting { store, sync throws(SettingError) in try SettingEditor.set(name, to: value, in: store, sync: sync)
    }
  }
}

struct ConfigResetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset", abstract: tr("Give a setting its default value back."))

  @ParentCommand var root: TallyCommand

  @Argument(
    help: ArgumentHelp(tr("The setting's name, such as theme or keys.increment.")), completion: CommandContext.settingNames)
  var name: String

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    try context.changeSetting { store, sync throws(SettingError) in try SettingEditor.reset(name, in: store, sync: sync) }
  }
}

extension CommandContext {
  /// Makes a change of a setting (a refusal or a failed save is an exit), published with sync.
  func changeSetting(_ body: (FileUserDefaults, CounterSync?) throws(SettingError) -> Void) throws {
    do {
      try body(store, sync)
    } catch {
      throw Self.fail(error)
    }
    if let problem = store.saveProblem { throw Self.fail(problem) }
    sync?.publish()
  }

  /// Prints `problem`; returns exit 64 for an unknown setting, 65 for a value not allowed.
  static func fail(_ problem: SettingError) -> ExitCode {
    Platform.printError(problem.isUnknownSetting ? problem.description : tr("\(problem.description); nothing was changed"))
    return ExitCode(problem.isUnknownSetting ? ExitStatus.usage : ExitStatus.dataError)
  }

  static let settingNames = CompletionKind.list(AppDefaults.entries.filter(\.isSetting).map(\.name))
}
