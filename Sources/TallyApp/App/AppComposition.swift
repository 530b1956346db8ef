import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallySync

/// The one place the app's view model is put together, each screen's view model made when
/// first shown: the interactive app makes it here from its ``Dependencies``, and so do the
/// tests' apps (`TestApps`), sync included when they give one.
public enum AppComposition {
  /// The app over `store` and its `history` at `clock`, telling its changes to `analytics`
  /// and, when on, to `sync`; the counter screen set up as `counterSettings` says.
  ///
  /// `showsLastChange` draws the counter screen's last-change line (the interactive app
  /// does; a test that compares whole frames may leave it out). Days begin where
  /// `calendar()` says when a screen asks (the settings' `dayStartsAtHour`, read again each
  /// time, so a change made elsewhere shows at once).
  public static func app(
    store: UserDefaultsProtocol, settingStore: SettingStorage, analytics: Analytics, history: HistoryLog,
    clock: WallClock, calendar: @escaping () -> GoalCalendar, sync: CounterSync? = nil,
    counterSettings: CounterScreenSettings = CounterScreenSettings(), showsLastChange: Bool = true
  ) -> AppViewModel {
    return AppViewModel(
      settingStore: settingStore,
      analytics: analytics,
      counterSettings: counterSettings,
      makeOnboardingViewModel: { OnboardingViewModel(pages: OnboardingPage.pages(for: counterSettings.keyMap)) },
      makeCountersModel: { CountersModel(userDefaults: store, analytics: analytics, sync: sync) },
      makeHistoryViewModel: { HistoryViewModel(counter: $0, history: history, clock: clock, goalCalendar: calendar()) },
      makeGoalSummary: { counter in
        // Drawn every frame: a counter without a goal costs nothing more.
        guard counter.goal != nil else { return nil }
        return GoalSummary.of(counter, history: history, now: clock.now(), calendar: calendar())
      },
      makeLastChange: showsLastChange ? LastChangeLine.maker(history: history, clock: clock, calendar: calendar) : { _ in nil },
      history: history)
  }

  /// The interactive app's view model over `dependencies`.
  public static func app(_ dependencies: Dependencies, counterSettings: CounterScreenSettings) -> AppViewModel {
    app(
      store: dependencies.userDefaults, settingStore: dependencies.settingStore, analytics: dependencies.analytics,
      history: dependencies.history, clock: dependencies.clock,
      calendar: {
        Settings(store: dependencies.userDefaults, environment: dependencies.environment).calendar(clock: dependencies.clock)
      },
      sync: dependencies.sync, counterSettings: counterSettings)
  }
}
