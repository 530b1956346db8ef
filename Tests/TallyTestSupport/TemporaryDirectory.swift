import Glibc
import TallyPlatform

/// A fresh directory under the system's temporary directory, removed with everything in it
/// when the value is released: tests give stores and fake homes one, never the real home.
public final class TemporaryDirectory: Sendable {
  public let path: String

  public init(prefix: String = "tally-test") throws {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    guard let created else { throw TestSupportError("mkdtemp failed: errno \(errno)") }
    path = created
  }

  deinit {
    Self.removeTree(path)
  }

  public func appending(_ component: String) -> String { path + "/" + component }

  public static func write(_ text: String, to path: String) throws {
    try TestFiles.write(Array(text.utf8), to: path)
  }

  /// Makes read-only directories writable first.
  public static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
      chmod(path, 0o700)
      for name in FileSystem.names(inDirectory: path) { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}

public struct TestSupportError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
