import ArgumentParser
import TallyModel
import TallyPlatform

extension Backup.Format: ExpressibleByArgument {}

/// `tally export [--format json|csv] [-o FILE]`: every counter and its history.
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

/// `tally import FILE [--merge|--replace]`: counters and history from an export.
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
    let backup = try read()
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    try context.requireHistory()
    let summary: BackupImport.Summary
    do {
      summary = try BackupImport(store: context.store, model: context.model, history: context.history).apply(
        consume backup, replacing: mode == .replace)
    } catch {
      throw CommandContext.fail(error)
    }
    for note in summary.notes { Platform.printError(note) }
    if let problem = context.history.appendProblem { throw CommandContext.fail(problem, status: ExitStatus.ioError) }
  }

  /// The backup in `file`, read and checked; the file's bytes are let go once decoded (ten
  /// years of history are 15 MB).
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
