import Glibc
import TallyDefaults
import TallyTestSupport
import Testing

/// A store that cannot be written: the value on screen is kept, the problem is shown, and
/// saving is retried until it works.
struct StorageFaultUITests {
  @Test func aFailedSaveIsShownKeptAndRetried() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    try test.app.press(.space)
    try await test.app.waitFor(text: "Count: 1")

    // A directory where the temporary file goes makes every save fail.
    let blocker = test.app.storeDirectory + "/defaults.plist.tmp"
    mkdir(blocker, 0o700)
    try test.app.press(.space)
    try await test.app.waitFor(text: "Not saved")
    try await test.app.waitFor(text: "Count: 2")
    #expect(try FileUserDefaults(directory: test.app.storeDirectory).integer(forKey: "count") == 1)

    rmdir(blocker)
    try await test.app.waitFor(text: "Saved.", timeout: 5)
    #expect(try FileUserDefaults(directory: test.app.storeDirectory).integer(forKey: "count") == 2)
  }
}

/// Quitting while a change is not saved is not silent.
struct UnsavedQuitUITests {
  @Test func quittingWithUnsavedChangesAsksFirstThenSaysSo() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    let blocker = test.app.storeDirectory + "/defaults.plist.tmp"
    mkdir(blocker, 0o700)
    defer { rmdir(blocker) }
    try test.app.press(.space)
    // The failed save is reported for the very key that caused it.
    try await test.app.waitFor(text: "Not saved")

    try test.app.press(.character("q"))
    try await test.app.waitFor(text: "Press q again to quit without saving")
    #expect(test.app.exitStatus == nil)

    try test.app.press(.character("q"))
    #expect(try await test.app.waitForExit() == 74)
    #expect(try test.app.terminalIsRestored)
  }

  @Test func quittingAfterTheProblemIsMendedSavesAndExits0() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    let blocker = test.app.storeDirectory + "/defaults.plist.tmp"
    mkdir(blocker, 0o700)
    try test.app.press(.space, times: 2)
    try await test.app.waitFor(text: "Not saved")
    rmdir(blocker)
    try test.app.press(.character("q"))
    #expect(try await test.app.waitForExit() == 0)
    #expect(try FileUserDefaults(directory: test.app.storeDirectory).integer(forKey: "count") == 2)
  }
}
