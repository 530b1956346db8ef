import FoundationEssentials
import TallyPlatform

/// The durable file behind `FileUserDefaults`, `defaults.plist`: the directory's lock, atomic
/// replacement, damaged files moved aside, and the file last read or written held open, so
/// that ``isUnchanged`` tells the store's own write from another process's without reading.
final class StoreFile {
  enum Reading {
    case values([String: PropertyListValue])
    case damaged(reason: String)
  }

  /// The file as last seen by this process.
  private enum Seen {
    case unknown, absent
    case file(descriptor: Int32, identity: FileIdentity)
  }

  let directory: String
  let path: String
  private(set) var isLocked = false
  private var directoryDescriptor: Int32
  private var seen = Seen.unknown

  /// Opens (making it if needed) the data directory.
  init(directory: String) throws(StoreError) {
    self.directory = directory
    self.path = StoreLocation.join(directory, StoreLocation.fileName)
    directoryDescriptor = try Self.openDirectory(directory)
  }

  private static func openDirectory(_ directory: String) throws(StoreError) -> Int32 {
    do {
      try FileSystem.makeDirectories(atPath: directory)
      return try FileSystem.openDirectory(atPath: directory)
    } catch {
      throw .cannotCreateDirectory(path: directory, errno: error.code)
    }
  }

  deinit {
    unlock()
    forget()
    FileSystem.close(directoryDescriptor)
  }

  /// Whether the file at ``path`` is the one this process last read or wrote (or still none).
  var isUnchanged: Bool {
    let current: FileIdentity?
    do {
      current = try FileSystem.identity(atPath: path)
    } catch {
      return false
    }
    switch seen {
    case .unknown: return false
    case .absent: return current == nil
    case .file(_, let identity): return current == identity
    }
  }

  /// Reads the file; throws for one that exists but cannot be read, never to be overwritten.
  func read() throws(StoreError) -> Reading {
    let opened: Int32?
    do {
      opened = try FileSystem.openRegularFile(atPath: path)
    } catch {
      throw .cannotRead(path: path, errno: error.code)
    }
    guard let fd = opened else {
      forget()
      seen = .absent
      return .values([:])
    }
    var reading = Reading.damaged(reason: "the file is empty")
    do {
      let bytes = try FileSystem.readAll(fd)
      if !bytes.isEmpty {
        do {
          reading = .values(try PropertyListCodec.decode(bytes))
        } catch {
          reading = .damaged(reason: error.reason)
        }
      }
    } catch {
      FileSystem.close(fd)
      guard error == .fileTooLarge else { throw .cannotRead(path: path, errno: error.code) }
      return .damaged(reason: "larger than \(FileSystem.maximumReadSize >> 20) MiB")
    }
    if case .values = reading { hold(fd) } else { FileSystem.close(fd) }
    return reading
  }

  /// Replaces the file with `values`, durably; call it holding the lock.
  func write(_ values: [String: PropertyListValue]) throws(StoreError) {
    let bytes = Array(PropertyListCodec.encode(values).utf8)
    do {
      try FileSystem.replaceFileDurably(atPath: path, with: bytes, directoryDescriptor: directoryDescriptor)
    } catch {
      throw .cannotWrite(path: path, errno: error.code)
    }
    // Held read-only, under the lock, so no other writer can have replaced it yet: a file
    // held open for writing would stop the disk from being remounted read-only (EBUSY).
    if let fd = try? FileSystem.openRegularFile(atPath: path) { hold(fd) } else { forget() }
  }

  /// Keeps `fd` as the file last seen, with its identity after any rename.
  private func hold(_ fd: Int32) {
    forget()
    if let identity = try? FileSystem.identity(of: fd) {
      seen = .file(descriptor: fd, identity: identity)
    } else {
      FileSystem.close(fd)
    }
  }

  private func forget() {
    if case .file(let fd, _) = seen { FileSystem.close(fd) }
    seen = .unknown
  }

  /// Takes the directory's exclusive lock, waiting up to `lockTimeout` seconds.
  func lock(waitingUpTo lockTimeout: Double) throws(StoreError) {
    guard !isLocked else { return }
    do {
      isLocked = try FileSystem.lock(directoryDescriptor, timeout: lockTimeout)
    } catch {
      throw .cannotWrite(path: path, errno: error.code)
    }
    if !isLocked { throw .locked(path: path, seconds: lockTimeout) }
  }

  func unlock() {
    guard isLocked else { return }
    FileSystem.unlock(directoryDescriptor)
    isLocked = false
  }

  /// Opens the directory anew (made again if needed) if it was deleted while Tally ran;
  /// returns whether it did, so that a watch on it is renewed (call it without the lock).
  func ensureDirectory() throws(StoreError) -> Bool {
    let open = try? FileSystem.identity(of: directoryDescriptor)
    let current = try? FileSystem.identity(atPath: directory)
    if let open, open.isSameFile(as: current) { return false }
    let fresh = try Self.openDirectory(directory)
    FileSystem.close(directoryDescriptor)
    directoryDescriptor = fresh
    forget()
    return true
  }

  /// Moves the file aside as `defaults.plist.corrupt-<UTC time>`; returns where it went.
  func moveAside() throws(SystemError) -> String {
    let destination = FileSystem.asideName(for: path, tag: "corrupt")
    try FileSystem.rename(path, to: destination)
    FileSystem.synchronize(directoryDescriptor)
    forget()
    return destination
  }

  /// Copies the file aside; returns the copy's path, reusing one with the same bytes.
  func keepCopy() throws(StoreError) -> String {
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
    let destination = FileSystem.asideName(for: path, tag: "copy")
    do {
      try FileSystem.writeNewFile(atPath: destination, bytes: bytes, directoryDescriptor: directoryDescriptor)
    } catch {
      throw .cannotWrite(path: destination, errno: error.code)
    }
    return destination
  }
}

/// The store's lock, as the settings see it.
public enum StoreLock {
  /// The `lockTimeout` setting's default, in seconds: not a member of `FileUserDefaults`, so
  /// that a store in memory does not make the runtime set that class up (docs/performance.md).
  public static let defaultTimeout: Double = 5
}
