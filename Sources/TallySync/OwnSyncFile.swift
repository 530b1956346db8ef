import TallyDefaults
import TallyModel
import TallyPlatform

/// This machine's own file in the sync folder, and the other files that carry its name.
struct OwnSyncFile {
  let folder: SyncFolder
  let machine: SyncMachine
  let store: any PropertyListStore
  let now: () -> Int64

  /// Why it could not, or `nil`.
  func write(_ state: ReplicaState) -> String? {
    do throws(SystemError) {
      let replaced = store.x.object([String].self, forKey: .syncReplacedInstances) ?? []
      try folder.write(
        SyncFile(machine: machine.name, instance: machine.instance, written: now(), state: state, replaced: replaced))
      return nil
    } catch {
      return "cannot write \(folder.filePath(SyncFile.fileName(machine: machine.name))): \(error)"
    }
  }

  func otherInstancesWithThisName() -> Set<String> {
    let files = (folder.read() ?? [:]).values.compactMap { try? $0.content.get() }
    return Set(files.filter { $0.machine == machine.name && $0.instance != machine.instance }.map(\.instance))
  }
}
