import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyScreens
import TallySettings
import TallySync

/// App view models wired for headless tests: fakes and spies in, the history in an in-memory
/// database, nothing on disk.
public enum TestApps {
  /// An `AppViewModel` made where the interactive app makes its own (``AppComposition``),
  /// with a history in memory at a fixed clock.
  public static func app(
    settings: SettingStorage, defaults: any SharedStore, eventRecorder: EventRecorder = EventRecorderSpy(),
    history: HistoryLog = SQLiteHistory.inMemory(), clock: WallClock = ManualClock(iso: "2026-11-23T10:00:00Z"),
    sync: CounterSync? = nil, counterSettings: CounterScreenSettings = CounterScreenSettings(),
    showsLastChange: Bool = false
  ) -> AppViewModel {
    let resolver = Settings(store: defaults, environment: [:])
    return AppComposition.app(
      counters: { CountersModel(userDefaults: defaults, eventRecorder: eventRecorder, sync: sync) }, appState: settings,
      eventRecorder: eventRecorder, history: history, clock: clock, calendar: { resolver.calendar(clock: clock) },
      counterSettings: counterSettings, showsLastChange: showsLastChange)
  }

  /// An app on the counter screen over any `UserDefaultsProtocol` store (Foundation's too),
  /// as after onboarding, with days from midnight (the settings' table needs Tally's stores).
  public static func counter(
    defaults: UserDefaultsProtocol, eventRecorder: EventRecorder = EventRecorderSpy(),
    counterSettings: CounterScreenSettings = CounterScreenSettings()
  ) -> AppViewModel {
    let clock = ManualClock(iso: "2026-11-23T10:00:00Z")
    return AppComposition.app(
      counters: { CountersModel(userDefaults: defaults, eventRecorder: eventRecorder) },
      appState: FakeSettingStorage(showOnboarding: false), eventRecorder: eventRecorder, history: SQLiteHistory.inMemory(),
      clock: clock, calendar: { GoalCalendar(clock: clock) }, counterSettings: counterSettings, showsLastChange: false)
  }
}
