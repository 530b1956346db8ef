import ArgumentParser
import FoundationEssentials
import TallyHistory
import TallyLocalization
import TallyModel
import TallyPlatform

extension ForeignHistory.Format: ExpressibleByArgument {}

/// Another app's file for `tally import`: which app it is (given with `--from`, or told by
/// its content), and its habits read from it (docs/import.md).
struct ForeignSource {
  var format: ForeignHistory.Format
  /// The files read, for messages.
  var paths: [String]

  /// The other app's file at `paths`, or `nil` for one of Tally's own backups.
  static func find(_ paths: [String], from given: ForeignHistory.Format?) throws -> ForeignSource? {
    let path = paths[0]
    if let given { return ForeignSource(format: given, paths: try files(of: given, at: paths)) }
    guard paths.count == 1 else {
      throw CommandContext.fail(tr("give one file, or harsh's habits and log files with --from harsh"), status: ExitStatus.usage)
    }
    let found: ForeignHistory.Format?
    if FileSystem.isDirectory(atPath: path) {
      found = ["habits", "log"].allSatisfy { FileSystem.fileExists(atPath: path + "/" + $0) } ? .harsh : .dijo
    } else {
      // Its first 4 KiB tell; the file is read whole, within Tally's bounds, once it is known.
      let bytes: [UInt8]
      do {
        bytes = try BackupFile.read(atPath: path, first: 4_096)
      } catch {
        throw CommandContext.fail(tr("cannot read \(TerminalText.escaped(path)): \(error)"), status: ExitStatus.ioError)
      }
      if bytes.starts(with: ForeignDatabase.header) {
        found = try fail(path) { () throws(Backup.Problem) in try ForeignDatabase.detect(atPath: path) }
      } else if bytes.first(where: { !Array(" \t\r\n".utf8).contains($0) }) == UInt8(ascii: "{")
        || bytes.starts(with: Array("kind,counter,".utf8))
      {
        found = nil
      } else {
        guard let format = ForeignText.detect(bytes) else {
          let apps = ForeignHistory.Format.allCases.map(\.appName).joined(separator: ", ")
          throw failure(path, tr("neither a Tally export nor a file of \(apps) (name its app with --from)"))
        }
        found = format
      }
    }
    return try found.map { ForeignSource(format: $0, paths: try files(of: $0, at: paths)) }
  }

  /// The files a format is read from: harsh's `habits` and `log`, dijo's two lists (the
  /// second when it is there), one file for the others.
  private static func files(of format: ForeignHistory.Format, at paths: [String]) throws -> [String] {
    let path = paths[0]
    let folder = FileSystem.isDirectory(atPath: path) ? path : nil
    let beside = folder ?? path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    switch format {
    case .harsh:
      // The two files in either order: `log` is the one of that name.
      if paths.count == 2 { return paths[0].hasSuffix("log") ? paths.reversed() : paths }
      return [beside + "/habits", beside + "/log"]
    case .dijo:
      guard paths.count == 1 else {
        throw CommandContext.fail(tr("give dijo's habit_record.json or its folder"), status: ExitStatus.usage)
      }
      let first = folder.map { $0 + "/habit_record.json" } ?? path
      let auto = beside + "/habit_record[auto].json"
      return FileSystem.fileExists(atPath: auto) && auto != first ? [first, auto] : [first]
    default:
      guard paths.count == 1, folder == nil else {
        throw CommandContext.fail(tr("give one \(format.appName) file"), status: ExitStatus.usage)
      }
      return paths
    }
  }

  /// The habits of the files, read and checked.
  func read() throws -> ForeignHistory {
    switch format {
    case .loop, .tickmate:
      // Read once through Tally's own checks (a regular file, not too large) before SQLite opens it.
      let bytes = try Self.bytes(of: paths[0])
      guard bytes.starts(with: ForeignDatabase.header) else { throw Self.failure(paths[0], tr("not an SQLite database")) }
      return try Self.fail(paths[0]) { () throws(Backup.Problem) in try ForeignDatabase.read(format, atPath: paths[0]) }
    case .harsh:
      let (habits, log) = (try Self.bytes(of: paths[0]), try Self.bytes(of: paths[1]))
      return try Self.fail(paths.joined(separator: ", ")) { () throws(Backup.Problem) in
        try ForeignText.harsh(habits: habits, log: log)
      }
    case .dijo:
      let files = try paths.map(Self.bytes)
      return try Self.fail(paths.joined(separator: ", ")) { () throws(Backup.Problem) in try ForeignText.dijo(files) }
    case .habitbull, .bettercounter:
      let read = format == .habitbull ? ForeignText.habitBull : ForeignText.betterCounter
      let bytes = try Self.bytes(of: paths[0])
      return try Self.fail(paths[0]) { () throws(Backup.Problem) in try read(bytes) }
    }
  }

