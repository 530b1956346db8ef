import TallyTestSupport
import Testing

/// A counter's settings screen in the real terminal: what it sets is what `tally goal`,
/// `tally bounds` and `tally link` read, and what it refuses it refuses in their words.
struct CounterSettingsUITests {
  let test: UITestCase
  var app: TerminalApp { test.app }

  init() throws {
    test = try UITestCase(persistent: true)
    test.skipOnboarding()
  }

  /// Moves to the next field, opens it, types `text` over its value and applies it.
  private func setNextField(to text: String) throws {
    try app.press(.down)
    try app.press(.enter)
    try app.press(.control("u"))
    try app.type(text)
    try app.press(.enter)
  }

  @Test func aGoalABoundAndALinkSetOnTheScreenAreWhatTheCommandsRead() async throws {
    try app.tally("new", "rows")
    try app.tally("new", "repeats")
    try app.launch()
    try app.press(.tab)
    try await app.waitFor(text: "rows: 0")
    try app.press(.character(","))
    try await app.waitFor(text: "Settings: rows")
    try setNextField(to: "8/day")
    try await app.waitFor(text: "Changed: goal of rows none → 8/day")
    // Refused as `tally bounds rows --min 5` refuses it, in its words, and nothing changes.
    try setNextField(to: "min 5")
    let refused = try ChildProcess.run(
      app.executable, ["bounds", "rows", "--min", "5"], environment: ["XDG_DATA_HOME": app.dataHome, "PATH": "/usr/bin:/bin"])
    #expect(refused.standardError == "tally: rows would be past its min 5 at 0\n")
    try await app.waitFor(text: "rows would be past its min 5 at 0")
    try app.press(.control("u"))
    try app.type("min 0 max 50")
    try app.press(.enter)
    try await app.waitFor(text: "Changed: link and bounds of rows")
    try setNextField(to: "repeats every 12")
    try await app.waitFor(regex: #"link\s+repeats every 12"#)
    #expect(try app.tally("goal", "rows") == "8/day\n")
    #expect(try app.tally("bounds", "rows") == "min 0 max 50\n")
    #expect(try app.tally("link", "rows") == "rows -> repeats every 12\n")
    // One `u` on the counter screen takes the link back, as the settings screen made it.
    try app.press(.character("q"))
    try await app.waitFor(text: "rows: 0 of 12")
    try app.press(.character("u"))
    try await app.waitFor(text: "Undone: link and bounds of rows")
    #expect(try app.tally("link", "rows") == "none\n")
    #expect(try app.tally("bounds", "rows") == "min 0 max 50\n")
  }
}
