import TallyApp
import TallyDefaults
import TallyModel
import TallyPlatform
import TallyTestSupport
import Testing

@testable import tally

/// The one composition root: the store file, the history and the settings opened one way for
/// the interactive app and for every command, each in a temporary data directory.
struct AppEnvironmentTests {
  private let data: TemporaryDirectory
  private let environment: [String: String]

  init() throws {
    data = try TemporaryDirectory(prefix: "tally-environment")
    environment = ["XDG_DATA_HOME": data.path, "HOME": data.path]
  }

  private var storePath: String { data.appending("tally/defaults.plist") }

  private func open(
    _ use: AppEnvironment.Use, arguments: LaunchArguments = [], argumentDomain: [String: PropertyListValue] = [:]
  ) throws(StoreError) -> AppEnvironment {
    let environment = environment
    return try AppEnvironment.open(
      use, arguments: arguments, argumentDomain: argumentDomain, environment: environment, clock: SystemClock()
    ) { () throws(StoreError) in try AppEnvironment.openFile(use, environment: environment) }
  }

  @Test func aCommandChangesNothingInAStoreThatCouldNotBeReadWhereTheAppSaysSoAndGoesOn() throws {
    try FileSystem.makeDirectories(atPath: data.appending("tally"))
    try TemporaryDirectory.write("not a property list", to: storePath)
    #expect {
      try AppEnvironment.openFile(.command, environment: environment)
    } throws: { error in
      guard case .corrupt(_, _, let reason)? = error as? StoreError else { return false }
      return reason.contains("neither an XML nor a binary property list")
    }

    try TemporaryDirectory.write("not a property list", to: storePath)
    let app = try open(.interactive)
    #expect(app.notices.count == 1)
    #expect(app.notices.first?.contains("could not be read") == true)
    #expect(app.dependencies.userDefaults.integer(forKey: "count") == 0)
  }

  @Test func theAppAndACommandOpenOneStoreWithTheSettingsApplied() throws {
    let command = try open(.command, argumentDomain: ["lockTimeout": .real(1.5)])
    #expect(command.settings.lockTimeout == 1.5)
    #expect(command.dependencies.analytics.source == .command)
    command.dependencies.userDefaults.set(7, forKey: "count")

    let app = try open(.interactive)
    #expect(app.dependencies.analytics.source == .app)
    #expect(app.dependencies.userDefaults.integer(forKey: "count") == 7)
    #expect(app.settings.lockTimeout == StoreLock.defaultTimeout)
  }

  @Test func inMemoryTheStoreFileIsNeverOpened() throws {
    let app = try AppEnvironment.open(
      .interactive, arguments: [.useInMemoryUserDefaults], argumentDomain: [:], environment: environment,
      clock: SystemClock()
    ) { () throws(StoreError) in
      Issue.record("the store file was opened")
      return try AppEnvironment.openFile(.interactive, environment: environment)
    }
    #expect(app.dependencies.sync == nil)
    #expect(app.notices.isEmpty)
    #expect(!FileSystem.fileExists(atPath: storePath))
  }
}
