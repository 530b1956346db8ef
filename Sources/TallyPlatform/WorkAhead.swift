import CThreads
import Glibc
import Synchronization

/// Work started now on a thread of its own, on another core than the caller's, for a value
/// needed later; ``value()`` waits for a thread that has begun it, and does the work itself
/// if the thread has not (or none was started, on one core).
///
/// `@unchecked Sendable`, and safe: the thread reads only `work` (`@Sendable`) and `claim`
/// (atomic). Exactly one side wins `claim` and does the work: the thread writes `result`
/// and ends, and the owner reads it only after `pthread_join` returns, which orders the
/// thread's writes before the owner's reads (POSIX); or the owner wins, and the thread
/// touches nothing more.
public final class WorkAhead<Value>: @unchecked Sendable {
  private let work: @Sendable () -> Value
  private let claim = Atomic<Claim>(.nobody)
  private var result: Value?
  private var thread = pthread_t()
  /// Whether a thread was started and not yet joined or detached.
  private var threadToSettle = false
  /// Whether the work was started on a thread of its own.
  public private(set) var runsBeside = false

  /// Starts `work` on a thread of its own, or leaves it for ``value()``.
  public init(_ work: @escaping @Sendable () -> Value) {
    self.work = work
    let start = Unmanaged.passRetained(
      ThreadStart { [self] in
        guard claim.compareExchange(expected: .nobody, desired: .thread, ordering: .acquiringAndReleasing).exchanged
        else { return }
        result = work()
      })
    let raw = start.toOpaque()
    let started = tally_start_thread_beside(
      &thread,
      { raw in
        // The pointer passed below, never nil.
        if let raw { Unmanaged<ThreadStart>.fromOpaque(raw).takeRetainedValue().body() }
        return nil
      }, raw)
    runsBeside = started == 0
    if runsBeside { threadToSettle = true } else { start.release() }
  }

  /// The work's value, once: waited for if the thread has begun it, else done now.
  public func value() -> Value {
    if claim.compareExchange(expected: .nobody, desired: .owner, ordering: .acquiringAndReleasing).exchanged {
      settleThread(join: false)
      return work()
    }
    settleThread(join: true)
    guard let result else { preconditionFailure("WorkAhead.value() asked twice") }
    self.result = nil
    return result
  }

  private func settleThread(join: Bool) {
    guard threadToSettle else { return }
    threadToSettle = false
    _ = join ? pthread_join(thread, nil) : pthread_detach(thread)
  }

  deinit {
    // Never asked: the thread (which keeps this object alive while it runs) has ended, or
    // is ending in this very deinit; either way its resources go back without a join.
    if threadToSettle { pthread_detach(thread) }
  }
}

/// Who does a ``WorkAhead``'s work: nobody yet, its thread, or its owner.
private enum Claim: Int, AtomicRepresentable {
  case nobody, thread, owner
}

/// What a started thread runs; a class, so that one pointer crosses to the thread.
private final class ThreadStart: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
