import TallyTestSupport
import Testing

/// The counter screen's last-change line in the real binary.
struct LastChangeUITests {
  @Test func theLastChangeShowsUnderTheValueAndMovesToEachPress() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    // A fixed moment, not `yesterday`: a run that crosses midnight would see another day.
    let inc = try ChildProcess.run(
      try Executables.tally(), ["inc", "--at", "2020-01-15 12:00"], environment: ["XDG_DATA_HOME": test.app.dataHome])
    #expect(inc.status == 0, "\(inc)")
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 1")
    try await test.app.waitFor(text: "+1  15 Jan 2020 12:00")
    try test.app.press(.space)
    try await test.app.waitFor(text: "+1  just now")
    try await test.app.waitFor(text: "Count: 2")
    // A change to 0 is a reset, as goals count it.
    try test.app.press(.character("-"), times: 2)
    try await test.app.waitFor(text: "Count: 0")
    try await test.app.waitFor(text: "reset  just now")
  }
}
