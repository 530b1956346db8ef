import ArgumentParser
import TallyLocalization
import TallyModel
import TallyPlatform

extension Backup.Format: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: tr("Write every counter (name, value, step, goal) and its history, as JSON (lossless) or CSV."))

  @ParentCommand var root: TallyCommand

  @Option(help: ArgumentHelp(tr("json (lossless, the default) or csv (for spreadsheets).")))
  var format: Backup.Format = .json

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp(tr("Write to FILE (replaced atomically) instead of standard output."), valueName: "file"))
  var output: String?

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    try context.requireHistory()
    let reading = context.history.read()
    for notice in [reading.notice, context.history.notice].compactMap({ $0 }) { Platform.printError(notice) }
    let backup = Backup(list: context.counters, history: reading)
    let bytes = format == .json ? BackupJSON.encode(backup) : BackupCSV.encode(backup)
    if let output {
      do {
        try BackupFile.write(bytes, toPath: output)
      } catch {
        throw CommandContext.fail(tr("cannot write \(output): \(error)"), status: ExitStatus.ioError)
      }
    } else {
      try Output.write(bytes)
    }
  }
}

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract:
      tr(
        "Read counters and their history from a file `tally export` wrote, or from Loop Habit Tracker, Tickmate, HabitBull, harsh, dijo or BetterCounter; all of it, or nothing if it has a problem."
      ),
    discussion: tr(
      """
      Another app's file is told by its content, or named with --from: loop (a full backup .db, \
      schema 9 to 25), tickmate (its backup .db), habitbull (its CSV), harsh (the folder with \
      habits and log, or the two files), dijo (habit_record.json, with habit_record[auto].json \
      beside it), bettercounter (its export). Each habit becomes a counter of the same name, its \
      entries changes on their local day; a name that exists stops the import unless --merge. \
      See docs/import.md.
      """))

  @ParentCommand var root: TallyCommand

  enum Mode: String, EnumerableFlag {
    case merge
    case replace

    static func help(for value: Mode) -> ArgumentHelp? {
      switch value {
      case .merge:
        ArgumentHelp(
          tr(
            """
            Match counters by name and join histories (the default for a Tally backup, whose value, step and goal \
            win; another app's history is added to them).
            """))
      case .replace: ArgumentHelp(tr("Replace every counter and the history, after keeping the old store and history aside."))
      }
    }
  }

  @Argument(
    help: ArgumentHelp(
      tr("An export, JSON or CSV (told apart by its first character), or another app's file or folder."), valueName: "file"))
  var files: [String]

  @Option(help: ArgumentHelp(tr("The app the file comes from; without it, told by the file's content.")))
  var from: ForeignHistory.Format?

  @Flag(
    help: ArgumentHelp(
      tr("Print what another app's file would become (changes, totals, days, goals, what is left out); change nothing.")))
  var dryRun = false

  @Flag var mode: Mode?

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError(tr("Missing the file to import.")) }
    guard files.count == 1 || from == .harsh else {
      throw ValidationError(tr("give one file (two only for harsh's habits and log)"))
    }
  }

  func run() throws {
    // Ctrl-C, SIGTERM and SIGHUP are held from here on, and looked at between steps: before
    // the commit point one leaves everything as it was, after it the import is finished.
    let signals = HeldSignals.hold()
    if let source = try ForeignSource.find(files, from: from) { return try importForeign(source, signals: signals) }
    if dryRun { throw CommandContext.fail(tr("--dry-run is for another app's file (--from)"), status: ExitStatus.usage) }
    let backup = try read()
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    try context.requireHistory()
    try apply(backup, in: context, signals: signals)
  }

  /// Applies `backup`: all of it, or nothing.
  @discardableResult
  func apply(
    _ backup: consuming Backup, in context: CommandContext, signals: HeldSignals, adding: Bool = false
  ) throws -> BackupImport.Summary {
    var importer = BackupImport(store: context.store, model: context.model, history: context.history)
    importer.interruption = { signals.pending() }
    importer.now = { context.clock.now() }
    importer.addsToValues = adding
    let summary: BackupImport.Summary
    do {
      summary = try importer.apply(consume backup, replacing: mode == .replace)
    } catch {
      switch error {
      case .store(let problem): throw CommandContext.fail(problem)
      case .history(let reason): throw CommandContext.fail(tr("\(reason); nothing was imported"), status: ExitStatus.ioError)
      case .interrupted(let signal):
        throw CommandContext.fail(tr("interrupted; nothing was imported"), status: HeldSignals.exitStatus(for: signal))
      }
    }
    // The other machines see the import at their next command, as any change.
    context.sync?.publish()
    for note in summary.notes { Platform.printError(note) }
    if let problem = summary.historyProblem { throw CommandContext.fail(problem, status: ExitStatus.ioError) }
    if signals.pending() != nil { Platform.printError(tr("interrupted after the import was complete; everything was imported")) }
    return summary
  }

  /// The backup in `file`, read and checked; the file's bytes are let go once decoded.
  private func read() throws -> Backup {
    let file = files[0]
    let bytes: [UInt8]
    do {
      bytes = try BackupFile.read(atPath: file)
    } catch {
      throw CommandContext.fail(tr("cannot read \(file): \(error)"), status: ExitStatus.ioError)
    }
    do {
      return try Backup.decode(bytes)
    } catch {
      throw CommandContext.fail(tr("\(file): \(error); nothing was imported"), status: ExitStatus.dataError)
    }
  }
}
