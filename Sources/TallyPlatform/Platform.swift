import Glibc

/// The process's environment, signals and standard streams, in one place.
public enum Platform {
  /// The environment variables Tally reads.
  public static let environmentNames = [
    "TERM", "NO_COLOR", "HOME", "XDG_DATA_HOME", "TALLY_LOCK_TIMEOUT", "LC_ALL", "LC_CTYPE", "LANG",
  ]

  /// The values of ``environmentNames`` that are set.
  public static func environment() -> [String: String] {
    environmentNames.reduce(into: [:]) { values, name in
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
  }

  public static func hostName() -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? nil : name
  }

  public static func currentDirectory() -> String? {
    guard let path = getcwd(nil, 0) else { return nil }
    defer { free(path) }
    return String(cString: path)
  }

  /// Wall-clock milliseconds since 1970.
  public static func wallClockMilliseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
  }

  /// Ignores SIGXFSZ, so that a write past `ulimit -f` fails with EFBIG instead.
  public static func ignoreFileSizeSignal() {
    signal(SIGXFSZ, SIG_IGN)
  }

  /// Ignores SIGPIPE, so that a closed pipe is an ``SystemError/brokenPipe`` error instead.
  public static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  public static func writeStandardOutput(_ text: String) throws(SystemError) {
    try FileSystem.writeAll(Array(text.utf8), to: STDOUT_FILENO)
  }

  /// Writes `message` and a newline to standard error, prefixed with "tally: ".
  public static func printError(_ message: String) {
    try? FileSystem.writeAll(Array(("tally: " + message + "\n").utf8), to: STDERR_FILENO)
  }

  /// What ``wait(forReading:timeout:)`` found.
  public struct Readiness: Sendable, Equatable {
    /// The descriptors that can be read (or are at their end), in the order they were given.
    public var readable: [Int32] = []
    /// Whether standard output has gone: an error or a hang-up on it (its reader went away).
    public var outputGone = false
    /// Whether the wait failed, for another reason than a signal's arrival (`EINTR`).
    public var failed = false
  }

  /// Waits with poll(2) until one of `descriptors` can be read, standard output has gone, or
  /// `timeout` seconds have passed (`nil`: no limit).
  public static func wait(forReading descriptors: [Int32], timeout: Double?) -> Readiness {
    var fds = [pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)]
    fds += descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let milliseconds = timeout.map { Int32(max(0, min(($0 * 1000).rounded(.up), Double(Int32.max)))) } ?? -1
    var readiness = Readiness()
    let ready = poll(&fds, nfds_t(fds.count), milliseconds)
    guard ready > 0 else {
      readiness.failed = ready < 0 && errno != EINTR
      return readiness
    }
    readiness.outputGone = fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
    readiness.readable = fds.dropFirst().filter { $0.revents != 0 }.map(\.fd)
    return readiness
  }
}
