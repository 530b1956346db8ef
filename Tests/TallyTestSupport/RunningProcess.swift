import Glibc
import TallyPlatform

/// A child process whose output is read line by line, each read with a deadline; killed when
/// the value goes away.
public final class RunningProcess {
  public let pid: pid_t
  private let output: Int32
  private var buffer: [UInt8] = []
  private var status: Int32?

  public init(
    _ path: String, _ arguments: [String], environment: [String: String], standardError: String = "/dev/null"
  ) throws {
    let ends = try ChildProcess.pipeEnds()
    defer { close(ends.write) }
    do {
      pid = try ChildProcess.spawn(
        path, arguments, environment: environment, standardError: standardError, outputDescriptor: ends.write)
    } catch {
      close(ends.read)
      throw error
    }
    output = ends.read
  }

  /// Without its line feed; `nil` when none comes in time or the output is closed.
  public func readLine(timeout: Double) -> String? {
    let deadline = MonotonicClock.now() + timeout
    while true {
      if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeSubrange(...end)
        return line
      }
      let left = deadline - MonotonicClock.now()
      guard left > 0, ChildProcess.waitUntilReadable(output, timeout: left) else { return nil }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(output, &chunk, chunk.count)
      guard count > 0 else { return nil }
      buffer += chunk[..<count]
    }
  }

  public func stop(with signal: Int32 = SIGTERM) -> Int32 {
    if let status { return status }
    kill(pid, signal)
    return waitForExit()
  }

  public func waitForExit() -> Int32 {
    let ended = status ?? ChildProcess.wait(for: pid)
    status = ended
    return ended
  }

  deinit {
    _ = stop(with: SIGKILL)
    close(output)
  }
}
