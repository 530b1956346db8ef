import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallySync

/// What the interactive app, its run loop and every command run on, built once by `tally`'s
/// composition root (`AppEnvironment.open`) and never changed after.
public struct Environment {
  public let store: any SharedStore
  public let settings: Settings
  /// `nil` when sync is off (always for an in-memory store).
  public let sync: CounterSync?
  public let history: HistoryLog
  /// Writes the history, as the interactive app or as a command.
  public let recorder: HistoryRecorder
  public let counters: CountersModel
  public let appState: SettingStorage
  public let clock: WallClock
  /// What opening the store found worth telling: a damaged file moved aside, a bad value.
  public let notices: [String]

  /// The recorder (writing as `source`) and the counters model are made here, last.
  public init(
    store: any SharedStore, settings: Settings, sync: CounterSync? = nil, history: HistoryLog, clock: WallClock,
    source: HistoryEntry.Source = .app, appState: SettingStorage? = nil, notices: [String] = []
  ) {
    self.store = store
    self.settings = settings
    self.sync = sync
    self.history = history
    recorder = HistoryRecorder(log: history, clock: clock, source: source)
    counters = CountersModel(userDefaults: store, eventRecorder: recorder, sync: sync)
    self.appState = appState ?? AppState(userDefaults: store)
    self.clock = clock
    self.notices = notices
  }

  /// Registers the app's defaults in `store` and lays the `-<key> <value>` values over them.
  public static func prepare(_ store: any SharedStore, argumentDomain: [String: PropertyListValue]) {
    AppDefaults.register(in: store)
    if !argumentDomain.isEmpty { store.setArgumentDomain(argumentDomain) }
  }
}
