import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallySettings
import TallyTestSupport
import Testing

/// The ``Environment`` over a given store, and the launch arguments it applies; the
/// in-memory store and the store file are `tally`'s (AppEnvironmentTests).
struct LaunchArgumentConfiguratorTests {
  private let clock = ManualClock(iso: "2026-11-23T10:00:00Z")

  private func environment(over store: any SharedStore, history: HistoryLog = SQLiteHistory.inMemory()) -> Environment {
    Environment.prepare(store, argumentDomain: [:])
    return Environment(store: store, settings: Settings(store: store, environment: [:]), history: history, clock: clock)
  }

  @Test func withoutArgumentsThePersistentStoreIsUsed() throws {
    let persistent = FakeUserDefaults()
    let history = SQLiteHistory.inMemory()
    let environment = environment(over: persistent, history: history)
    _ = AppComposition.app(environment, arguments: [])
    #expect(environment.store === persistent)
    #expect(environment.history === history)
    #expect(persistent.writtenKeys.isEmpty)
  }

  @Test func skipOnboardingWritesThroughThePersistentStore() {
    let persistent = FakeUserDefaults()
    let environment = environment(over: persistent)
    _ = AppComposition.app(environment, arguments: [.skipOnboarding])
    #expect(environment.appState.showOnboarding == false)
    #expect(persistent.bools["hasOnboardingBeenShown"] == true)
  }

  @Test func configureUsesTheReplacedSettingStore() {
    let store = FakeUserDefaults()
    let settings = FakeSettingStorage(showOnboarding: true)
    let environment = Environment(
      store: store, settings: Settings(store: store, environment: [:]), history: SQLiteHistory.inMemory(), clock: clock,
      appState: settings)
    _ = AppComposition.app(environment, arguments: [.skipOnboarding])
    #expect(settings.showOnboarding == false)
  }

  @Test func argumentsAreSingleDash() {
    #expect(LaunchArguments.each.map(\.argument) == ["-useInMemoryUserDefaults", "-skipOnboarding"])
  }
}
