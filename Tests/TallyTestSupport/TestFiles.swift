import Glibc

/// Plain file operations for tests that play a sync engine or damage a file, as `cp` does them.
public enum TestFiles {
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

  public static func write(_ bytes: [UInt8], to path: String, mode: String = "wb") throws {
    guard let file = fopen(path, mode) else { throw TestSupportError("cannot open \(path): errno \(errno)") }
    defer { fclose(file) }
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw TestSupportError("cannot write \(path)") }
  }

  public static func append(_ bytes: [UInt8], to path: String) throws {
    try write(bytes, to: path, mode: "ab")
  }

  /// Puts a new file holding `bytes` at `path` by renaming it over the old one, as a sync
  /// engine brings in a new version: a new inode.
  public static func replace(_ bytes: [UInt8], at path: String) throws {
    try write(bytes, to: path + ".incoming")
    guard rename(path + ".incoming", path) == 0 else { throw TestSupportError("cannot rename over \(path): errno \(errno)") }
  }

  /// Writes `bytes` to `path` in place and sets its modification time back to what it was:
  /// a change that only the content shows (a tool that keeps times, or a clock that went back).
  public static func writeKeepingTime(_ bytes: [UInt8], to path: String) throws {
    var info = stat()
    guard stat(path, &info) == 0 else { throw TestSupportError("cannot stat \(path): errno \(errno)") }
    try write(bytes, to: path)
    var times = [info.st_atim, info.st_mtim]
    guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw TestSupportError("cannot set times of \(path): errno \(errno)") }
  }

  public static func copy(_ source: String, to destination: String) throws {
    guard let bytes = read(source) else { throw TestSupportError("cannot read \(source)") }
    try write(bytes, to: destination)
  }

  public static func makeSparse(_ path: String, size: Int) throws {
    try write([], to: path)
    guard truncate(path, off_t(size)) == 0 else { throw TestSupportError("cannot grow \(path): errno \(errno)") }
  }

  public static func link(_ path: String, to target: String) throws {
    guard symlink(target, path) == 0 else { throw TestSupportError("cannot link \(path): errno \(errno)") }
  }

  public static func hardLink(_ path: String, to target: String) throws {
    guard Glibc.link(target, path) == 0 else { throw TestSupportError("cannot hard-link \(path): errno \(errno)") }
  }

  public static func makeDirectory(_ path: String) throws {
    guard mkdir(path, 0o700) == 0 else { throw TestSupportError("cannot make \(path): errno \(errno)") }
  }

  public static func makeFIFO(_ path: String) throws {
    guard mkfifo(path, 0o600) == 0 else { throw TestSupportError("cannot make a FIFO at \(path): errno \(errno)") }
  }

  public static func move(_ source: String, to destination: String) throws {
    guard rename(source, destination) == 0 else { throw TestSupportError("cannot move \(source): errno \(errno)") }
  }

  public static func remove(_ path: String) {
    unlink(path)
  }
}
