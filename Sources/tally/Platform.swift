#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process's environment and standard error, in one place.
enum Platform {
  /// The environment variables Tally reads.
  static let environmentNames = ["TERM", "NO_COLOR", "HOME", "XDG_DATA_HOME", "TALLY_LOCK_TIMEOUT"]

  static func environment() -> [String: String] {
    var values: [String: String] = [:]
    for name in environmentNames {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }

  /// Ignores SIGXFSZ, so that a write past `ulimit -f` fails with EFBIG instead.
  static func ignoreFileSizeSignal() {
    signal(SIGXFSZ, SIG_IGN)
  }

  /// Writes `message` and a newline to standard error, prefixed with "tally: ".
  static func printError(_ message: String) {
    let bytes = Array(("tally: " + message + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(STDERR_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return }
      offset += count
    }
  }
}
