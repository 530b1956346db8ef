#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Tally's durable store: a property-list file that several processes can share safely.
///
/// Foundation's `UserDefaults` on Linux loses writes (see DESIGN.md, Persistence), so Tally
/// keeps its own. Every change takes an exclusive `flock` on the data directory, re-reads
/// the file, applies the change, writes a temporary file, `fsync`s it, renames it over the
/// store and `fsync`s the directory. When `set(_:forKey:)` returns, the value is on disk, or
/// ``saveProblem`` says why not; reads come from memory.
///
/// A file that cannot be parsed is never silently reset: it is moved aside next to the
/// store and the problem is listed in ``notices``.
public final class FileUserDefaults: LayeredUserDefaults {
  /// The directory that holds the store, such as `~/.local/share/tally`.
  public let directory: String
  /// The store file.
  public let path: String
  /// How long a change waits for another process to release the lock.
  public let lockTimeout: Double
  /// Problems met while opening the store, such as a damaged file moved aside.
  public private(set) var notices: [StoreError] = []
  public private(set) var saveProblem: StoreError?
  public private(set) var problems: [DefaultsProblem] = []
  public private(set) var domains = DefaultsDomains()

  private let handlers = DefaultsChangeHandlers()
  private var watchDescriptor: Int32 = -1
  /// Keys changed in memory and not yet saved; re-applied over what is re-read from disk.
  private var unsavedKeys: Set<String> = []
  private var directoryDescriptor: Int32
  private var holdsLock = false
  /// Set when taking the lock failed in the current batch, so that it is not waited for twice.
  private var lockFailed = false
  /// Whether the file was re-read since the lock was taken.
  private var isFreshUnderLock = false
  private var batchDepth = 0

  /// Opens (creating if needed) the store in `directory`.
  ///
  /// - Throws: `StoreError` when the directory cannot be made or the file cannot be read.
  ///   A file that is read but cannot be parsed does not throw: it is moved aside.
  public init(directory: String, lockTimeout: Double = 5) throws(StoreError) {
    self.directory = directory
    self.path = StoreLocation.join(directory, StoreLocation.fileName)
    self.lockTimeout = lockTimeout
    do {
      try FileSystem.makeDirectories(atPath: directory)
      directoryDescriptor = try FileSystem.openDirectory(atPath: directory)
    } catch {
      throw .cannotCreateDirectory(path: directory, errno: error.code)
    }
    do {
      try reloadPersistentDomain()
    } catch {
      close(directoryDescriptor)
      throw error
    }
  }

  /// What the store in `directory` holds, read without creating, locking or moving anything;
  /// `nil` if there is no readable, well-formed store there. For shell completion.
  public static func peek(directory: String) -> InMemoryUserDefaults? {
    let path = StoreLocation.join(directory, StoreLocation.fileName)
    guard let bytes = try? FileSystem.readFile(atPath: path), let values = try? PropertyListCodec.decode(bytes)
    else { return nil }
    return InMemoryUserDefaults(values: values)
  }

  deinit {
    if holdsLock { flock(directoryDescriptor, LOCK_UN) }
    close(directoryDescriptor)
    if watchDescriptor >= 0 { close(watchDescriptor) }
  }

  // MARK: UserDefaultsProtocol

  public func writeValue(_ value: PropertyListValue?, forKey defaultName: String) {
    change(defaultName, to: value)
    saveIfNotBatching()
  }

  public func register(defaults registrationDictionary: [String: Any]) {
    changeDomains { $0.register(registrationDictionary) }
  }

  @discardableResult
  public func update(forKey defaultName: String, _ transform: (Any?) -> Any?) -> Any? {
    var unconvertible = false
    let stored = updateValue(forKey: defaultName) { current in
      guard let newValue = transform(current?.anyValue) else { return nil }
      guard let converted = PropertyListValue(any: newValue) else {
        unconvertible = true
        return current
      }
      return converted
    }
    return unconvertible ? object(forKey: defaultName) : stored?.anyValue
  }

  public func updateValue(
    forKey defaultName: String, _ transform: (PropertyListValue?) -> PropertyListValue?
  ) -> PropertyListValue? {
    performBatch {
      // Under the lock, the value read here is the newest any process has saved.
      lockAndRefresh()
      let current = domains.value(forKey: defaultName)
      let newValue = transform(current)
      if newValue != current || domains.argument[defaultName] != nil { change(defaultName, to: newValue) }
      return newValue
    }
  }

  /// Whether changes made in memory are still waiting to be saved (after a failed save).
  public var hasUnsavedChanges: Bool { !unsavedKeys.isEmpty }

  /// Tries again to save what a failed save left in memory; ``saveProblem`` tells how it went.
  public func retrySave() {
    guard hasUnsavedChanges else { return }
    performBatch { lockAndRefresh() }
  }

  public func addChangeHandler(_ handler: @escaping (Set<String>) -> Void) -> DefaultsObservation {
    handlers.add(handler)
  }

