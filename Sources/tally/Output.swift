import ArgumentParser
import TallyLocalization
import TallyPlatform

/// Standard output for the commands, written with `write(2)`.
///
/// A reader that has gone away (`tally list | head -0`) is not an error worth a crash or a
/// message: SIGPIPE is ignored, and EPIPE stops the output quietly. Any other failure (a
/// full disk behind `> file`, `/dev/full`) is reported and ends the command with status 74.
enum Output {
  /// Writes `text` and a newline; returns `false` if the reader is gone.
  @discardableResult
  static func line(_ text: String) throws -> Bool {
    do {
      try Platform.writeStandardOutput(text + "\n")
    } catch {
      if error == .brokenPipe { return false }
      Platform.printError(tr("cannot write to standard output: \(error)"))
      throw ExitCode(ExitStatus.ioError)
    }
    return true
  }

  /// Writes each line until the reader is gone.
  static func lines(_ lines: [String]) throws {
    for text in lines where try !line(text) { break }
  }

  /// Writes `bytes` as they are; returns `false` if the reader is gone.
  @discardableResult
  static func write(_ bytes: [UInt8]) throws -> Bool {
    try line(String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self))
  }
}
