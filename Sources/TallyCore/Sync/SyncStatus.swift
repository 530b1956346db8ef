/// What this machine knows of the sync folder: whether it is there, the other machines
/// whose files it read, and every problem found.
public struct SyncStatus: Equatable, Sendable {
  /// Another machine, as its file says.
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
  /// The other machines, by name, each with its latest file.
  public var machines: [Machine] = []
  /// Files skipped, and why.
  public var problems: [String] = []
  /// Why this machine's file could not be written, if it could not.
  public var writeProblem: String?
  /// Whether this machine's file holds another machine that uses the same name (then it is
  /// not written over).
  public var ownFileTaken = false

  public init(folder: String, machine: SyncMachine) {
    self.folder = folder
    self.machine = machine
  }

  /// Adds `machine`, keeping one entry per machine (its latest file).
  mutating func record(_ machine: Machine) {
    if let index = machines.firstIndex(where: { $0.instance == machine.instance }) {
      if machines[index].written < machine.written { machines[index] = machine }
    } else {
      machines.append(machine)
    }
  }

  /// Every problem in one line for the status line, or `nil` when there is none.
  public var summary: String? {
    var parts: [String] = []
    if !isReachable { parts.append("the folder \(folder) is not there; counting goes on here") }
    if let writeProblem { parts.append(writeProblem) }
    parts += problems
    return parts.isEmpty ? nil : "Sync: " + parts.joined(separator: "; ")
  }
}
