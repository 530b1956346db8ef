import Glibc
import Synchronization
import TallyPlatform
import Testing

/// Work started ahead of its value: done once, beside the caller when it can be, and never
/// waited for while nobody is doing it.
struct WorkAheadTests {
  /// Counts what the work did, from whichever thread did it.
  final class Tally: Sendable {
    let runs = Atomic<Int>(0)
    let begun = Atomic<Bool>(false)
    let release = Atomic<Bool>(false)
    /// The thread the work ran on, as a number (`pthread_self()`).
    let thread = Atomic<UInt>(0)
  }

  @Test func theValueIsTheWorks() {
    let ahead = WorkAhead { 6 * 7 }
    #expect(ahead.value() == 42)
  }

  @Test func theWorkRunsBesideTheCaller() {
    let tally = Tally()
    let ahead = WorkAhead { () -> Int in
      tally.thread.store(UInt(pthread_self()), ordering: .relaxed)
      tally.begun.store(true, ordering: .releasing)
      // Held until the caller has seen it begin: both are running at once.
      while !tally.release.load(ordering: .acquiring) { sched_yield() }
      return 1
    }
    // On one core (or without a thread) the work waits for `value()`, on the caller's thread.
    guard ahead.runsBeside else {
      tally.release.store(true, ordering: .releasing)
      #expect(ahead.value() == 1)
      #expect(tally.thread.load(ordering: .relaxed) == UInt(pthread_self()))
      return
    }
    while !tally.begun.load(ordering: .acquiring) { sched_yield() }
    tally.release.store(true, ordering: .releasing)
    #expect(ahead.value() == 1)
    #expect(tally.thread.load(ordering: .relaxed) != UInt(pthread_self()))
  }

  /// Asked at once, the value is sometimes the thread's and sometimes the caller's (when the
  /// thread had not begun): either way the work ran exactly once, and the thread that lost
  /// does nothing afterwards.
  @Test func theWorkIsDoneOnceWhoeverDoesIt() {
    let tallies = (0..<200).map { _ in Tally() }
    for tally in tallies {
      let ahead = WorkAhead { () -> Int in tally.runs.add(1, ordering: .relaxed).newValue }
      #expect(ahead.value() == 1)
    }
    // Long enough for any thread that lost the claim to have run (they are detached).
    usleep(50_000)
    #expect(tallies.allSatisfy { $0.runs.load(ordering: .relaxed) == 1 })
  }

  /// Dropped unasked: a started thread finishes the work once, on its own; without one the
  /// work is never done.
  @Test func workNeverAskedForIsDoneAtMostOnce() {
    let tally = Tally()
    var runsBeside = false
    do {
      let ahead = WorkAhead { () -> Int in tally.runs.add(1, ordering: .relaxed).newValue }
      runsBeside = ahead.runsBeside
    }
    // The thread may not have been scheduled yet on a busy machine: up to 10 s.
    for _ in 0..<1000 where runsBeside && tally.runs.load(ordering: .relaxed) == 0 { usleep(10_000) }
    usleep(10_000)
    #expect(tally.runs.load(ordering: .relaxed) == (runsBeside ? 1 : 0))
  }
}
