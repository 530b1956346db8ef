/// The shared folder as this machine reads and writes it: every machine's file, read again
/// only when its identity changed, and this machine's own file, replaced durably.
///
/// Everything read here is untrusted: a file that cannot be read or decoded is skipped and
/// reported, and never written to.
final class SyncFolder {
  /// What one file in the folder held when last read.
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

  /// Whether the folder is there (a directory that can be read).
  var isReachable: Bool {
    (try? FileSystem.openDirectory(atPath: path)).map { FileSystem.close($0) } != nil
  }

  func filePath(_ name: String) -> String { StoreLocation.join(path, name) }

  /// Every machine file in the folder with what it holds, by name; `nil` when the folder is
  /// not reachable.
  func read() -> [String: Result<SyncFile, SyncFileProblem>]? {
    guard isReachable else {
      entries = [:]
      return nil
    }
    var contents: [String: Result<SyncFile, SyncFileProblem>] = [:]
    var seen: [String: Entry] = [:]
    for name in FileSystem.names(inDirectory: path) where SyncFile.isMachineFile(name) {
      guard let entry = readEntry(name) else { continue }
      seen[name] = entry
      contents[name] = entry.content
    }
    entries = seen
    return contents
  }

  private func readEntry(_ name: String) -> Entry? {
    let path = filePath(name)
    do throws(SystemError) {
      guard let identity = try FileSystem.identity(atPath: path) else { return nil }
      if let cached = entries[name], cached.identity == identity { return cached }
      guard identity.byteCount <= SyncFile.maximumSize else {
        return Entry(identity: identity, content: .failure(.tooLarge(Int(identity.byteCount))))
      }
      guard let bytes = try FileSystem.readFile(atPath: path, atMost: SyncFile.maximumSize) else { return nil }
      do throws(SyncFileProblem) {
        return Entry(identity: identity, content: .success(try SyncFile(decoding: bytes)))
      } catch {
        return Entry(identity: identity, content: .failure(error))
      }
    } catch {
      let problem: SyncFileProblem = error == .fileTooLarge ? .tooLarge(SyncFile.maximumSize + 1) : .unreadable(error.description)
      return Entry(identity: (try? FileSystem.identity(atPath: path)).flatMap { $0 } ?? .missing, content: .failure(problem))
    }
  }

  /// Replaces this machine's file with `file`, durably.
  func write(_ file: SyncFile) throws(SystemError) {
    let directory = try FileSystem.openDirectory(atPath: path)
    defer { FileSystem.close(directory) }
    let name = SyncFile.fileName(machine: file.machine)
    try FileSystem.replaceFileDurably(atPath: filePath(name), with: file.encoded(), directoryDescriptor: directory)
    if let identity = try FileSystem.identity(atPath: filePath(name)) {
      entries[name] = Entry(identity: identity, content: .success(file))
    }
  }

  // MARK: Watching

  /// A descriptor that becomes readable when a file in the folder changes; `nil` when the
  /// folder is not there or cannot be watched.
  var changeDescriptor: Int32? {
    if watch == nil { watch = DirectoryWatch(directory: path) }
    return watch?.descriptor
  }

  /// Reads the pending events; returns whether the folder itself went away (then the watch
  /// is dropped, and made again when the folder is back).
  func readEvents() -> Bool {
    guard let watch else { return false }
    let folderGone = watch.readEvents(concerning: "")
    if folderGone { self.watch = nil }
    return folderGone
  }
}
