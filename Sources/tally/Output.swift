import ArgumentParser
import TallyPlatform

/// Standard output for the commands, written with `write(2)`.
///
/// A reader that has gone away (`tally list | head -0`) is not an error worth a crash or a
/// message: SIGPIPE is ignored, and EPIPE stops the output quietly. Any other failure (a
/// full disk behind `> file`, `/dev/full`) is reported and ends the command with status 74.
enum Output {
  /// Writes `text` and a newline to standard output; returns `false` if the reader is gone.
  ///
  /// - Throws: `ExitCode(74)`, after a message, when standard output cannot be written.
  @discardableResult
  static func line(_ text: String) throws -> Bool {
    do {
      try Platform.writeStandardOutput(text + "\n")
    } catch {
      if error == .brokenPipe { return false }
      Platform.printError("cannot write to standard output: \(error)")
      throw ExitCode(ExitStatus.ioError)
    }
    return true
  }

  /// Writes `bytes` to standard output as they are; returns `false` if the reader is gone.
  ///
  /// - Throws: `ExitCode(74)`, after a message, when standard output cannot be written.
  @discardableResult
  static func write(_ bytes: [UInt8]) throws -> Bool {
    try line(String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self))
  }
}
