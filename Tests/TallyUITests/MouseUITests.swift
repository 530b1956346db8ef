import TallyTestSupport
import Testing

/// Clicks on the buttons and tabs, as a terminal reports them.
struct MouseUITests {
  let test: UITestCase
  var app: TerminalApp { test.app }

  init() throws {
    test = try UITestCase()
    test.skipOnboarding()
  }

  @Test func clickingTheButtonsAndATab() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    #expect(try app.mouseIsOn)

    try await app.click(on: "[ + ]")
    try await app.waitFor(text: "Count: 1")
    try await app.click(on: "[ + ]")
    try await app.waitFor(text: "Count: 2")
    try await app.click(on: "[ - ]")
    try await app.waitFor(text: "Count: 1")

    try app.press(.character("n"))
    try app.type("laps")
    try app.press(.enter)
    try await app.waitFor(text: "laps: 0")
    try await app.click(on: "Count ")
    try await app.waitFor(text: "Count: 1")

    try app.press(.character("q"))
    #expect(try await app.waitForExit() == 0)
    #expect(try app.terminalIsRestored, "mouse reporting is off again")
  }

  @Test func anXtermReportsClicksInSGRForm() async throws {
    app.terminalType = "xterm-256color"
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try await app.click(on: "[ + ]")
    try await app.waitFor(text: "Count: 1")
  }
}

/// Colour where the terminal has it, attributes only under NO_COLOR.
struct ColourUITests {
  private func styledScreen(environment: [String: String]) async throws -> String {
    let test = try UITestCase()
    test.skipOnboarding()
    test.app.launchEnvironment.merge(environment) { $1 }
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    return try test.app.styledScreen
  }

  /// Foreground colour codes (30-37, 90-97, 38;5;n) in SGR sequences.
  private func usesColour(_ text: String) -> Bool {
    text.contains(/\e\[[0-9;]*(3[0-7]|9[0-7]|38;5;[0-9]+)m/)
  }

  @Test func theThemeUsesColourByDefault() async throws {
    let screen = try await styledScreen(environment: [:])
    #expect(usesColour(screen), "\(screen)")
  }

  @Test func noColorGivesAttributesOnly() async throws {
    let screen = try await styledScreen(environment: ["NO_COLOR": "1"])
    #expect(!usesColour(screen), "\(screen)")
    #expect(screen.contains("\u{1B}[1m") || screen.contains(";1m") || screen.contains("[1;"), "bold is kept: \(screen)")
  }
}
