import FoundationEssentials
import TallyLocalization
import TallyModel
import TallyPlatform

/// What this machine knows of the sync folder: whether it is there, the machines, the problems.
public struct SyncStatus: Equatable, Sendable {
  public struct Machine: Equatable, Sendable {
    public var name: String
    public var instance: String
    /// Wall-clock milliseconds when it last wrote its file.
    public var written: Int64
    public var file: String
  }

  public var folder: String
  public var machine: SyncMachine
  public var isReachable = false
  /// Each with its latest file.
  public var machines: [Machine] = []
  public var problems: [String] = []
  public var writeProblem: String?
  /// Whether this machine's file holds another machine with the same name (not written over).
  public var ownFileTaken = false

  public init(folder: String, machine: SyncMachine) {
    self.folder = folder
    self.machine = machine
  }

  /// Keeps one entry per machine (its latest file).
  mutating func record(_ machine: Machine) {
    if let index = machines.firstIndex(where: { $0.instance == machine.instance }) {
      if machines[index].written < machine.written { machines[index] = machine }
    } else {
      machines.append(machine)
    }
  }

  /// Every problem in one line for the status line.
  public var summary: String? {
    var parts: [String] = []
    if !isReachable {
      // Its file cannot be written either: that goes without saying.
      parts.append(tr("the folder \(folder) is not there; counting goes on here"))
    } else if let writeProblem {
      parts.append(writeProblem)
    }
    parts += problems
    return parts.isEmpty ? nil : TerminalText.escaped(tr("Sync: \(parts.joined(separator: "; "))"))
  }
}

extension SyncStatus {
  /// `tally sync status`, one fact a line; `now` in wall-clock milliseconds.
  public func lines(now: Int64) -> [String] {
    var lines = [
      isReachable
        ? tr("folder: \(folder)")
        : tr("folder: \(folder) (not there now: counting goes on here, and catches up when it is back)"),
      tr("this machine: \(machine.name) (instance \(machine.instance))"),
    ]
    if machines.isEmpty { lines.append(tr("other machines: none seen yet")) }
    for other in machines.sorted(by: { $0.name < $1.name }) {
      lines.append(
        tr(
          "machine: \(other.name), wrote \(Self.time(other.written)) (\(Self.age(now.subtractingReportingOverflow(other.written))))"
        )
      )
    }
    if let writeProblem { lines.append(tr("problem: \(writeProblem)")) }
    lines += problems.map { tr("problem: \($0)") }
    // File names and reasons come from the folder: no escape code reaches the terminal.
    return lines.map(TerminalText.escaped)
  }

  public var json: String {
    let others = machines.sorted(by: { $0.name < $1.name }).map { other in
      "{\"file\":\(HistoryEntry.quoted(other.file)),\"instance\":\(HistoryEntry.quoted(other.instance)),"
        + "\"name\":\(HistoryEntry.quoted(other.name)),\"written\":\(HistoryEntry.quoted(Self.time(other.written)))}"
    }
    let allProblems = (writeProblem.map { [$0] } ?? []) + problems
    return "{\"folder\":\(HistoryEntry.quoted(folder)),\"instance\":\(HistoryEntry.quoted(machine.instance)),"
      + "\"machine\":\(HistoryEntry.quoted(machine.name)),\"machines\":[\(others.joined(separator: ","))],"
      + "\"problems\":[\(allProblems.map(HistoryEntry.quoted).joined(separator: ","))],\"reachable\":\(isReachable)}"
  }

  private static func time(_ milliseconds: Int64) -> String {
    UTCTime.text(for: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
  }

  /// How long ago, from a difference that may have overflowed (a peer's time can be anything).
  private static func age(_ difference: (partialValue: Int64, overflow: Bool)) -> String {
    // A clock a little ahead is no news; a day or more is worth saying.
    if difference.overflow || difference.partialValue < -86_400_000 { return tr("in the future") }
    let seconds = max(0, difference.partialValue / 1000)
    if seconds < 120 { return tr("\(seconds) s ago") }
    if seconds < 7200 { return tr("\(seconds / 60) min ago") }
    if seconds < 172_800 { return tr("\(seconds / 3600) h ago") }
    return tr("\(seconds / 86400) days ago")
  }
}
