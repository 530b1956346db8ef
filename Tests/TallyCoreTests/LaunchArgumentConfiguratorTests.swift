import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallySettings
import TallyTestSupport
import Testing

struct LaunchArgumentConfiguratorTests {
  private struct Unexpected: Error {}
  private let clock = ManualClock(iso: "2026-11-23T10:00:00Z")

  @Test func inMemoryDefaultsNeverOpenThePersistentStore() throws {
    let dependencies = try LaunchArgumentConfigurator.makeDependencies(
      arguments: [.useInMemoryUserDefaults], clock: clock, inMemoryHistory: SQLiteHistory.inMemory()
    ) {
      () throws(Unexpected) -> (any SharedStore, HistoryLog) in
      throw Unexpected()
    }
    #expect(dependencies.userDefaults is InMemoryUserDefaults)
    let history = try #require(dependencies.history as? SQLiteHistory)
    #expect(history.path == ":memory:")
    #expect(dependencies.settingStore.showOnboarding == true)
  }

  @Test func withoutArgumentsThePersistentStoreIsUsed() throws {
    let persistent = FakeUserDefaults()
    let history = SQLiteHistory.inMemory()
    let dependencies = LaunchArgumentConfigurator.makeDependencies(
      arguments: [], clock: clock, inMemoryHistory: SQLiteHistory.inMemory()
    ) { (persistent, history) }
    #expect(dependencies.userDefaults === persistent)
    #expect(dependencies.history === history)
    #expect(persistent.writtenKeys.isEmpty)
  }

  @Test func skipOnboardingWritesThroughThePersistentStore() {
    let persistent = FakeUserDefaults()
    let dependencies = LaunchArgumentConfigurator.makeDependencies(
      arguments: [.skipOnboarding], clock: clock, inMemoryHistory: SQLiteHistory.inMemory()
    ) {
      (persistent, SQLiteHistory.inMemory())
    }
    #expect(dependencies.settingStore.showOnboarding == false)
    #expect(persistent.bools["hasOnboardingBeenShown"] == true)
  }

  @Test func theyCombine() throws {
    let dependencies = try LaunchArgumentConfigurator.makeDependencies(
      arguments: [.useInMemoryUserDefaults, .skipOnboarding], clock: clock, inMemoryHistory: SQLiteHistory.inMemory()
    ) { () throws(Unexpected) -> (any SharedStore, HistoryLog) in throw Unexpected() }
    #expect(dependencies.settingStore.showOnboarding == false)
    #expect(dependencies.userDefaults.bool(forKey: "hasOnboardingBeenShown"))
  }

  @Test func configureUsesTheReplacedSettingStore() {
    let dependencies = Dependencies(userDefaults: FakeUserDefaults(), history: SQLiteHistory.inMemory(), clock: clock)
    let settings = FakeSettingStorage(showOnboarding: true)
    dependencies.settingStore = settings
    LaunchArgumentConfigurator.configure(dependencies, with: [.skipOnboarding])
    #expect(settings.showOnboarding == false)
  }

  @Test func argumentsAreSingleDash() {
    #expect(LaunchArguments.each.map(\.argument) == ["-useInMemoryUserDefaults", "-skipOnboarding"])
  }
}
