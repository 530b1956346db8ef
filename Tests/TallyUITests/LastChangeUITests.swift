import TallyTestSupport
import Testing

/// The counter screen's last-change line in the real binary.
struct LastChangeUITests {
  @Test func theLastChangeShowsUnderTheValueAndMovesToEachPress() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    // A change of a past year, whose line reads the same whenever the test runs (one made
    // "yesterday" would read "2 days ago" past a midnight between the command and the app).
    let inc = try ChildProcess.run(
      try Executables.tally(), ["inc", "--at", "2025-06-15T12:00:00Z"],
      environment: ["XDG_DATA_HOME": test.app.dataHome, "TZ": "UTC"])
    #expect(inc.status == 0, "\(inc)")
    test.app.launchEnvironment["TZ"] = "UTC"
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 1")
    try await test.app.waitFor(text: "+1  15 Jun 2025 12:00")
    try test.app.press(.space)
    try await test.app.waitFor(text: "+1  just now")
    try await test.app.waitFor(text: "Count: 2")
    // The label says what the user did: a `-` down to 0 is a subtraction, `r` a reset.
    try test.app.press(.character("-"))
    try await test.app.waitFor(text: "Count: 1")
    try test.app.press(.character("-"))
    try await test.app.waitFor(text: "Count: 0")
    try await test.app.waitFor(text: "-1  just now")
    #expect(!test.app.screenText.contains("reset  just now"))
    try test.app.press(.space)
    try await test.app.waitFor(text: "Count: 1")
    try test.app.press(.character("r"))
    try test.app.press(.character("y"))
    try await test.app.waitFor(text: "Count: 0")
    try await test.app.waitFor(text: "reset  just now")
  }
}
