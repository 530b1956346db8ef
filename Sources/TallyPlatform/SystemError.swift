import Glibc

/// A failed system call: its `errno` and what it means.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
  public var code: Int32

  public init(_ code: Int32) { self.code = code }

  package static var current: SystemError { SystemError(errno) }

  public var description: String { Self.message(code) }

  /// Something other than a regular file (a FIFO, a device, a socket) where a file should be.
  public static let notARegularFile = SystemError(-1000)

  /// The reader of a pipe has gone away (`EPIPE`).
  public static let brokenPipe = SystemError(EPIPE)

  /// A file larger than Tally reads (`EFBIG`).
  public static let fileTooLarge = SystemError(EFBIG)

  /// A failure to read or write that the system did not name (`EIO`).
  public static let inputOutput = SystemError(EIO)

  /// `strerror`'s text for `code`, such as "Permission denied".
  public static func message(_ code: Int32) -> String {
    if code == notARegularFile.code { return "not a regular file" }
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
