import TallyDefaults
import TallyTestSupport
import Testing

/// Commands and an interactive tally on one store at the same time lose nothing.
struct SharedStoreTests {
  @Test func fourScriptsAndAnInteractiveTallyAddUpExactly() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")

    let tally = try Executables.tally()
    let loop = "i=0; while [ $i -lt 250 ]; do \"$TALLY\" inc --quiet || exit 1; i=$((i+1)); done"
    let environment = ["XDG_DATA_HOME": test.app.dataHome, "TALLY": tally, "PATH": "/usr/bin:/bin"]
    let scripts = try (0..<4).map { _ in try ChildProcess.spawn("/bin/sh", ["-c", loop], environment: environment) }
    for _ in 0..<100 { try test.app.press(.space) }

    #expect(scripts.map(ChildProcess.wait(for:)) == [0, 0, 0, 0])
    // The interactive tally has applied its 100 presses and shows everything saved.
    try await test.app.waitFor(text: "Count: 1100", timeout: 10)
    #expect(try FileUserDefaults(directory: test.app.storeDirectory).integer(forKey: "count") == 1100)
  }
}