  /// The bytes of `path`, a regular file of at most 64 MiB; exit 74 when it cannot be read.
  static func bytes(of path: String) throws -> [UInt8] {
    do {
      return try BackupFile.read(atPath: path)
    } catch {
      throw CommandContext.fail(tr("cannot read \(TerminalText.escaped(path)): \(error)"), status: ExitStatus.ioError)
    }
  }

  /// `body`'s value, or its problem as the command's failure naming `path` (exit 65).
  static func fail<Value>(_ path: String, _ body: () throws(Backup.Problem) -> Value) throws -> Value {
    do throws(Backup.Problem) {
      return try body()
    } catch {
      throw failure(path, error.description)
    }
  }

  static func failure(_ path: String, _ reason: String) -> ExitCode {
    CommandContext.fail(tr("\(TerminalText.escaped(path)): \(reason); nothing was imported"), status: ExitStatus.dataError)
  }
}

extension ImportCommand {
  /// Imports another app's file: its habits as counters, all of them or nothing; a name that
  /// exists stops it unless `--merge`; `--dry-run` prints what it would do and stops.
  func importForeign(_ source: ForeignSource, signals: HeldSignals) throws {
    guard mode != .replace else {
      throw CommandContext.fail(tr("--replace is for Tally's own backups; another app's file is added"), status: ExitStatus.usage)
    }
    let foreign = try source.read()
    let (appName, leftOut) = (foreign.format.appName, foreign.leftOut)
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    try context.requireHistory()
    let calendar = context.goalCalendar
    let (backup, reports) = try ForeignSource.fail(source.paths.joined(separator: ", ")) { () throws(Backup.Problem) in
      try (consume foreign).backup(calendar: calendar)
    }
    let existing = Set(context.counters.counters.map { $0.name.lowercased() })
    let clashes = reports.map(\.name).filter { existing.contains($0.lowercased()) }
    let clashNames = clashes.map { "\"\(TerminalText.escaped($0))\"" }.joined(separator: ", ")
    let clashText = tr("counters with these names exist: \(clashNames); --merge adds the history to them")
    if !clashes.isEmpty, mode != .merge, !dryRun {
      throw CommandContext.fail(tr("\(clashText); nothing was imported"), status: ExitStatus.dataError)
    }
    try Output.line(tr("\(appName): \(source.paths.map(TerminalText.escaped).joined(separator: ", "))"))
    for report in reports {
      try Output.line(Self.describe(report, calendar: calendar, merged: existing.contains(report.name.lowercased())))
    }
    for note in leftOut { try Output.line(note) }
    if dryRun {
      if !clashes.isEmpty, mode != .merge { try Output.line(tr("The import would stop: \(clashText).")) }
      try Output.line(tr("Nothing was changed (--dry-run)."))
      return
    }
    let summary = try apply(backup, in: context, signals: signals, adding: true)
    // A second import of the same file finds every change already here.
    try Output.line(
      summary.addedEntries == 0
        ? tr("Nothing new: every change in the file is already here.")
        : tr("Imported \(reports.count) counters, \(summary.addedEntries) changes."))
  }

  /// One counter of the report: its changes, total, first and last day, goal, and notes.
  static func describe(_ report: ForeignHistory.CounterReport, calendar: GoalCalendar, merged: Bool) -> String {
    func day(_ date: Date) -> String {
      String(UTCTime.text(for: Date(timeIntervalSince1970: Double(calendar.day(of: date)) * 86_400)).prefix(10))
    }
    var line = "\"\(TerminalText.escaped(report.name))\""
    if let source = report.sourceName { line += tr(" (\"\(TerminalText.escaped(source))\" in the file)") }
    if merged { line += tr(", added to the counter of that name") }
    line += tr(": \(report.changes) changes, total \(report.total)")
    if let first = report.first, let last = report.last { line += tr(", \(day(first)) to \(day(last))") }
    line += tr(", goal \(report.goal?.text ?? tr("none"))")
    if let group = report.group { line += tr(", group \(TerminalText.escaped(group))") }
    return ([line] + report.notes.map { "  " + $0 }).joined(separator: "\n")
  }
}
