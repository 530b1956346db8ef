import TallyPlatform

/// Tally's durable store: a property-list file that several processes can share safely
/// (Foundation's `UserDefaults` on Linux loses writes: DESIGN.md, Persistence).
///
/// When `set(_:forKey:)` returns, the value is on disk, or ``saveProblem`` says why not. A
/// file that cannot be parsed is moved aside, never reset, and listed in ``notices``.
public final class FileUserDefaults: LayeredUserDefaults {
  /// Problems met while opening the store, such as a damaged file moved aside.
  public var notices: [StoreError] { fileSide.notices }

  /// The file, and what this process knows of it: the store's backing.
  private let fileSide: StoreFileSide

  /// Opens (creating if needed) the store in `directory`; throws when the directory cannot
  /// be made or the file read (a file read but not parsed is moved aside).
  public init(directory: String, lockTimeout: Double = StoreLock.defaultTimeout) throws(StoreError) {
    let fileSide = StoreFileSide(file: try StoreFile(directory: directory, lockTimeout: lockTimeout))
    self.fileSide = fileSide
    super.init(values: [:], backing: fileSide)
    if let problem = refresh() { throw problem }
  }

  /// Seconds a change waits for another process's lock (the `lockTimeout` setting).
  public var lockTimeout: Double {
    get { fileSide.file.lockTimeout }
    set { fileSide.file.lockTimeout = newValue }
  }

  /// The directory that holds the store, such as `~/.local/share/tally`.
  public var directory: String { fileSide.file.directory }
  public var path: String { fileSide.file.path }

  /// What the store in `directory` holds, for shell completion, read without locking or moving.
  public static func peek(directory: String) -> InMemoryUserDefaults? {
    let path = StoreLocation.join(directory, StoreLocation.fileName)
    guard let bytes = try? FileSystem.readFile(atPath: path), let values = try? PropertyListCodec.decode(bytes)
    else { return nil }
    return InMemoryUserDefaults(values: values)
  }

  // MARK: Saving

  /// Whether changes made in memory are still waiting to be saved (after a failed save).
  public var hasUnsavedChanges: Bool { !fileSide.unsavedKeys.isEmpty }

  /// Tries again to save what a failed save left in memory; ``saveProblem`` tells how it went.
  public func retrySave() {
    guard hasUnsavedChanges else { return }
    performBatch { updateBacked { fileSide.lockAndRefresh(&$0) } }
  }