  public func report(_ problem: DefaultsProblem) {
    problems.append(problem)
  }

  public func setArgumentDomain(_ values: [String: PropertyListValue]) { changeDomains { $0.argument = values } }
  public func setVolatileDomain(_ values: [String: PropertyListValue]) { changeDomains { $0.volatile = values } }
  public func setRegistrationDomain(_ values: [String: PropertyListValue]) { changeDomains { $0.registration = values } }

  /// Replaces everything this process keeps in the file, and saves it.
  public func setPersistentDomain(_ values: [String: PropertyListValue]) {
    performBatch {
      lockAndRefresh()
      unsavedKeys.formUnion(domains.persistent.keys)
      unsavedKeys.formUnion(values.keys)
      changeDomains { $0.persistent = values }
    }
  }

  public func performBatch<Result>(_ body: () throws -> Result) rethrows -> Result {
    batchDepth += 1
    defer {
      batchDepth -= 1
      if batchDepth == 0 {
        if !unsavedKeys.isEmpty { save() }
        unlock()
        lockFailed = false
      }
    }
    return try body()
  }

  // MARK: Reading from disk

  /// Re-reads the file so that changes saved by other processes show; unsaved changes of
  /// this process stay on top. Returns the keys whose resolved value changed.
  @discardableResult
  public func reload() -> Set<String> {
    let before = domains
    do {
      try reloadPersistentDomain()
    } catch {
      saveProblem = error
    }
    return before.changedKeys(comparedWith: domains)
  }

  // MARK: Changes made by other processes

