import FoundationEssentials
import Glibc

/// The file operations Tally needs, as thin wrappers over POSIX calls retried on `EINTR`
/// (the store needs exact control over `fsync`, `rename` and locks).
package enum FileSystem {
  /// A name beside `path` for keeping it aside: `path.TAG-20261123T100000`, then `-2`, `-3`.
  package static func asideName(for path: String, tag: String) -> String {
    let stamp = UTCTime.text(for: Date()).filter { $0 != "-" && $0 != ":" }.prefix(15)
    var destination = path + "." + tag + "-" + stamp
    var attempt = 1
    while fileExists(atPath: destination) {
      attempt += 1
      destination = path + "." + tag + "-" + stamp + "-\(attempt)"
    }
    return destination
  }

  /// The largest file Tally reads; reading a bigger one fails with ``SystemError/fileTooLarge``.
  package static let maximumReadSize = 64 << 20

  /// Reads a whole regular file, or `nil` when it does not exist; past `limit` bytes it
  /// throws, or with `truncating` gives the first `limit`.
  package static func readFile(
    atPath path: String, atMost limit: Int = maximumReadSize, truncating: Bool = false
  ) throws(SystemError) -> [UInt8]? {
    guard let fd = try openRegularFile(atPath: path) else { return nil }
    defer { close(fd) }
    return try readAll(fd, atMost: limit, truncating: truncating)
  }

  /// Opens a regular file for reading (`nil`: none); anything else there is an error, not waited on.
  package static func openRegularFile(atPath path: String) throws(SystemError) -> Int32? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw .current
    }
    var info = stat()
    do throws(SystemError) {
      if fstat(fd, &info) != 0 { throw .current }
      try requireRegularFile(info)
    } catch {
      close(fd)
      throw error
    }
    return fd
  }

  /// Throws unless a regular file, a link to one, or nothing at all is at `path`, by looking
  /// only (`lstat`, `stat`): a FIFO is not waited on, a device not touched.
  package static func requireRegularFileOrNothing(atPath path: String) throws(SystemError) {
    var info = stat()
    if lstat(path, &info) != 0 {
      if errno == ENOENT { return }
      throw .current
    }
    // A link is read through, as the store reads one; one to nothing would have the file
    // made wherever it points.
    if info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0 {
      if errno == ENOENT || errno == ELOOP { throw .notARegularFile }
      throw .current
    }
    try requireRegularFile(info)
  }

  package static func readAll(_ fd: Int32, atMost limit: Int = maximumReadSize, truncating: Bool = false) throws(SystemError)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .current
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit {
        guard truncating else { throw .fileTooLarge }
        return Array(bytes.prefix(limit))
      }
    }
  }

  private static func requireRegularFile(_ info: stat) throws(SystemError) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: throw SystemError(EISDIR)
    default: throw SystemError.notARegularFile
    }
  }

  /// Writes `bytes` to `path` durably and atomically: a temporary file beside it, `fsync`ed
  /// and renamed over `path`, then the directory `fsync`ed.
  package static func replaceFileDurably(
    atPath path: String, with bytes: [UInt8], directoryDescriptor: Int32
  ) throws(SystemError) {
    let temporaryPath = path + ".tmp"
    let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    if fd < 0 { throw .current }
    defer { close(fd) }
    do throws(SystemError) {
      try writeAll(bytes, to: fd)
      if fsync(fd) != 0 { throw .current }
      if Glibc.rename(temporaryPath, path) != 0 { throw .current }
      if fsync(directoryDescriptor) != 0 { throw .current }
    } catch {
      unlink(temporaryPath)
      throw error
    }
  }

  /// Writes `bytes` to a file that must not exist yet, and `fsync`s it and `directoryDescriptor`.
  package static func writeNewFile(atPath path: String, bytes: [UInt8], directoryDescriptor: Int32) throws(SystemError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd < 0 { throw .current }
    defer { close(fd) }
    try writeAll(bytes, to: fd)
    if fsync(fd) != 0 || fsync(directoryDescriptor) != 0 { throw .current }
  }

  /// Writes every byte to `fd`, retrying short writes and `EINTR`.
  package static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(SystemError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + written }, $0.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .current
      }
      if count == 0 { throw SystemError(EIO) }
      written += count
    }
  }

  /// Takes an exclusive `flock` on `fd`, trying until `timeout` seconds pass; returns whether it did.
  package static func lock(_ fd: Int32, timeout: Double) throws(SystemError) -> Bool {
    let deadline = MonotonicClock.now() + timeout
    var pause = 0.0005
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK else { throw SystemError(code) }
      guard MonotonicClock.now() < deadline else { return false }
      MonotonicClock.sleep(seconds: pause)
      pause = min(pause * 2, 0.01)
    }
    return true
  }

  package static func unlock(_ fd: Int32) {
    flock(fd, LOCK_UN)
  }

  package static func close(_ fd: Int32) {
    _ = Glibc.close(fd)
  }

  /// `fsync`, such as of a directory, so that a rename in it is on disk.
  package static func synchronize(_ fd: Int32) {
    fsync(fd)
  }

  /// Makes the file at `path` when it is not there (mode 0600), following no link, and reads
  /// its size and its first `count` bytes; `nil` when it is not a regular file.
  package static func makeIfMissing(atPath path: String, readingFirst count: Int) -> (size: Int64, head: [UInt8])? {
    let fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var head = [UInt8](repeating: 0, count: count)
    let read = pread(fd, &head, count, 0)
    return (Int64(info.st_size), Array(head.prefix(max(0, read))))
  }

  /// What identifies the file at `path` now, or `nil` when there is none.
  package static func identity(atPath path: String) throws(SystemError) -> FileIdentity? {
    var info = stat()
    if stat(path, &info) != 0 {
      if errno == ENOENT { return nil }
      throw .current
    }
    return FileIdentity(info)
  }

  package static func identity(of fd: Int32) throws(SystemError) -> FileIdentity {
    var info = stat()
    if fstat(fd, &info) != 0 { throw .current }
    return FileIdentity(info)
  }

  /// The names in a directory, without "." and "..", sorted; empty if it cannot be read.
  package static func names(inDirectory path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    return names(in: directory).sorted()
  }

  /// The names in an open directory, without "." and "..", in its order; closes it.
  static func names(in directory: OpaquePointer) -> [String] {
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Makes `path` and any missing parents with mode 0700, as the XDG spec asks.
  package static func makeDirectories(atPath path: String) throws(SystemError) {
    var info = stat()
    if stat(path, &info) != 0 {
      var prefix = path.hasPrefix("/") ? "" : "."
      for component in path.split(separator: "/") {
        prefix += "/"
        prefix += String(component)
        if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw .current }
      }
      if stat(path, &info) != 0 { throw .current }
    }
    if info.st_mode & S_IFMT != S_IFDIR { throw SystemError(ENOTDIR) }
  }

  /// Opens a directory for `flock` and `fsync`.
  package static func openDirectory(atPath path: String) throws(SystemError) -> Int32 {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd < 0 { throw .current }
    return fd
  }

  package static func fileExists(atPath path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Whether a directory (or a link to one) is at `path`.
  package static func isDirectory(atPath path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  package static func rename(_ source: String, to destination: String) throws(SystemError) {
    if Glibc.rename(source, destination) != 0 { throw .current }
  }

  /// Deletes the file at `path`, if there is one (a copy made for a step that was undone).
  package static func removeFile(atPath path: String) {
    unlink(path)
  }
}
