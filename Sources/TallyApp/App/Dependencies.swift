import TallyModel
import TallySettings
import TallySync

/// The app's replaceable dependencies, built once by the composition root.
///
/// The UI-testing article's dependency container, without its singleton: `tally` builds
/// one from the launch arguments (``LaunchArgumentConfigurator``) and passes what each view
/// model needs to its initialiser.
public final class Dependencies {
  /// The store every view model reads and writes, and the run loop saves and watches.
  public let userDefaults: any SharedStore
  /// The settings, kept in ``userDefaults`` unless swapped, as the article's
  /// `replace(with:)` does.
  public var settingStore: SettingStorage
  /// Where the history of changes is kept: beside the store, or in memory with it.
  public let history: HistoryLog
  /// The time of day, for the history.
  public let clock: WallClock
  /// What writes the history log: the interactive app's `Analytics`, or a command's.
  public let analytics: HistoryRecorder
  /// The environment the settings read (`TALLY_LOCK_TIMEOUT`).
  public let environment: [String: String]
  /// The sync folder's side of the counters, when sync is on (never for an in-memory store).
  public var sync: CounterSync?

  public init(
    userDefaults: any SharedStore, history: HistoryLog, clock: WallClock, source: HistoryEntry.Source = .app,
    environment: [String: String] = [:], settingStore: SettingStorage? = nil
  ) {
    self.environment = environment
    self.userDefaults = userDefaults
    self.history = history
    self.clock = clock
    self.settingStore = settingStore ?? SettingStore(userDefaults: userDefaults)
    analytics = HistoryRecorder(log: history, clock: clock, source: source)
  }
}
