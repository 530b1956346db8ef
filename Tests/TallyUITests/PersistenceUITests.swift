import Glibc
import TallyDefaults
import TallyTestSupport
import Testing

/// UI tests that use the real file store on purpose, each in its own temporary data directory.
struct PersistenceUITests {
  @Test func aCountSurvivesQuittingAndOnboardingIsShownOnce() async throws {
    let first = try UITestCase(persistent: true)
    try first.app.launch()
    try await first.app.waitFor(text: "Welcome")
    try first.app.press(.character("s"))
    try await first.app.waitFor(text: "Count: 0")
    try first.app.press(.space, times: 3)
    try await first.app.waitFor(text: "Count: 3")
    try first.app.press(.character("q"))
    #expect(try await first.app.waitForExit() == 0)

    let second = try UITestCase(persistent: true)
    second.app.launchEnvironment["XDG_DATA_HOME"] = first.app.dataHome
    try second.app.launch()
    let screen = try await second.app.waitFor(text: "Count: 3")
    #expect(!screen.contains { $0.contains("Welcome") })
  }

  @Test func anInMemoryRunLeavesAnExistingStoreByteForByteUnchanged() async throws {
    let test = try UITestCase()
    let store = try FileUserDefaults(directory: test.app.storeDirectory)
    store.set(7, forKey: "count")
    store.set(true, forKey: "hasOnboardingBeenShown")
    let before = try ChildProcess.readFileText(store.path)

    try test.app.launch()
    try await test.app.waitFor(text: "Welcome")
    try test.app.press(.escape)
    try test.app.press(.space, times: 5)
    try await test.app.waitFor(text: "Count: 5")
    try test.app.press(.character("q"))
    #expect(try await test.app.waitForExit() == 0)

    #expect(try ChildProcess.readFileText(store.path) == before)
  }

  @Test func aValueOnScreenSurvivesKill9() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    try test.app.type(String(repeating: "k", count: 37))
    try await test.app.waitFor(text: "Count: 37")

    try test.app.send(signal: SIGKILL)
    #expect(try await test.app.waitForExit() == 128 + SIGKILL)

    #expect(try FileUserDefaults(directory: test.app.storeDirectory).integer(forKey: "count") == 37)
  }

  @Test func twoInstancesOnOneStoreLoseNothing() async throws {
    let first = try UITestCase(persistent: true)
    first.skipOnboarding()
    let second = try UITestCase(persistent: true)
    second.skipOnboarding()
    second.app.launchEnvironment["XDG_DATA_HOME"] = first.app.dataHome
    try first.app.launch()
    try second.app.launch()
    try await first.app.waitFor(text: "Count: 0")
    try await second.app.waitFor(text: "Count:")

    for _ in 0..<40 {
      try first.app.press(.space)
      try second.app.press(.space)
    }
    // Each instance shows its own last saved value; the store holds every increment.
    try await first.app.waitFor(regex: "Count: [0-9]+")
    let deadline = 10
    var stored = 0
    for _ in 0..<(deadline * 50) {
      stored = (try? FileUserDefaults(directory: first.app.storeDirectory).integer(forKey: "count")) ?? 0
      if stored == 80 { break }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    #expect(stored == 80)
    try first.app.press(.space)
    try await first.app.waitFor(text: "Count: 81")
  }
}
