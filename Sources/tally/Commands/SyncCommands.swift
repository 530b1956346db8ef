import ArgumentParser
import TallyLocalization
import TallyModel
import TallyPlatform
import TallySync

struct SyncCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: tr("Count on several machines through a folder that Syncthing, Dropbox, git or a USB stick carries."),
    discussion: tr(
      """
      Each machine writes only its own file in the folder (NAME.tally.plist) and merges \
      everyone else's: additions and subtractions from every machine add up exactly, the \
      latest set or reset wins with the changes it had not seen kept on top, and names and \
      steps take the latest change. See docs/sync.md.
      """),
    subcommands: [SyncEnableCommand.self, SyncStatusCommand.self, SyncDisableCommand.self])
}

struct SyncEnableCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "enable", abstract: tr("Join the sync folder DIR; the counters here keep their values."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The shared folder (made if it is not there).")), completion: .directory)
  var folder: String

  @Option(help: ArgumentHelp(tr("This machine's name in the folder (default: the host name).")))
  var name: String?

  @Flag(
    help: ArgumentHelp(
      tr(
        """
        Take over the file of an earlier machine with this name, as after a reinstall that lost \
        the data directory: its counts and settings are kept, and this machine writes its file \
        from now on. Without it, such a file is reported as another machine using the name.
        """)))
  var replaceMachine = false

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    try context.requireHistory()
    let machine = name ?? Platform.hostName() ?? "tally"
    let absolute = folder.hasPrefix("/") ? folder : (Platform.currentDirectory() ?? "") + "/" + folder
    let joined: (sync: CounterSync, join: SyncSetup.Join)
    do {
      joined = try SyncSetup.enable(
        store: context.store, folder: absolute, name: machine, history: context.history,
        replacingMachine: replaceMachine)
    } catch {
      let status = if case .invalidName = error { ExitStatus.usage } else { ExitStatus.ioError }
      throw CommandContext.fail(tr("cannot enable sync: \(error)"), status: status)
    }
    if let problem = context.store.saveProblem { throw CommandContext.fail(problem) }
    // This machine's history goes to the folder; a machine taking over its old name first
    // takes back its changes from there.
    context.history.attach(to: joined.sync, adoptingOwnFiles: !joined.join.replacedInstances.isEmpty)
    try Output.line(tr("This machine syncs as \"\(machine)\" through \(absolute)."))
    if replaceMachine {
      try Output.line(
        joined.join.replacedInstances.isEmpty
          ? tr("No earlier machine called \"\(machine)\" was found in the folder: nothing was taken over.")
          : tr(
            "It took over the file of the earlier \"\(machine)\": its counts and settings are kept, and this machine writes the file from now on."
          )
      )
    }
    try Output.line(
      tr(
        "Counters with the same name on several machines are one counter: their values add up (each machine's additions and subtractions count once)."
      ))
    for shared in joined.join.shared {
      try Output.line(tr("  \(TerminalText.escaped(shared.name)): \(shared.here) here, \(shared.total) with the other machines"))
    }
    if !joined.join.received.isEmpty {
      try Output.line(tr("From the other machines: \(TerminalText.escaped(joined.join.received.joined(separator: ", ")))."))
    }
    for problem in joined.sync.status.problems { Platform.printError(tr("sync: \(TerminalText.escaped(problem))")) }
    if let problem = joined.sync.status.writeProblem { Platform.printError(tr("sync: \(problem)")) }
  }
}

struct SyncStatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status", abstract: tr("Print the folder, this machine, the other machines seen and when, and any problem."))

  @ParentCommand var root: TallyCommand

  @Flag(help: ArgumentHelp(tr("Print JSON: {\"folder\", \"machine\", \"instance\", \"reachable\", \"machines\", \"problems\"}.")))
  var json = false

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    guard let sync = context.sync else {
      try Output.line(json ? "{\"enabled\":false}" : tr("Sync is off; `tally sync enable DIR` turns it on."))
      return
    }
    try Output.lines(json ? [sync.status.json] : sync.status.lines(now: Platform.wallClockMilliseconds()))
  }
}

struct SyncDisableCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "disable", abstract: tr("Leave the sync folder; the counters keep their values here."))

  @ParentCommand var root: TallyCommand

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    context.sync?.publish()
    guard let folder = SyncSetup.disable(store: context.store) else {
      try Output.line(tr("Sync was off."))
      return
    }
    if let problem = context.store.saveProblem { throw CommandContext.fail(problem) }
    try Output.line(
      tr("This machine no longer syncs through \(folder); its counts stay here, and its file stays there for the others."))
  }
}
