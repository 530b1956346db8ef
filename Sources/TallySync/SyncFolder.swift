import TallyDefaults
import TallyModel
import TallyPlatform

/// The shared folder as this machine reads and writes it: every machine's file, read again
/// only when its identity changed (untrusted: skipped and reported when unusable), and this
/// machine's own file, replaced durably.
final class SyncFolder {
  struct Entry {
    var identity: FileIdentity
    var content: Result<SyncFile, SyncFileProblem>
  }

  let path: String
  private var entries: [String: Entry] = [:]
  private var watch: DirectoryWatch?

  init(path: String) {
    self.path = path
  }

  func filePath(_ name: String) -> String { StoreLocation.join(path, name) }

  /// Every machine file in the folder with what it holds, by name (one in `merged` and not
  /// changed since gives its header alone); `nil` when the folder is not reachable.
  func read(merged: [String: MergedFile] = [:], skipped: [String: SkippedFile] = [:]) -> [String: Entry]? {
    guard let folder = try? UntrustedFolder(path: path) else {
      entries = [:]
      return nil
    }
    var seen: [String: Entry] = [:]
    for name in folder.names() where SyncFile.isMachineFile(name) {
      seen[name] = readEntry(name, in: folder, merged: merged[name], skipped: skipped[name])
    }
    entries = seen
    return seen
  }

  private func readEntry(_ name: String, in folder: UntrustedFolder, merged: MergedFile?, skipped: SkippedFile?) -> Entry? {
    let identity: FileIdentity
    do throws(SystemError) {
      guard let found = try folder.identity(ofFile: name) else { return nil }
      identity = found
    } catch {
      // A link, a FIFO, a directory: what it is is all there is to say, and it may change.
      return Entry(identity: .missing, content: .failure(.unreadable(error.description)))
    }
    // A file read before is not read again until it changes; one merged gives its header
    // alone, as admitting it again would let its claims on this machine's sums reach what
    // this machine counted since (``ReplicaState/removeClaims(about:own:)``).
    if let merged, merged.identity == identity { return Entry(identity: identity, content: .success(merged.header)) }
    if let cached = entries[name], cached.identity == identity { return cached }
    if let skipped, skipped.identity == identity {
      return Entry(identity: identity, content: .failure(.skippedBefore(skipped.reason)))
    }
    guard identity.byteCount <= SyncFile.maximumSize else {
      return Entry(identity: identity, content: .failure(.tooLarge(Int(identity.byteCount))))
    }
    do throws(SystemError) {
      guard let read = try folder.readFile(named: name, from: 0, atMost: SyncFile.maximumSize) else { return nil }
      do throws(SyncFileProblem) {
        return Entry(identity: read.identity, content: .success(try SyncFile(decoding: read.bytes)))
      } catch {
        return Entry(identity: read.identity, content: .failure(error))
      }
    } catch {
      let problem: SyncFileProblem = error == .fileTooLarge ? .tooLarge(SyncFile.maximumSize + 1) : .unreadable(error.description)
      return Entry(identity: identity, content: .failure(problem))
    }
  }

  func write(_ file: SyncFile) throws(SystemError) {
    let folder = try UntrustedFolder(path: path)
    let name = SyncFile.fileName(machine: file.machine)
    let identity = try folder.replaceFile(named: name, with: file.encoded())
    entries[name] = Entry(identity: identity, content: .success(file))
  }

  var changeDescriptor: Int32? {
    if watch == nil { watch = DirectoryWatch(directory: path) }
    return watch?.descriptor
  }

  /// ``FolderChanges/unknown`` when the folder itself went away or events were lost.
  func readEvents() -> FolderChanges {
    guard let watch else { return .unknown }
    let events = watch.readEvents()
    guard !events.directoryChanged else {
      self.watch = nil
      return .unknown
    }
    return .files(events.names)
  }

  /// Whether a machine file among `changes` is not as this machine last read or wrote it, by
  /// its identity: the app's own writes wake the watch after every key press.
  func mayHaveChanged(_ changes: FolderChanges) -> Bool {
    guard case .files(let names) = changes else { return true }
    let machineFiles = names.filter(SyncFile.isMachineFile)
    guard !machineFiles.isEmpty else { return false }
    guard let folder = try? UntrustedFolder(path: path) else { return true }
    return machineFiles.contains { name in
      guard let known = entries[name]?.identity, let identity = try? folder.identity(ofFile: name) else { return true }
      return identity != known
    }
  }
}
