import TallyDefaults
import TallyModel
import TallySettings
import TallySync

/// Builds the app's dependencies from the launch arguments, as the article's
/// `LaunchArgumentConfigurator` does.
public enum LaunchArgumentConfigurator {
  /// Makes the dependencies for `arguments`.
  ///
  /// With `-useInMemoryUserDefaults` the store and the history are in memory
  /// (`inMemoryHistory`, made only then) and `makePersistentStore` is never called, so nothing is read from or written to disk (nor
  /// to a sync folder). Otherwise the store's sync folder, when sync is on, is set up in
  /// ``Dependencies/sync`` and given to the history (`attachHistory`). The
  /// app's defaults are registered and `argumentDomain` (values given as `-<key> <value>`) is
  /// laid over the store, and what the settings say of the store itself (the `lockTimeout`)
  /// applied before the sync folder is read. With `-skipOnboarding`, `showOnboarding` is set
  /// to `false` through whichever store is in use. The history is written as `source`.
  public static func makeDependencies<Failure: Error>(
    arguments: LaunchArguments,
    argumentDomain: [String: PropertyListValue] = [:],
    environment: [String: String] = [:],
    clock: WallClock,
    source: HistoryEntry.Source = .app,
    inMemoryHistory: @autoclosure () -> HistoryLog,
    makePersistentStore: () throws(Failure) -> (any SharedStore, HistoryLog),
    attachHistory: (HistoryLog, CounterSync) -> Void = { _, _ in }
  ) throws(Failure) -> Dependencies {
    let inMemory = arguments.contains(.useInMemoryUserDefaults)
    let (userDefaults, history): (any SharedStore, HistoryLog) =
      inMemory ? (InMemoryUserDefaults(), inMemoryHistory()) : try makePersistentStore()
    prepare(userDefaults, argumentDomain: argumentDomain)
    userDefaults.apply(Settings(store: userDefaults, environment: environment))
    // The sync folder is the persistent store's: an in-memory run never touches it.
    let sync = inMemory ? nil : CounterSync.configured(in: userDefaults)
    if let sync { attachHistory(history, sync) }
    let dependencies = Dependencies(
      userDefaults: userDefaults, history: history, clock: clock, source: source, environment: environment)
    dependencies.sync = sync
    configure(dependencies, with: arguments)
    return dependencies
  }

  /// Registers the app's defaults in `store` and sets its argument domain.
  public static func prepare(_ store: any SharedStore, argumentDomain: [String: PropertyListValue]) {
    AppDefaults.register(in: store)
    if !argumentDomain.isEmpty { store.setArgumentDomain(argumentDomain) }
  }

  /// Applies the arguments that change settings to `dependencies`.
  public static func configure(_ dependencies: Dependencies, with arguments: LaunchArguments) {
    // Only when it would change something: a write before the first frame costs two fsyncs.
    if arguments.contains(.skipOnboarding), dependencies.settingStore.showOnboarding {
      dependencies.settingStore.showOnboarding = false
    }
  }
}
