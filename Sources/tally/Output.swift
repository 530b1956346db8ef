import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Standard output for the commands, written with `write(2)`.
///
/// A reader that has gone away (`tally list | head -0`) is not an error worth a crash or a
/// message: SIGPIPE is ignored, and EPIPE stops the output quietly. Any other failure (a
/// full disk behind `> file`, `/dev/full`) is reported and ends the command with status 74.
enum Output {
  /// Ignores SIGPIPE for the whole process, so a closed pipe is an EPIPE error instead.
  static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Writes `text` and a newline to standard output; returns `false` if the reader is gone.
  ///
  /// - Throws: `ExitCode(74)`, after a message, when standard output cannot be written.
  @discardableResult
  static func line(_ text: String) throws -> Bool {
    let bytes = Array((text + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(STDOUT_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EPIPE { return false }
        Platform.printError("cannot write to standard output: \(String(cString: strerror(code)))")
        throw ExitCode(ExitStatus.ioError)
      }
      offset += count
    }
    return true
  }
}
