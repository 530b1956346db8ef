import TallyTestSupport
import Testing

/// The counter screen's last-change line in the real binary.
struct LastChangeUITests {
  @Test func theLastChangeShowsUnderTheValueAndMovesToEachPress() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    let inc = try ChildProcess.run(
      try Executables.tally(), ["inc", "--at", "yesterday"], environment: ["XDG_DATA_HOME": test.app.dataHome])
    #expect(inc.status == 0, "\(inc)")
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 1")
    try await test.app.waitFor(text: "+1  yesterday 12:00")
    try test.app.press(.space)
    try await test.app.waitFor(text: "+1  just now")
    try await test.app.waitFor(text: "Count: 2")
    // A change to 0 is a reset, as goals count it.
    try test.app.press(.character("-"), times: 2)
    try await test.app.waitFor(text: "Count: 0")
    try await test.app.waitFor(text: "reset  just now")
  }
}
