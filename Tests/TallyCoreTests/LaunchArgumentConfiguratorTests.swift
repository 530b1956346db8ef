import TallyCore
import TallyTestSupport
import Testing

struct LaunchArgumentConfiguratorTests {
  private struct Unexpected: Error {}

  @Test func inMemoryDefaultsNeverOpenThePersistentStore() throws {
    let dependencies = try LaunchArgumentConfigurator.makeDependencies(arguments: [.useInMemoryUserDefaults]) {
      () throws(Unexpected) -> UserDefaultsProtocol in
      throw Unexpected()
    }
    #expect(dependencies.userDefaults is InMemoryUserDefaults)
    #expect(dependencies.settingStore.showOnboarding == true)
  }

  @Test func withoutArgumentsThePersistentStoreIsUsed() throws {
    let persistent = FakeUserDefaults()
    let dependencies = LaunchArgumentConfigurator.makeDependencies(arguments: []) { persistent }
    #expect(dependencies.userDefaults === persistent)
    #expect(persistent.writtenKeys.isEmpty)
  }

  @Test func skipOnboardingWritesThroughThePersistentStore() {
    let persistent = FakeUserDefaults()
    let dependencies = LaunchArgumentConfigurator.makeDependencies(arguments: [.skipOnboarding]) { persistent }
    #expect(dependencies.settingStore.showOnboarding == false)
    #expect(persistent.bools["hasOnboardingBeenShown"] == true)
  }

  @Test func theyCombine() throws {
    let dependencies = try LaunchArgumentConfigurator.makeDependencies(
      arguments: [.useInMemoryUserDefaults, .skipOnboarding]
    ) { () throws(Unexpected) -> UserDefaultsProtocol in throw Unexpected() }
    #expect(dependencies.settingStore.showOnboarding == false)
    #expect(dependencies.userDefaults.bool(forKey: "hasOnboardingBeenShown"))
  }

  @Test func configureUsesTheReplacedSettingStore() {
    let dependencies = Dependencies(userDefaults: FakeUserDefaults())
    let settings = FakeSettingStorage(showOnboarding: true)
    dependencies.replace(with: settings)
    LaunchArgumentConfigurator.configure(dependencies, with: [.skipOnboarding])
    #expect(settings.showOnboarding == false)
  }

  @Test func argumentsAreSingleDash() {
    #expect(LaunchArgument.allCases.map(\.rawValue) == ["-useInMemoryUserDefaults", "-skipOnboarding"])
  }
}
