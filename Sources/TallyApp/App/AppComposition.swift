import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallySync

/// The one place the app's view model is put together, each screen's view model made when
/// first shown: the interactive app makes it here from its ``Environment``, and so do the
/// tests' apps (`TestApps`).
public enum AppComposition {
  /// The app over `counters` and its `history` at `clock`, telling its changes to
  /// `eventRecorder`; the counter screen set up as `counterSettings` says.
  ///
  /// `showsLastChange` draws the counter screen's last-change line (the interactive app
  /// does; a test that compares whole frames may leave it out). Days begin where
  /// `calendar()` says when a screen asks, so a change of `dayStartsAtHour` shows at once.
  public static func app(
    counters: @escaping () -> CountersModel, appState: SettingStorage, eventRecorder: EventRecorder, history: HistoryLog,
    clock: WallClock, calendar: @escaping () -> GoalCalendar, counterSettings: CounterScreenSettings = CounterScreenSettings(),
    showsLastChange: Bool = true
  ) -> AppViewModel {
    return AppViewModel(
      settingStore: appState,
      eventRecorder: eventRecorder,
      counterSettings: counterSettings,
      makeOnboardingViewModel: { OnboardingViewModel(pages: OnboardingPage.pages(for: counterSettings.keyMap)) },
      makeCountersModel: counters,
      makeHistoryViewModel: { HistoryViewModel(counter: $0, history: history, clock: clock, goalCalendar: calendar()) },
      makeGoalSummary: { counter in
        // Drawn every frame: a counter without a goal costs nothing more.
        guard counter.goal != nil else { return nil }
        return GoalSummary.of(counter, history: history, now: clock.now(), calendar: calendar())
      },
      makeLastChange: showsLastChange ? LastChangeLine.maker(history: history, clock: clock, calendar: calendar) : { _ in nil },
      history: history)
  }

  /// The interactive app's view model over `environment`.
  public static func app(_ environment: Environment, counterSettings: CounterScreenSettings) -> AppViewModel {
    let (settings, clock) = (environment.settings, environment.clock)
    return app(
      counters: { environment.counters }, appState: environment.appState, eventRecorder: environment.recorder,
      history: environment.history, clock: clock, calendar: { settings.calendar(clock: clock) },
      counterSettings: counterSettings)
  }
}
