import Glibc

/// A directory whose contents anyone may have placed: the sync folder, which every peer can
/// fill with files, links, FIFOs and devices.
///
/// Every operation goes through the directory's descriptor and a name directly inside it:
/// no link is followed, nothing blocks on a FIFO or a device, a name with a `/` is refused,
/// and new files are made under unpredictable names with `O_EXCL`.
package final class UntrustedFolder {
  package let path: String
  private let descriptor: Int32

  /// Opens the directory at `path`; throws when it is not there or not a directory.
  package init(path: String) throws(SystemError) {
    self.path = path
    descriptor = try FileSystem.openDirectory(atPath: path)
  }

  deinit {
    FileSystem.close(descriptor)
  }

  /// The names in the folder, without "." and "..", in the directory's order.
  package func names() -> [String] {
    let copy = dup(descriptor)
    guard copy >= 0 else { return [] }
    guard let directory = fdopendir(copy) else {
      FileSystem.close(copy)
      return []
    }
    rewinddir(directory)
    // Unsorted: a caller that needs an order sorts what it keeps.
    return FileSystem.names(in: directory)
  }

  /// What identifies the regular file `name` now (`nil`: none); anything else there throws.
  package func identity(ofFile name: String) throws(SystemError) -> FileIdentity? {
    try Self.check(name)
    var info = stat()
    if fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) != 0 {
      if errno == ENOENT { return nil }
      throw .current
    }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile }
    return FileIdentity(info)
  }

  /// The regular file `name` from `offset` on, with its identity (`nil` when there is none);
  /// more than `limit` bytes fails before anything is read.
  package func readFile(named name: String, from offset: Int, atMost limit: Int) throws(SystemError)
    -> (bytes: [UInt8], identity: FileIdentity)?
  {
    guard let fd = try open(name, O_RDONLY) else { return nil }
    defer { FileSystem.close(fd) }
    let identity = try FileSystem.identity(of: fd)
    guard identity.byteCount - Int64(min(offset, Int(identity.byteCount))) <= Int64(limit) else { throw .fileTooLarge }
    if offset > 0, lseek(fd, off_t(offset), SEEK_SET) < 0 { throw .current }
    return (try FileSystem.readAll(fd, atMost: limit), identity)
  }

  /// Replaces the file `name` with `bytes`, durably and atomically, through a new file made
  /// with `O_EXCL` under an unpredictable name; returns the identity of the file written.
  @discardableResult
  package func replaceFile(named name: String, with bytes: [UInt8]) throws(SystemError) -> FileIdentity {
    try Self.check(name)
    var temporary = ""
    var fd: Int32 = -1
    for _ in 0..<8 {
      temporary = "." + name + "." + String(UInt64.random(in: .min ... .max), radix: 16) + ".tmp"
      fd = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if fd >= 0 || errno != EEXIST { break }
    }
    if fd < 0 { throw .current }
    defer { FileSystem.close(fd) }
    do throws(SystemError) {
      try FileSystem.writeAll(bytes, to: fd)
      if fsync(fd) != 0 { throw .current }
      let identity = try FileSystem.identity(of: fd)
      if renameat(descriptor, temporary, descriptor, name) != 0 { throw .current }
      if fsync(descriptor) != 0 { throw .current }
      return identity
    } catch {
      unlinkat(descriptor, temporary, 0)
      throw error
    }
  }

  /// Appends `bytes` to the regular file `name` (made when missing) in one write under an
  /// exclusive `flock`, `fsync`ed when `durably`; returns the file's identity after it.
  ///
  /// The file must have one link: a hard link could point outside the folder.
  @discardableResult
  package func append(_ bytes: [UInt8], toFile name: String, durably: Bool = true) throws(SystemError) -> FileIdentity {
    var made = false
    var fd = openat(descriptor, name, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    if fd < 0, errno == ENOENT {
      fd = openat(descriptor, name, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      made = true
    }
    if fd < 0 { throw Self.openError() }
    defer { FileSystem.close(fd) }
    var info = stat()
    if fstat(fd, &info) != 0 { throw .current }
    guard info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else { throw .notARegularFile }
    while flock(fd, LOCK_EX) != 0 {
      if errno != EINTR { throw .current }
    }
    try FileSystem.writeAll(bytes, to: fd)
    if durably, fsync(fd) != 0 { throw .current }
    if durably, made, fsync(descriptor) != 0 { throw .current }
    return try FileSystem.identity(of: fd)
  }

  /// Removes the file (or link, or FIFO) `name`, never anything it points to.
  package func remove(file name: String) {
    guard (try? Self.check(name)) != nil else { return }
    unlinkat(descriptor, name, 0)
  }

  /// Opens the regular file `name` with `flags`, or returns `nil` when there is none.
  private func open(_ name: String, _ flags: Int32) throws(SystemError) -> Int32? {
    try Self.check(name)
    let fd = openat(descriptor, name, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw Self.openError()
    }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      FileSystem.close(fd)
      throw .notARegularFile
    }
    return fd
  }

  /// A failed `openat` with `O_NOFOLLOW`: `ELOOP` means a link was there.
  private static func openError() -> SystemError {
    errno == ELOOP || errno == ENXIO ? .notARegularFile : .current
  }

  /// Refuses a name that is not one entry of the folder itself.
  private static func check(_ name: String) throws(SystemError) {
    let bytes = name.utf8
    let dots = bytes.count <= 2 && bytes.allSatisfy { $0 == UInt8(ascii: ".") }
    if dots || bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 }) {
      throw SystemError(EINVAL)
    }
  }
}
