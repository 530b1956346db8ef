import TallyPlatform

/// Tally's durable store: a property-list file that several processes can share safely
/// (Foundation's `UserDefaults` on Linux loses writes: DESIGN.md, Persistence).
///
/// Every change takes the lock and re-reads the file if another process replaced it (unsaved
/// keys on top); when the batch ends, the file is replaced durably, or ``saveProblem`` says
/// why not. A file that cannot be parsed is moved aside, never reset, and listed in ``notices``.
public final class FileUserDefaults: LayeredUserDefaults {
  /// Problems met while opening the store, such as a damaged file moved aside.
  public private(set) var notices: [StoreError] = []

  private let file: StoreFile
  private let timeout: (FileUserDefaults) -> Double
  /// Keys changed in memory and not yet saved; re-applied over what is re-read from disk.
  private var unsavedKeys: Set<String> = []
  /// Set when taking the lock failed in the current batch, so that it is not waited for twice.
  private var lockFailed = false
  /// Whether the file was checked (and re-read if needed) since the lock was taken.
  private var isFreshUnderLock = false
  /// The watch on the directory, once the run loop asks for it.
  private var watch: DirectoryWatch?
  /// What the file work under way read from disk, put in the store when it ends.
  private var readValues: [String: PropertyListValue]?

  /// Opens (creating if needed) the store in `directory`, which asks `lockTimeout` at each wait.
  ///
  /// Throws when the directory cannot be made or the file read (a file read but not parsed is
  /// moved aside).
  public init(
    directory: String, lockTimeout: @escaping (FileUserDefaults) -> Double = { _ in StoreLock.defaultTimeout }
  ) throws(StoreError) {
    file = try StoreFile(directory: directory)
    timeout = lockTimeout
    super.init(values: [:])
    if let problem = refresh() { throw problem }
  }

  /// Seconds a change waits for another process's lock (the `lockTimeout` setting).
  public var lockTimeout: Double { timeout(self) }

  /// The directory that holds the store, such as `~/.local/share/tally`.
  public var directory: String { file.directory }
  public var path: String { file.path }

  /// What the store in `directory` holds, for shell completion, read without locking or moving.
  public static func peek(directory: String) -> InMemoryUserDefaults? {
    let path = StoreLocation.join(directory, StoreLocation.fileName)
    guard let bytes = try? FileSystem.readFile(atPath: path), let values = try? PropertyListCodec.decode(bytes)
    else { return nil }
    return InMemoryUserDefaults(values: values)
  }

  // MARK: Saving

  /// Whether changes made in memory are still waiting to be saved (after a failed save).
  public var hasUnsavedChanges: Bool { !unsavedKeys.isEmpty }

  /// Tries again to save what a failed save left in memory; ``saveProblem`` tells how it went.
  public func retrySave() {
    guard hasUnsavedChanges else { return }
    performBatch { fileWork { lockAndRefresh() } }
  }

  /// The store's lock held from the batch's start, the file read again under it.
  public override func performLockedBatch<Result>(_ body: () -> Result) throws(StoreError) -> Result {
    var outcome: Swift.Result<Result, StoreError> = .failure(.noDataDirectory)
    performBatch {
      fileWork { lockAndRefresh() }
      guard file.isLocked && isFreshUnderLock else {
        outcome = .failure(saveProblem ?? .locked(path: path, seconds: lockTimeout))
        return
      }
      outcome = .success(body())
    }
    return try outcome.get()
  }

  /// Inside a batch: writes what it changed so far now, durably, and keeps the lock until its
  /// end (an import's commit point, with work of its own to do after it under the lock).
  public func saveWithinBatch() throws(StoreError) {
    fileWork { if hasUnsavedChanges { save() } }
    if hasUnsavedChanges { throw saveProblem ?? .cannotWrite(path: path, errno: 0) }
  }

  override func prepareToChange() {
    fileWork { lockAndRefresh() }
  }

  override func persistentKeysChanged(_ keys: Set<String>) {
    unsavedKeys.formUnion(keys)
  }

  override func batchEnded() {
    fileWork {
      if hasUnsavedChanges { save() }
      file.unlock()
      isFreshUnderLock = false
      lockFailed = false
    }
  }