  /// The store is replaced by rename, so the directory is watched for the new name arriving;
  /// and for the directory itself going away.
  private static let watchedEvents = UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_CREATE | IN_DELETE_SELF | IN_MOVE_SELF)

  /// A descriptor that becomes readable when the store's directory changes, for the run
  /// loop to poll; call ``processChanges()`` when it does. `nil` if inotify is unavailable.
  public func changeNotificationDescriptor() -> Int32? {
    if watchDescriptor >= 0 { return watchDescriptor }
    let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard fd >= 0 else { return nil }
    guard inotify_add_watch(fd, directory, Self.watchedEvents) >= 0 else {
      close(fd)
      return nil
    }
    watchDescriptor = fd
    return fd
  }

  /// Reads what the change descriptor reported and, if the store file was replaced, re-reads
  /// it; observers hear of every key whose value changed. Returns those keys.
  @discardableResult
  public func processChanges() -> Set<String> {
    guard watchDescriptor >= 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 4096)
    var storeChanged = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(watchDescriptor, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let (nameLength, name) = buffer.withUnsafeBytes { bytes -> (Int, String) in
          let length = Int(bytes.load(fromByteOffset: offset + 12, as: UInt32.self))
          let start = offset + MemoryLayout<inotify_event>.size
          let nameBytes = bytes[start..<min(start + length, count)].prefix { $0 != 0 }
          return (length, String(decoding: nameBytes, as: UTF8.self))
        }
        let mask = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 4, as: UInt32.self) }
        if name == StoreLocation.fileName || mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
          storeChanged = true
        }
        offset += MemoryLayout<inotify_event>.size + nameLength
      }
    }
    guard storeChanged else { return [] }
    // A directory deleted (or replaced) is watched again once it exists.
    var info = stat()
    if stat(directory, &info) == 0 { try? ensureDirectory() }
    return reload()
  }

  private func reloadPersistentDomain() throws(StoreError) {
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.readFile(atPath: path)
    } catch {
      if error.code == EFBIG {
        moveAside(reason: "larger than \(FileSystem.maximumReadSize >> 20) MiB")
        return
      }
      throw .cannotRead(path: path, errno: error.code)
    }
    var fresh: [String: PropertyListValue] = [:]
    if let bytes, !bytes.isEmpty {
      do {
        fresh = try PropertyListCodec.decode(bytes)
      } catch {
        moveAside(reason: error.reason)
        return
      }
    } else if bytes != nil {
      moveAside(reason: "the file is empty")
      return
    }
    for key in unsavedKeys { fresh[key] = domains.persistent[key] }
    changeDomains { $0.persistent = fresh }
  }

  /// Moves a damaged store file aside, keeping its bytes, and keeps what is in memory.
  private func moveAside(reason: String) {
    let wasLocked = holdsLock
    if !wasLocked, (try? lock()) == nil {
      notices.append(.corrupt(path: path, movedTo: "(not moved: the store is locked)", reason: reason))
      return
    }
    defer { if !wasLocked { unlock() } }
    // Another process may have replaced the file since it was read.
    if let bytes = try? FileSystem.readFile(atPath: path), !bytes.isEmpty,
      (try? PropertyListCodec.decode(bytes)) != nil
    {
      try? reloadPersistentDomain()
      return
    }
    let destination = asidePath(kind: "corrupt")
    do {
      try FileSystem.rename(path, to: destination)
      fsync(directoryDescriptor)
      notices.append(.corrupt(path: path, movedTo: destination, reason: reason))
    } catch {
      notices.append(.corrupt(path: path, movedTo: "(not moved: \(error))", reason: reason))
    }
    // Keep whatever this process already knew: everything it held is re-saved.
    unsavedKeys.formUnion(domains.persistent.keys)
  }

  /// Copies the store file aside, next to it, keeping its bytes as they are; returns the
  /// copy's path. Used before a value of the wrong type would be overwritten. A copy with the
  /// same bytes made earlier is reused, so reading a damaged store twice keeps one copy.
  public func keepCopy() throws(StoreError) -> String {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readFile(atPath: path) ?? []
    } catch {
      throw .cannotRead(path: path, errno: error.code)
    }
    let prefix = StoreLocation.fileName + ".copy-"
    for name in FileSystem.names(inDirectory: directory) where name.hasPrefix(prefix) {
      let existing = StoreLocation.join(directory, name)
      if (try? FileSystem.readFile(atPath: existing)) == bytes { return existing }
    }
    let destination = asidePath(kind: "copy")
    do {
      try FileSystem.writeNewFile(atPath: destination, bytes: bytes)
      fsync(directoryDescriptor)
    } catch {
      throw .cannotWrite(path: destination, errno: error.code)
    }
    return destination
  }

  /// `defaults.plist.<kind>-<UTC time>`, with a number added if that name is taken.
  private func asidePath(kind: String) -> String {
    let stamp = UTCTime.text(for: Date()).filter { $0 != "-" && $0 != ":" }.prefix(15)
    var destination = path + ".\(kind)-" + stamp
    var attempt = 1
    while FileSystem.fileExists(atPath: destination) {
      attempt += 1
      destination = path + ".\(kind)-" + stamp + "-\(attempt)"
    }
    return destination
  }

  // MARK: Writing

  private func change(_ key: String, to value: PropertyListValue?) {
    unsavedKeys.insert(key)
    // One key: compare that key alone, not every domain (this runs for every key press).
    if domains.write(value, forKey: key), !handlers.isEmpty { handlers.notify([key]) }
  }

  /// Changes the domains in memory and tells observers which keys changed.
  private func changeDomains(_ body: (inout DefaultsDomains) -> Void) {
    let before = domains
    body(&domains)
    if !handlers.isEmpty { handlers.notify(before.changedKeys(comparedWith: domains)) }
  }

  private func saveIfNotBatching() {
    if batchDepth == 0 {
      save()
      unlock()
      lockFailed = false
    }
  }

  private func lockAndRefresh() {
    guard !holdsLock, !lockFailed else { return }
    do {
      try lock()
    } catch {
      lockFailed = true
      saveProblem = error
      return
    }
    do {
      try reloadPersistentDomain()
      isFreshUnderLock = true
    } catch {
      saveProblem = error
    }
  }

  private func save() {
    lockAndRefresh()
    // Never write over a file that could not be read: that would lose what it holds.
    guard holdsLock, isFreshUnderLock else { return }
    let document = PropertyListCodec.encode(domains.persistent)
    do {
      try FileSystem.replaceFileDurably(
        atPath: path, with: Array(document.utf8), directoryDescriptor: directoryDescriptor)
      unsavedKeys.removeAll()
      saveProblem = nil
    } catch {
      saveProblem = .cannotWrite(path: path, errno: error.code)
    }
  }

  private func lock() throws(StoreError) {
    guard !holdsLock else { return }
    try ensureDirectory()
    let deadline = MonotonicClock.now() + lockTimeout
    var pause = 0.0005
    while flock(directoryDescriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK else { throw .cannotWrite(path: path, errno: code) }
      guard MonotonicClock.now() < deadline else { throw .locked(path: path, seconds: lockTimeout) }
      MonotonicClock.sleep(seconds: pause)
      pause = min(pause * 2, 0.01)
    }
    holdsLock = true
  }

  /// Makes sure the open directory is still the one at ``directory``: if it was deleted (and
  /// perhaps made again) while Tally ran, it is made again if needed and opened anew, and
  /// watched anew, so that saves, the lock and change notification all use the same one.
  private func ensureDirectory() throws(StoreError) {
    var open = stat()
    var current = stat()
    let same =
      fstat(directoryDescriptor, &open) == 0 && stat(directory, &current) == 0
      && open.st_dev == current.st_dev && open.st_ino == current.st_ino
    guard !same else { return }
    let fresh: Int32
    do {
      try FileSystem.makeDirectories(atPath: directory)
      fresh = try FileSystem.openDirectory(atPath: directory)
    } catch {
      throw .cannotCreateDirectory(path: directory, errno: error.code)
    }
    close(directoryDescriptor)
    directoryDescriptor = fresh
    if watchDescriptor >= 0 {
      inotify_add_watch(watchDescriptor, directory, Self.watchedEvents)
    }
  }

  private func unlock() {
    guard holdsLock else { return }
    flock(directoryDescriptor, LOCK_UN)
    holdsLock = false
    isFreshUnderLock = false
  }
}
