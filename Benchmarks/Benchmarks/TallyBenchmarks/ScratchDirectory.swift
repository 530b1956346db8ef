import Glibc

/// A fresh directory under `$TMPDIR` (or `/tmp`) for a benchmark's store; never the home
/// directory.
enum ScratchDirectory {
  /// Makes a new empty directory and returns its path.
  static func make(_ label: String) -> String {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/tally-bench-\(label)-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    guard let made else { fatalError("cannot make a scratch directory under \(base): errno \(errno)") }
    return made
  }

  /// Removes a directory made by ``make(_:)`` and the store files in it.
  static func remove(_ path: String) {
    for name in ["defaults.plist", "defaults.plist.tmp"] { unlink(path + "/" + name) }
    rmdir(path)
  }
}