  private func save() {
    lockAndRefresh()
    // Never write over a file that could not be read: that would lose what it holds.
    guard file.isLocked, isFreshUnderLock else { return }
    do {
      try file.write(persistent)
      unsavedKeys.removeAll()
      saveProblem = nil
    } catch {
      saveProblem = error
    }
  }

  private func lockAndRefresh() {
    guard !file.isLocked, !lockFailed else { return }
    do {
      try ensureDirectory()
      try file.lock(waitingUpTo: lockTimeout)
    } catch {
      lockFailed = true
      saveProblem = error
      return
    }
    do {
      try readIfChanged()
      isFreshUnderLock = true
    } catch {
      saveProblem = error
    }
  }

  /// Follows the data directory if it was deleted or replaced while Tally ran.
  private func ensureDirectory() throws(StoreError) {
    if try file.ensureDirectory() { watch?.watchAgain(file.directory) }
  }

  // MARK: Reading

  /// Re-reads the file, unsaved changes on top; returns the keys whose value changed.
  @discardableResult
  public func reload() -> Set<String> {
    let before = domains
    if let problem = refresh() { saveProblem = problem }
    return before.changedKeys(comparedWith: domains)
  }

  /// Reads the file unless it is the one last read or written; returns why it could not.
  private func refresh() -> StoreError? {
    var problem: StoreError?
    fileWork {
      do throws(StoreError) {
        try readIfChanged()
      } catch {
        problem = error
      }
    }
    return problem
  }

  /// The persistent domain as the file work under way sees it.
  private var persistent: [String: PropertyListValue] { readValues ?? domains.persistent }

  /// Runs `body`, then puts what it read from disk in the store: observers hear of it after
  /// the file work, never in the middle of it.
  private func fileWork(_ body: () -> Void) {
    body()
    if let values = readValues {
      readValues = nil
      changeDomains { $0.persistent = values }
    }
  }

  /// Reads the file unless it is the one last read or written, under the unsaved keys.
  private func readIfChanged() throws(StoreError) {
    guard !file.isUnchanged else { return }
    switch try file.read() {
    case .values(let values): apply(values)
    case .damaged(let reason): moveAside(reason: reason)
    }
  }

  private func apply(_ values: [String: PropertyListValue]) {
    var fresh = values
    for key in unsavedKeys { fresh[key] = persistent[key] }
    readValues = fresh
  }

  /// Moves a damaged store file aside, keeping its bytes, and keeps what is in memory.
  private func moveAside(reason: String) {
    let wasLocked = file.isLocked
    if !wasLocked, (try? file.lock(waitingUpTo: lockTimeout)) == nil {
      notices.append(.corrupt(path: file.path, movedTo: "(not moved: the store is locked)", reason: reason))
      return
    }
    defer { if !wasLocked { file.unlock() } }
    // Another process may have replaced the file since it was read.
    if case .values(let values)? = try? file.read() {
      apply(values)
      return
    }
    do {
      notices.append(.corrupt(path: file.path, movedTo: try file.moveAside(), reason: reason))
    } catch {
      notices.append(.corrupt(path: file.path, movedTo: "(not moved: \(error))", reason: reason))
    }
    // Keep whatever this process already knew: everything it held is re-saved.
    unsavedKeys.formUnion(persistent.keys)
  }

  /// Copies the store file aside, before a value of the wrong type is overwritten, and
  /// returns the copy's path (one with the same bytes is reused).
  public func keepCopy() throws(StoreError) -> String {
    try file.keepCopy()
  }

  // MARK: Changes made by other processes

  /// A descriptor that becomes readable when the store's directory changes; `nil` without inotify.
  public func changeNotificationDescriptor() -> Int32? {
    if watch == nil { watch = DirectoryWatch(directory: directory) }
    return watch?.descriptor
  }

  /// Re-reads the store file if another process replaced it; returns the keys that changed.
  @discardableResult
  public func processChanges() -> Set<String> {
    guard let watch, watch.readEvents(concerning: StoreLocation.fileName) else { return [] }
    // A directory deleted (or replaced) is watched again once it exists.
    if FileSystem.fileExists(atPath: directory) { try? ensureDirectory() }
    return reload()
  }
}
