import TallyCore
import TallyTestSupport
import Testing

/// A running `tally` with sync on, in a real terminal: another machine's change shows at
/// once, and a damaged file in the folder is reported on the status line.
struct SyncUITests {
  @Test func anotherMachinesChangeShowsWithNoKeyPressed() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    let folder = test.app.dataHome + "/shared"
    let desktop = try TemporaryDirectory()
    let tally = try Executables.tally()
    let laptopEnvironment = ["XDG_DATA_HOME": test.app.dataHome, "PATH": "/usr/bin:/bin"]
    let desktopEnvironment = ["XDG_DATA_HOME": desktop.path, "PATH": "/usr/bin:/bin"]
    #expect(
      try ChildProcess.run(tally, ["sync", "enable", folder, "--name", "laptop"], environment: laptopEnvironment).status == 0)
    #expect(
      try ChildProcess.run(tally, ["sync", "enable", folder, "--name", "desktop"], environment: desktopEnvironment).status == 0)

    try test.app.launch()
    try test.app.press(.space, times: 2)
    try await test.app.waitFor(text: "Count: 2")
    let desktopInc = try ChildProcess.run(tally, ["inc", "--by", "40"], environment: desktopEnvironment)
    #expect(desktopInc.standardOutput == "42\n")
    try await test.app.waitFor(text: "Count: 42")

    try TestFiles.write(Array("half a file".utf8), to: folder + "/phone.tally.plist")
    try await test.app.waitFor(text: "Sync: phone.tally.plist was skipped")
    try test.app.press(.space)
    try await test.app.waitFor(text: "Count: 43")
    let desktopGet = try ChildProcess.run(tally, ["get"], environment: desktopEnvironment)
    #expect(desktopGet.standardOutput == "43\n")
  }

  @Test func anotherMachinesSettingTakesEffectWhileTheAppRuns() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    let folder = test.app.dataHome + "/shared"
    let desktop = try TemporaryDirectory()
    let tally = try Executables.tally()
    let laptopEnvironment = ["XDG_DATA_HOME": test.app.dataHome, "PATH": "/usr/bin:/bin"]
    let desktopEnvironment = ["XDG_DATA_HOME": desktop.path, "PATH": "/usr/bin:/bin"]
    #expect(
      try ChildProcess.run(tally, ["sync", "enable", folder, "--name", "laptop"], environment: laptopEnvironment).status == 0)
    #expect(
      try ChildProcess.run(tally, ["sync", "enable", folder, "--name", "desktop"], environment: desktopEnvironment).status == 0)

    try test.app.launch()
    try await test.app.waitFor(text: "Space/+ add")
    let set = try ChildProcess.run(tally, ["config", "set", "keys.increment", "k"], environment: desktopEnvironment)
    #expect(set.status == 0, "\(set)")
    try await test.app.waitFor(text: "k add")
    try test.app.press(.character("k"))
    try await test.app.waitFor(text: "Count: 1")
  }
}
