import TallyTestSupport
import Testing

/// Values given at launch through the argument domain, as `ValueContainer` writes them.
struct LaunchArgumentUITests {
  @Test func aCountGivenAtLaunchIsWhereCountingStarts() async throws {
    let test = try UITestCase()
    test.skipOnboarding()
    test.set(12, forKey: .count)
    #expect(test.app.launchArguments.suffix(2) == ["-count", "<integer>12</integer>"])
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 12")
    try test.app.press(.space)
    try await test.app.waitFor(text: "Count: 13")
  }

  @Test func theWriteGoesToTheStoreAndLaterLaunchesReadIt() async throws {
    let first = try UITestCase(persistent: true)
    first.skipOnboarding()
    first.set(12, forKey: .count)
    try first.app.launch()
    try await first.app.waitFor(text: "Count: 12")
    try first.app.press(.space)
    try await first.app.waitFor(text: "Count: 13")
    try first.app.press(.character("q"))
    #expect(try await first.app.waitForExit() == 0)

    let second = try UITestCase(persistent: true)
    second.app.launchEnvironment["XDG_DATA_HOME"] = first.app.dataHome
    try second.app.launch()
    try await second.app.waitFor(text: "Count: 13")
  }

  @Test func onboardingCanBeMarkedShownThroughTheArgumentDomain() async throws {
    let test = try UITestCase()
    test.set(true, forKey: .hasOnboardingBeenShown)
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
  }

  @Test func aMalformedValueIsAUsageErrorAndNothingIsWritten() throws {
    let tally = try Executables.tally()
    let home = try TemporaryDirectory()
    let result = try ChildProcess.run(tally, ["inc", "-count", "<integer>twelve</integer>"], environment: ["HOME": home.path])
    #expect(result.status == 64)
    #expect(
      result.standardError.contains(
        "The value '<integer>twelve</integer>' is invalid for '-count <integer>': not a property-list value"))
    #expect((try? ChildProcess.readFileText(home.appending(".local/share/tally/defaults.plist"))) == nil)
  }

  @Test func commandsSeeTheArgumentDomainToo() throws {
    let tally = try Executables.tally()
    let home = try TemporaryDirectory()
    let result = try ChildProcess.run(tally, ["inc", "-count", "<integer>41</integer>"], environment: ["HOME": home.path])
    #expect(result.standardOutput == "42\n")
    #expect(try ChildProcess.run(tally, ["get"], environment: ["HOME": home.path]).standardOutput == "42\n")
  }
}

/// A running tally shows what another process saves, without a key press.
struct LiveSyncUITests {
  @Test func aChangeSavedByACommandShowsUpAndTheNextIncrementBuildsOnIt() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")

    let environment = ["XDG_DATA_HOME": test.app.dataHome]
    let result = try ChildProcess.run(try Executables.tally(), ["inc", "--by", "100"], environment: environment)
    #expect(result.standardOutput == "100\n")
    try await test.app.waitFor(text: "Count: 100", timeout: 2)

    try test.app.press(.space)
    try await test.app.waitFor(text: "Count: 101")
  }
}
