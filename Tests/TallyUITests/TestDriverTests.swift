import Glibc
import TallyTestSupport
import Testing

/// The UI-test driver cleans up after itself, so that suites can run again and again.
struct TestDriverTests {
  @Test func childrenStartWithNoSignalBlocked() async throws {
    // Async tests run on threads that block most signals; a child must not inherit that.
    let result = try ChildProcess.run("/bin/sh", ["-c", "grep SigBlk /proc/self/status"])
    #expect(result.standardOutput.trimmingWhitespaceForTests() == "SigBlk:\t0000000000000000")
  }

  @Test func releasingTheAppEndsItsTerminalAndTheAppInIt() async throws {
    var processID: pid_t?
    do {
      let test = try UITestCase()
      test.skipOnboarding()
      try test.app.launch()
      try await test.app.waitFor(text: "Count: 0")
      processID = test.app.processID
      // The app itself, not the shell around it: signals sent to it must reach tally.
      let pid = try #require(processID)
      #expect(try ChildProcess.readFileText("/proc/\(pid)/comm").trimmingWhitespaceForTests() == "tally")
    }
    let pid = try #require(processID)
    var alive = true
    for _ in 0..<250 where alive {
      alive = kill(pid, 0) == 0
      if alive { try await Task.sleep(nanoseconds: 20_000_000) }
    }
    #expect(!alive, "the app \(pid) outlived its terminal")
  }
}

extension String {
  fileprivate func trimmingWhitespaceForTests() -> String {
    var text = Substring(self)
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}
