import Glibc
import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyPlatform
import TallySync
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
    try AppEnvironment.open(
      use, arguments: arguments, argumentDomain: argumentDomain, environment: environment, clock: SystemClock())
  }

  @Test func aCommandChangesNothingInAStoreThatCouldNotBeReadWhereTheAppSaysSoAndGoesOn() throws {
    try FileSystem.makeDirectories(atPath: data.appending("tally"))
    try TemporaryDirectory.write("not a property list", to: storePath)
    #expect {
      try open(.command)
    } throws: { error in
      guard case .corrupt(_, _, let reason)? = error as? StoreError else { return false }
      return reason.contains("neither an XML nor a binary property list")
    }

    try TemporaryDirectory.write("not a property list", to: storePath)
    let app = try open(.interactive).environment
    #expect(app.notices.count == 1)
    #expect(app.notices.first?.contains("could not be read") == true)
    #expect(app.store.integer(forKey: "count") == 0)
  }

  @Test func theAppAndACommandOpenOneStoreWithTheSettingsApplied() throws {
    let command = try open(.command, argumentDomain: ["lockTimeout": .real(1.5)]).environment
    #expect(command.settings.lockTimeout == 1.5)
    #expect(command.recorder.source == .command)
    command.store.set(7, forKey: "count")

    let app = try open(.interactive).environment
    #expect(app.recorder.source == .app)
    #expect(app.store.integer(forKey: "count") == 7)
    #expect(app.settings.lockTimeout == StoreLock.defaultTimeout)
  }

  /// The store is made knowing where its lock timeout comes from: a `lockTimeout` set while
  /// the app runs (by `tally config set` in another process) is how long its next change waits,
  /// with nothing set on the store after it was made.
  @Test func theAppsStoreWaitsForTheLockAsTheSettingSaysOnceChanged() throws {
    let store = try #require(try open(.interactive).file)
    let other = try FileUserDefaults(directory: data.appending("tally"))
    other.set(0.05, forKey: "lockTimeout")
    store.reload()
    let holder = Glibc.open(data.appending("tally"), O_RDONLY | O_DIRECTORY)
    defer { close(holder) }
    flock(holder, LOCK_EX)

    store.set(1, forKey: "count")
    #expect(store.saveProblem == .locked(path: storePath, seconds: 0.05))
  }

  @Test func inMemoryTheStoreFileIsNeverOpened() throws {
    let opened = try open(.interactive, arguments: [.useInMemoryUserDefaults])
    #expect(opened.file == nil)
    #expect(opened.environment.sync == nil)
    #expect(opened.environment.notices.isEmpty)
    #expect(!FileSystem.fileExists(atPath: storePath))
  }

  @Test func inMemoryDefaultsNeverOpenThePersistentStore() throws {
    let app = try open(.interactive, arguments: [.useInMemoryUserDefaults]).environment
    #expect(app.store is InMemoryUserDefaults)
    let history = try #require(app.history as? DeferredHistory)
    #expect(try history.opened().path == ":memory:")
    #expect(app.appState.showOnboarding == true)
    #expect(!FileSystem.fileExists(atPath: storePath))
  }

  @Test func theyCombine() throws {
    let app = try open(.interactive, arguments: [.useInMemoryUserDefaults, .skipOnboarding]).environment
    _ = AppComposition.app(app, arguments: [.useInMemoryUserDefaults, .skipOnboarding])
    #expect(app.appState.showOnboarding == false)
    #expect(app.store.bool(forKey: "hasOnboardingBeenShown"))
    #expect(!FileSystem.fileExists(atPath: storePath))
  }

  @Test func anInMemoryStoreNeverSyncs() throws {
    let folder = try TemporaryDirectory(prefix: "tally-folder")
    let file = try #require(try open(.command).file)
    _ = try SyncSetup.enable(store: file, folder: folder.path, name: "laptop", history: nil)
    #expect(file.saveProblem == nil)

    #expect(try open(.interactive, arguments: [.useInMemoryUserDefaults]).environment.sync == nil)
    #expect(try open(.interactive).environment.sync?.folderPath == folder.path)
  }
}
