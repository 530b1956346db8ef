import Glibc
import TallyScreens
import TallyTestSupport
import Testing

struct CounterUITests {
  let test: UITestCase
  var app: TerminalApp { test.app }

  init() throws {
    test = try UITestCase()
    test.skipOnboarding()
  }

  @Test func incrementKeysAddOneEach() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.press(.space)
    try await app.waitFor(text: "Count: 1")
    try app.press(.character("+"))
    try app.press(.up)
    try app.press(.character("k"))
    let screen = try await app.waitFor(text: "Count: 4")
    #expect(screen.contains { $0.contains("███") }, "the value in large digits")
  }

  @Test func aBurstOfKeysIsCountedExactly() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.type(String(repeating: " ", count: 200))
    try await app.waitFor(text: "Count: 200")
  }

  @Test func resizingRedrawsAndATinyTerminalGetsAMessage() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.press(.space)
    try await app.waitFor(text: "Count: 1")

    try app.resize(columns: 40, rows: 10)
    try await app.waitFor(text: "Count: 1")
    try app.resize(columns: 10, rows: 3)
    try await app.waitFor(text: "Too small")
    try app.resize(columns: 80, rows: 24)
    // The redraw reaches tmux top to bottom; wait for all of it, not just the value line.
    try await app.waitUntil("the whole counter at 80x24") { lines in
      lines.contains { $0.contains("Count: 1") } && lines.last?.contains("q quit") == true
    }
  }

  @Test(arguments: [Key.character("q"), .control("c")])
  func quittingExitsWith0AndRestoresTheTerminal(key: Key) async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.press(key)
    #expect(try await app.waitForExit() == 0)
    #expect(try app.terminalIsRestored)
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func aSignalRestoresTheTerminalAndEndsWithIt(signal: Int32) async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.send(signal: signal)
    #expect(try await app.waitForExit() == 128 + signal)
    #expect(try app.terminalIsRestored)
  }

  @Test func escapeAnswersAtOnce() async throws {
    let onboarding = try UITestCase()
    try onboarding.app.launch()
    try await onboarding.app.waitFor(text: "Welcome")
    try onboarding.app.press(.escape)
    // ncurses' default escape delay is a full second; Tally's is a few milliseconds.
    try await onboarding.app.waitFor(text: "Count: 0", timeout: 0.8)
  }

  @Test func aStopAndAContinueLeaveTheAppWorking() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.send(signal: SIGTSTP)
    try app.send(signal: SIGCONT)
    try app.send(signal: SIGSTOP)
    try app.send(signal: SIGCONT)
    try app.press(.space)
    try await app.waitFor(text: "Count: 1")
    try app.press(.control("z"))
    try app.press(.space)
    try await app.waitFor(text: "Count: 2")
    try app.press(.character("q"))
    #expect(try await app.waitForExit() == 0)
    #expect(try app.terminalIsRestored)
  }

  @Test func aSecondSignalDuringTheFirstStillRestoresTheTerminal() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.send(signal: SIGTERM)
    try? app.send(signal: SIGINT)
    let status = try await app.waitForExit()
    #expect(status == 128 + SIGTERM || status == 128 + SIGINT)
    #expect(try app.terminalIsRestored)
  }
}
