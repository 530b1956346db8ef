import TallyDefaults
import TallyModel
import TallySettings
import TallySync

/// What the interactive app, its run loop and every command run on, built once by `tally`'s
/// composition root (`AppEnvironment.open`) and never changed after.
///
public struct Environment {
  /// The store every view model reads and writes, and the run loop saves and watches.
  public let store: any SharedStore
  /// Every setting, read from the store at each question.
  public let settings: Settings
  /// The sync folder's side of the counters, when sync is on (never for an in-memory store).
  public let sync: CounterSync?
  /// Where the history of changes is kept: beside the store, or in memory with it.
  public let history: HistoryLog
  /// What writes the history, as the interactive app or as a command.
  public let recorder: HistoryRecorder
  /// The counters in the store.
  public let counters: CountersModel
  /// The app's state that is not a setting (onboarding shown, the history view last open).
  public let appState: SettingStorage
  /// The time of day, for the history and the goals' calendar.
  public let clock: WallClock
  /// What opening the store found worth telling: a damaged file moved aside, a bad value.
  public let notices: [String]

  /// The environment over `store` and the parts made before: its `settings`, its `sync`
  /// folder when on and its `history`; what writes the history (as `source`) and the
  /// counters model are made here, last.
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

  /// Registers the app's defaults in `store` and lays `argumentDomain` (values given as
  /// `-<key> <value>`) over it.
  public static func prepare(_ store: any SharedStore, argumentDomain: [String: PropertyListValue]) {
    AppDefaults.register(in: store)
    if !argumentDomain.isEmpty { store.setArgumentDomain(argumentDomain) }
  }

  /// Applies the launch arguments that change the app's state: `-skipOnboarding`.
  public func configure(with arguments: LaunchArguments) {
    // Only when it would change something: a write before the first frame is a save.
    if arguments.contains(.skipOnboarding), appState.showOnboarding { appState.showOnboarding = false }
  }
}
