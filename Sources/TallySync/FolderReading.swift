import TallyDefaults
import TallyModel

/// Reads the sync folder for ``CounterSync/pull(publishing:)``: every other machine's file
/// that changed since it was last merged, this machine's own, and what was skipped and why.
struct FolderReading {
  let folder: SyncFolder
  let machine: SyncMachine
  let syncedSettings: [String]
  let store: any PropertyListStore

  struct Found {
    var incoming: ReplicaState
    var ownFile: SyncFile?
    /// Read again only once they change, as the skipped ones.
    var merged: [String: MergedFile]
    var skipped: [String: SkippedFile]
    var status: SyncStatus
    var claimedMore: Bool
  }

  func read(
    merged remembered: [String: MergedFile], skipped rememberedSkipped: [String: SkippedFile], into local: ReplicaState,
    rebuilding: Bool, retired: [String: Contribution?], horizon: Int64, writeProblem: String?
  ) -> Found {
    var admission = Admission(
      local: local, instance: machine.instance, horizon: horizon, syncedSettings: syncedSettings,
      rebuilding: rebuilding, retired: retired)
    let files = folder.read(merged: remembered, skipped: rememberedSkipped)
    var skipped: [String: SkippedFile] = [:]
    var status = SyncStatus(folder: folder.path, machine: machine)
    status.writeProblem = writeProblem
    status.isReachable = files != nil
    var incoming = ReplicaState()
    var ownFile: SyncFile?
    var merged: [String: MergedFile] = [:]
    let ownName = SyncFile.fileName(machine: machine.name)
    lazy var replaced = Set(store.x.object([String].self, forKey: .syncReplacedInstances) ?? [])
    for (name, entry) in (files ?? [:]).sorted(by: { $0.key < $1.key }) {
      switch entry.content {
      case .failure(let problem):
        status.problems.append("\(name) was skipped: \(problem)")
        // A link or a FIFO has no identity worth keeping; a damaged file is not parsed again.
        if entry.identity != .missing { skipped[name] = SkippedFile(identity: entry.identity, reason: problem.description) }
      case .success(let file) where file.machine == machine.name && file.instance != machine.instance:
        // This machine's own file from before it was set up again: merged, and written over.
        if replaced.contains(file.instance) {
          if let problem = admission.admit(file, into: &incoming) { status.problems.append("\(name): \(problem)") }
          continue
        }
        // Two machines with one name: reported, not merged, and never written over.
        status.problems.append(
          "\(name) was skipped: another machine also calls itself \"\(machine.name)\"; on one of them run "
            + "`tally sync enable \(folder.path) --name OTHER-NAME`, or, if that file is this machine's own from "
            + "before its data was lost, `tally sync enable \(folder.path) --name \(machine.name) --replace-machine`"
        )
        if name == ownName { status.ownFileTaken = true }
      case .success(let file):
        if let problem = admission.admit(file, into: &incoming) { status.problems.append("\(name): \(problem)") }
        if file.instance != machine.instance {
          status.record(SyncStatus.Machine(name: file.machine, instance: file.instance, written: file.written, file: name))
          merged[name] = MergedFile(identity: entry.identity, file: file)
        } else if name == ownName {
          ownFile = file
        }
      }
    }
    if admission.clamped > 0 {
      status.problems.append(
        "\(admission.clamped) time\(admission.clamped == 1 ? "" : "s") from the folder more than a day ahead of this machine's clock "
          + "taken as a day ahead")
    }
    return Found(
      incoming: incoming, ownFile: ownFile, merged: merged, skipped: skipped, status: status,
      claimedMore: admission.claimedMore)
  }
}
