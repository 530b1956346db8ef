import CNcurses
import Glibc

/// Receives signals as readable events through `signalfd`, so that no signal handler and no
/// global state are needed: the run loop polls the descriptor like any input.
///
/// The watched signals are blocked for the calling thread, which must be the only thread
/// that runs while they are (Tally's run loop and `tally watch` are single-threaded).
public final class SignalWatcher {
  /// The terminating signals, the size change, and stop and continue (so that ncurses' own
  /// handler for SIGTSTP never runs in the middle of drawing).
  static let watched: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT]

  public let descriptor: Int32
  private var previousMask = sigset_t()

  convenience init() throws(SystemCallError) {
    // ncurses sets SIGTSTP to SIG_IGN around every screen update when it finds the default
    // action at start, and setting SIG_IGN discards a pending (blocked) SIGTSTP: a stop sent
    // mid-update would be lost. With a handler in place ncurses leaves SIGTSTP alone; the
    // handler never runs, as the signal stays blocked and is read from the descriptor.
    Glibc.signal(SIGTSTP, { _ in })
    try self.init(watching: Self.watched)
  }

  public init(watching signals: [Int32]) throws(SystemCallError) {
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in signals { sigaddset(&mask, signal) }
    guard pthread_sigmask(SIG_BLOCK, &mask, &previousMask) == 0 else { throw SystemCallError("pthread_sigmask") }
    let fd = signalfd(-1, &mask, tally_sfd_flags())
    guard fd >= 0 else {
      pthread_sigmask(SIG_SETMASK, &previousMask, nil)
      throw SystemCallError("signalfd")
    }
    descriptor = fd
  }

  /// The signals that arrived since the last call, in order.
  public func drain() -> [Int32] {
    var signals: [Int32] = []
    var info = signalfd_siginfo()
    while read(descriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
      signals.append(Int32(info.ssi_signo))
    }
    return signals
  }

  public func stop() {
    close(descriptor)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
  }

  /// Ends the process as `signal` would have, after the terminal has been restored; only that
  /// signal is unblocked, so a second one pending never runs a handler after the restore.
  static func terminateProcess(with signal: Int32) -> Never {
    Glibc.signal(signal, SIG_DFL)
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, signal)
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    raise(signal)
    exit(128 + signal)
  }

  /// Stops the process as Ctrl-Z would and returns once it is continued.
  ///
  /// Only when a job-control shell can continue it (the parent in this session, another
  /// process group); SIGSTOP, as the kernel's checks for SIGTSTP race with a shell taking the
  /// terminal back.
  func stopProcess() {
    let parent = getppid()
    guard getsid(parent) == getsid(0), getpgid(parent) != getpgrp() else { return }
    raise(SIGSTOP)
    // The SIGCONT that woke us is news already handled.
    _ = drain()
  }
}

/// A system call that failed while setting up the terminal.
public struct SystemCallError: Error, CustomStringConvertible {
  public var call: String
  public var code: Int32

  init(_ call: String) {
    self.call = call
    code = errno
  }

  public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
