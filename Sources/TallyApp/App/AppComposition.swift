import TallyModel
import TallyScreens
import TallySettings

/// The one place the app's view model is put together, for the interactive app and the
/// tests' apps (`TestApps`), each screen's view model made when first shown.
public enum AppComposition {
  /// `showsLastChange: false` leaves out the counter screen's last-change line, for a test
  /// that compares whole frames; `calendar()` is asked each time, so a change of
  /// `dayStartsAtHour` shows at once.
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
      readBoard: { counters in
        let (now, calendar) = (clock.now(), calendar())
        let today = calendar.day(of: now)
        return Dictionary(
          counters.map { counter in
            let totals = history.totals(ofCounter: counter.id, per: .day, calendar: calendar, from: today - 13)
            let goal = GoalSummary.progress(of: counter, history: history, now: now, calendar: calendar)
            return (counter.id, BoardHistory(days: (today - 13...today).map { totals[$0]?.net ?? 0 }, goal: goal))
          }, uniquingKeysWith: { first, _ in first })
      },
      history: history)
  }

  public static func app(_ environment: Environment, counterSettings: CounterScreenSettings) -> AppViewModel {
    let (settings, clock) = (environment.settings, environment.clock)
    return app(
      counters: { environment.counters }, appState: environment.appState, eventRecorder: environment.recorder,
      history: environment.history, clock: clock, calendar: { settings.calendar(clock: clock) },
      counterSettings: counterSettings)
  }
}
