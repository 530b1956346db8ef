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
  /// An `AppViewModel` as the interactive app makes its own (``AppComposition``), with a
  /// history in memory at a fixed clock and the days the store's settings say.
  public static func app(
    settings: SettingStorage, defaults: any SharedStore, eventRecorder: EventRecorder = EventRecorderSpy(),
    history: HistoryLog = SQLiteHistory.inMemory(), clock: WallClock = ManualClock(iso: "2026-11-23T10:00:00Z"),
    sync: CounterSync? = nil, counterSettings: ScreenSettings = ScreenSettings(),
    showsLastChange: Bool = false
  ) -> AppViewModel {
    AppViewModel(
      settingStore: settings, eventRecorder: eventRecorder, settings: counterSettings,
      counters: CountersModel(userDefaults: defaults, eventRecorder: eventRecorder, sync: sync),
      history: history, notes: history, clock: clock,
      calendar: Settings(store: defaults, environment: [:]).calendar(clock: clock), readsLastChange: showsLastChange)
  }

  /// An app on the counter screen over any `UserDefaultsProtocol` store (Foundation's too),
  /// as after onboarding, with days from midnight (the settings' table needs Tally's stores).
  public static func counter(
    defaults: UserDefaultsProtocol, eventRecorder: EventRecorder = EventRecorderSpy(),
    counterSettings: ScreenSettings = ScreenSettings()
  ) -> AppViewModel {
    let history = SQLiteHistory.inMemory()
    return AppViewModel(
      settingStore: FakeSettingStorage(showOnboarding: false), eventRecorder: eventRecorder, settings: counterSettings,
      counters: CountersModel(userDefaults: defaults, eventRecorder: eventRecorder), history: history,
      notes: history, clock: ManualClock(iso: "2026-11-23T10:00:00Z"))
  }
}
