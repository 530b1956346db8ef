import TallyTestSupport
import Testing

/// A running `tally` with sync on, in a real terminal: another machine's change shows at
/// once, and a damaged file in the folder is reported on the status line.
struct SyncUITests {
  @Test func anotherMachinesChangeShowsWithNoKeyPressed() async throws {
    let (test, desktop) = try Self.twoMachines()
    let folder = test.app.dataHome + "/shared"
    let tally = try Executables.tally()
    let desktopEnvironment = desktop.environment

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
    // The app copies its state and history to the folder once its keys pause (50 ms).
    let desktopGet = try await Self.eventually(tally, ["get"], environment: desktopEnvironment) { $0 == "43\n" }
    #expect(desktopGet.standardOutput == "43\n")
    let desktopLog = try ChildProcess.run(tally, ["log", "--json", "-n", "1"], environment: desktopEnvironment)
    #expect(desktopLog.standardOutput.contains(#""new":43"#), "\(desktopLog)")
    #expect(desktopLog.standardOutput.contains(#""machine":"laptop""#), "\(desktopLog)")
  }

  /// Runs `tally arguments` until what it prints satisfies `done`, for at most 5 seconds;
  /// returns the last run.
  static func eventually(
    _ tally: String, _ arguments: [String], environment: [String: String], until done: (String) -> Bool
  ) async throws -> ChildProcess.Result {
    let deadline = ContinuousClock.now + .seconds(5)
    while true {
      let result = try ChildProcess.run(tally, arguments, environment: environment)
      if done(result.standardOutput) || ContinuousClock.now > deadline { return result }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  @Test func anotherMachinesSettingTakesEffectWhileTheAppRuns() async throws {
    let (test, desktop) = try Self.twoMachines()
    let tally = try Executables.tally()
    let desktopEnvironment = desktop.environment

    try test.app.launch()
    try await test.app.waitFor(text: "Space/+ add")
    let set = try ChildProcess.run(tally, ["config", "set", "keys.increment", "k"], environment: desktopEnvironment)
    #expect(set.status == 0, "\(set)")
    try await test.app.waitFor(text: "k add")
    try test.app.press(.character("k"))
    try await test.app.waitFor(text: "Count: 1")
  }

  @Test func aHostileFolderReachesTheScreenEscapedAndCountingGoesOn() async throws {
    let (test, _) = try Self.twoMachines()
    let folder = test.app.dataHome + "/shared"
    let outside = test.app.dataHome + "/canary"
    try TestFiles.write(Array("keep me\n".utf8), to: outside)
    // A name that would set the terminal's title, a link at this machine's old temporary
    // name, and a FIFO where another machine's file would be.
    try TestFiles.write([], to: folder + "/x\u{1B}]0;owned\u{07}.tally.plist")
    try TestFiles.link(folder + "/laptop.tally.plist.tmp", to: outside)
    try TestFiles.makeFIFO(folder + "/phone.tally.plist")

    try test.app.launch()
    try await test.app.waitFor(text: "x\\u{1B}]0;owned\\u{7}.tally.plist was skipped")
    try test.app.press(.space, times: 3)
    try await test.app.waitFor(text: "Count: 3")
    #expect(TestFiles.read(outside) == Array("keep me\n".utf8))
  }

  /// The machine whose app the test drives (the laptop, on screen) and the desktop, whose
  /// commands run in its own data directory: both joined to one folder, as if one engine
  /// synced it instantly.
  private static func twoMachines() throws -> (
    laptop: UITestCase, desktop: (data: TemporaryDirectory, environment: [String: String])
  ) {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    let folder = test.app.dataHome + "/shared"
    let desktop = try TemporaryDirectory()
    let tally = try Executables.tally()
    let desktopEnvironment = ["XDG_DATA_HOME": desktop.path, "PATH": "/usr/bin:/bin"]
    for (name, environment) in [
      ("laptop", ["XDG_DATA_HOME": test.app.dataHome, "PATH": "/usr/bin:/bin"]), ("desktop", desktopEnvironment),
    ] {
      let joined = try ChildProcess.run(tally, ["sync", "enable", folder, "--name", name], environment: environment)
      #expect(joined.status == 0, "\(joined)")
    }
    return (test, (desktop, desktopEnvironment))
  }
}
