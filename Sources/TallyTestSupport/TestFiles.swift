#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Plain file operations for tests that play a sync engine or damage a file: no durability,
/// no locks, as `cp` and `rm` do them.
public enum TestFiles {
  /// The bytes of the file at `path`, or `nil` when it cannot be read.
  public static func read(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
    }
  }

  /// Writes `bytes` to `path` in place, replacing what was there.
  public static func write(_ bytes: [UInt8], to path: String) throws {
    guard let file = fopen(path, "wb") else { throw TestSupportError("cannot open \(path): errno \(errno)") }
    defer { fclose(file) }
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw TestSupportError("cannot write \(path)") }
  }

  /// Copies the file at `source` to `destination`, as `cp` does.
  public static func copy(_ source: String, to destination: String) throws {
    guard let bytes = read(source) else { throw TestSupportError("cannot read \(source)") }
    try write(bytes, to: destination)
  }

  /// Makes a file of `size` bytes without writing them (a sparse file).
  public static func makeSparse(_ path: String, size: Int) throws {
    try write([], to: path)
    guard truncate(path, off_t(size)) == 0 else { throw TestSupportError("cannot grow \(path): errno \(errno)") }
  }

  /// The names of the files in `directory`, sorted.
  public static func names(in directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Renames `source` to `destination`.
  public static func move(_ source: String, to destination: String) throws {
    guard rename(source, destination) == 0 else { throw TestSupportError("cannot move \(source): errno \(errno)") }
  }

  /// Removes the file at `path`.
  public static func remove(_ path: String) {
    unlink(path)
  }
}
