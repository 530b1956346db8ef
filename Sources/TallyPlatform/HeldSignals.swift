import Glibc

/// The signals that ask a command to stop, blocked while it works so that it stops where it
/// can leave everything as it was: one that arrives stays pending (``pending``), and the
/// command exits before letting them go; the process must be single-threaded meanwhile.
public struct HeldSignals: Sendable {
  /// The signals held: Ctrl-C, `kill` and a closed terminal.
  public static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  public static func hold() -> HeldSignals {
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in stopping { sigaddset(&mask, signal) }
    pthread_sigmask(SIG_BLOCK, &mask, nil)
    return HeldSignals()
  }

  /// The first of ``stopping`` that arrived since ``hold()``, or `nil` while none has.
  public func pending() -> Int32? {
    var set = sigset_t()
    sigemptyset(&set)
    guard sigpending(&set) == 0 else { return nil }
    return Self.stopping.first { sigismember(&set, $0) == 1 }
  }

  /// The exit status of a command that `signal` stopped: 128 + the signal (130 for Ctrl-C).
  public static func exitStatus(for signal: Int32) -> Int32 {
    128 + (signal == 0 ? SIGINT : signal)
  }
}
