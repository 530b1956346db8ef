import ArgumentParser
import TallyModel
import TallyPlatform

extension Backup.Format: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write every counter (name, value, step, goal) and its history, as JSON (lossless) or CSV.")

  @ParentCommand var root: TallyCommand

  @Option(help: "json (lossless, the default) or csv (for spreadsheets).")
  var format: Backup.Format = .json

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp("Write to FILE (replaced atomically) instead of standard output.", valueName: "file"))
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
        throw CommandContext.fail("cannot write \(output): \(error)", status: ExitStatus.ioError)
      }
    } else {
      try Output.write(bytes)
    }
  }
}

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Read counters and their history from a file `tally export` wrote; all of it, or nothing if it has a problem.")

  @ParentCommand var root: TallyCommand

  enum Mode: String, EnumerableFlag {
    case merge
    case replace

    static func help(for value: Mode) -> ArgumentHelp? {
      switch value {
      case .merge: "Match counters by name (the file's value, step and goal win) and join histories (the default)."
      case .replace: "Replace every counter and the history, after keeping the old store and history aside."
      }
    }
  }

  @Argument(help: ArgumentHelp("An export, JSON or CSV (told apart by its first character).", valueName: "file"))
  var file: String

  @Flag var mode: Mode = .merge

  func run() throws {
    // Ctrl-C, SIGTERM and SIGHUP are held from here on, and looked at between steps: before
    // the commit point one leaves everything as it was, after it the import is finished.
    let signals = HeldSignals.hold()
    let backup = try read()
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    try context.requireHistory()
    var importer = BackupImport(store: context.store, model: context.model, history: context.history)
    importer.interruption = { signals.pending() }
    importer.now = { context.clock.now() }
    let summary: BackupImport.Summary
    do {
      summary = try importer.apply(consume backup, replacing: mode == .replace)
    } catch {
      switch error {
      case .store(let problem): throw CommandContext.fail(problem)
      case .history(let reason): throw CommandContext.fail(reason + "; nothing was imported", status: ExitStatus.ioError)
      case .interrupted(let signal):
        throw CommandContext.fail("interrupted; nothing was imported", status: HeldSignals.exitStatus(for: signal))
      }
    }
    // The other machines see the import at their next command, as any change.
    context.sync?.publish()
    for note in summary.notes { Platform.printError(note) }
    if let problem = summary.historyProblem { throw CommandContext.fail(problem, status: ExitStatus.ioError) }
    if signals.pending() != nil { Platform.printError("interrupted after the import was complete; everything was imported") }
  }

  /// The backup in `file`, read and checked; the file's bytes are let go once decoded.
  private func read() throws -> Backup {
    let bytes: [UInt8]
    do {
      bytes = try BackupFile.read(atPath: file)
    } catch {
      throw CommandContext.fail("cannot read \(file): \(error)", status: ExitStatus.ioError)
    }
    do {
      return try Backup.decode(bytes)
    } catch {
      throw CommandContext.fail("\(file): \(error); nothing was imported", status: ExitStatus.dataError)
    }
  }
}