  /// The store's lock held from the batch's start, the file read again under it.
  public override func performLockedBatch<Result>(_ body: () -> Result) throws(StoreError) -> Result {
    var outcome: Swift.Result<Result, StoreError> = .failure(.noDataDirectory)
    performBatch {
      var locked = false
      updateBacked { locked = fileSide.lockForBatch(&$0) }
      guard locked else {
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
    updateBacked { fileSide.saveKeepingLock(&$0) }
    if hasUnsavedChanges { throw saveProblem ?? .cannotWrite(path: path, errno: 0) }
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
    updateBacked { backed in
      do throws(StoreError) {
        try fileSide.refresh(&backed)
      } catch {
        problem = error
      }
    }
    return problem
  }

  /// Copies the store file aside, before a value of the wrong type is overwritten, and
  /// returns the copy's path (one with the same bytes is reused).
  public func keepCopy() throws(StoreError) -> String {
    try fileSide.file.keepCopy()
  }

  // MARK: Changes made by other processes

  /// A descriptor that becomes readable when the store's directory changes; `nil` without inotify.
  public func changeNotificationDescriptor() -> Int32? {
    if fileSide.watch == nil { fileSide.watch = DirectoryWatch(directory: directory) }
    return fileSide.watch?.descriptor
  }

  /// Re-reads the store file if another process replaced it; returns the keys that changed.
  @discardableResult
  public func processChanges() -> Set<String> {
    guard let watch = fileSide.watch, watch.readEvents(concerning: StoreLocation.fileName) else { return [] }
    // A directory deleted (or replaced) is watched again once it exists.
    if FileSystem.fileExists(atPath: directory) { try? fileSide.ensureDirectory() }
    return reload()
  }
}

/// The file side of ``FileUserDefaults``: every change takes the lock and re-reads the file
/// if another process replaced it (unsaved keys on top); a batch's end replaces it durably.
final class StoreFileSide: DomainBacking {
  let file: StoreFile
  /// Problems met while reading the file, such as a damaged file moved aside.
  private(set) var notices: [StoreError] = []
  /// Keys changed in memory and not yet saved; re-applied over what is re-read from disk.
  private(set) var unsavedKeys: Set<String> = []
  /// Set when taking the lock failed in the current batch, so that it is not waited for twice.
  private var lockFailed = false
  /// Whether the file was checked (and re-read if needed) since the lock was taken.
  private var isFreshUnderLock = false
  /// The watch on the directory, once the run loop asks for it.
  var watch: DirectoryWatch?

  init(file: StoreFile) {
    self.file = file
  }

  func prepareToChange(_ backed: inout BackedDomains) {
    lockAndRefresh(&backed)
  }

  func persistentKeysChanged(_ keys: Set<String>) {
    unsavedKeys.formUnion(keys)
  }

  func batchEnded(_ backed: inout BackedDomains) {
    if !unsavedKeys.isEmpty { save(&backed) }
    file.unlock()
    isFreshUnderLock = false
    lockFailed = false
  }

  /// Takes the lock for the rest of the batch, reading the file again; returns whether it did.
  func lockForBatch(_ backed: inout BackedDomains) -> Bool {
    lockAndRefresh(&backed)
    return file.isLocked && isFreshUnderLock
  }

  /// Writes the keys changed so far in the batch, keeping the lock.
  func saveKeepingLock(_ backed: inout BackedDomains) {
    if !unsavedKeys.isEmpty { save(&backed) }
  }

  private func save(_ backed: inout BackedDomains) {
    lockAndRefresh(&backed)
    // Never write over a file that could not be read: that would lose what it holds.
    guard file.isLocked, isFreshUnderLock else { return }
    do {
      try file.write(backed.persistent)
      unsavedKeys.removeAll()
      backed.saveProblem = nil
    } catch {
      backed.saveProblem = error
    }
  }

  func lockAndRefresh(_ backed: inout BackedDomains) {
    guard !file.isLocked, !lockFailed else { return }
    do {
      try ensureDirectory()
      try file.lock()
    } catch {
      lockFailed = true
      backed.saveProblem = error
      return
    }
    do {
      try refresh(&backed)
      isFreshUnderLock = true
    } catch {
      backed.saveProblem = error
    }
  }

  /// Follows the data directory if it was deleted or replaced while Tally ran.
  func ensureDirectory() throws(StoreError) {
    if try file.ensureDirectory() { watch?.watchAgain(file.directory) }
  }

  /// Reads the file unless it is the one last read or written, under the unsaved keys.
  func refresh(_ backed: inout BackedDomains) throws(StoreError) {
    guard !file.isUnchanged else { return }
    switch try file.read() {
    case .values(let values): apply(values, to: &backed)
    case .damaged(let reason): moveAside(reason: reason, &backed)
    }
  }

  private func apply(_ values: [String: PropertyListValue], to backed: inout BackedDomains) {
    var fresh = values
    for key in unsavedKeys { fresh[key] = backed.persistent[key] }
    backed.replacePersistent(with: fresh)
  }

  /// Moves a damaged store file aside, keeping its bytes, and keeps what is in memory.
  private func moveAside(reason: String, _ backed: inout BackedDomains) {
    let wasLocked = file.isLocked
    if !wasLocked, (try? file.lock()) == nil {
      notices.append(.corrupt(path: file.path, movedTo: "(not moved: the store is locked)", reason: reason))
      return
    }
    defer { if !wasLocked { file.unlock() } }
    // Another process may have replaced the file since it was read.
    if case .values(let values)? = try? file.read() {
      apply(values, to: &backed)
      return
    }
    do {
      notices.append(.corrupt(path: file.path, movedTo: try file.moveAside(), reason: reason))
    } catch {
      notices.append(.corrupt(path: file.path, movedTo: "(not moved: \(error))", reason: reason))
    }
    // Keep whatever this process already knew: everything it held is re-saved.
    unsavedKeys.formUnion(backed.persistent.keys)
  }
}
