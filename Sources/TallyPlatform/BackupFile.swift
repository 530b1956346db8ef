import Glibc

/// Reading and writing backup files for `tally export -o` and `tally import`.
public enum BackupFile {
  /// The file at `path`, or its first `count` bytes (all of a shorter file), for telling its format.
  public static func read(atPath path: String, first count: Int? = nil) throws(SystemError) -> [UInt8] {
    let bytes = try FileSystem.readFile(atPath: path, atMost: count ?? FileSystem.maximumReadSize, truncating: count != nil)
    guard let bytes else { throw SystemError(ENOENT) }
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
