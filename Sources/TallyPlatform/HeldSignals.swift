#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals that ask a command to stop (SIGINT, SIGTERM, SIGHUP), held back while it
/// works, so that it stops where it can leave everything as it was, or finishes.
///
/// Holding is blocking them (`pthread_sigmask`): one that arrives stays pending, which is the
/// interruption flag (``pending``, read with `sigpending`), with no handler and no state of
/// its own. The process must be single-threaded while they are held (a command is), or
/// another thread would take them. A held signal is never delivered: the command exits
/// (128 + the signal, or 0 when the work was done by then) before letting them go.
public struct HeldSignals: Sendable {
  /// The signals held: Ctrl-C, `kill` and a closed terminal.
  public static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Blocks ``stopping`` from now on.
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

  /// The exit status of a command that `signal` stopped: 128 + the signal, as a shell shows
  /// a process the signal ended (130 for Ctrl-C; Ctrl-C's for an unknown one, 0).
  public static func exitStatus(for signal: Int32) -> Int32 {
    128 + (signal == 0 ? SIGINT : signal)
  }

}
