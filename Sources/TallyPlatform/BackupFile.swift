import Glibc

/// Reading and writing backup files for `tally export -o` and `tally import`.
public enum BackupFile {
  public static func read(atPath path: String) throws(SystemError) -> [UInt8] {
    guard let bytes = try FileSystem.readFile(atPath: path) else { throw SystemError(ENOENT) }
    return bytes
  }

  /// The first `count` bytes of the file at `path`, for telling its format.
  public static func readHead(atPath path: String, count: Int) throws(SystemError) -> [UInt8] {
    guard let bytes = try FileSystem.readHead(atPath: path, count: count) else { throw SystemError(ENOENT) }
    return bytes
  }

  /// Writes `bytes` to `path` durably and atomically.
  public static func write(_ bytes: [UInt8], toPath path: String) throws(SystemError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let fd = try FileSystem.openDirectory(atPath: directory)
    defer { FileSystem.close(fd) }
    try FileSystem.replaceFileDurably(atPath: path, with: bytes, directoryDescriptor: fd)
  }
}
