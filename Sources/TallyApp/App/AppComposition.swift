import TallyModel
import TallyScreens
import TallySettings

/// The one place the app's view model is put together from an `Environment`, for the
/// interactive app (the tests' `TestApps` make theirs with `AppViewModel`'s own init).
public enum AppComposition {
  /// The app over `environment`'s counters and history, its days from midnight until the run
  /// loop tells it its calendar.
  public static func app(_ environment: Environment, settings: ScreenSettings) -> AppViewModel {
    AppViewModel(
      settingStore: environment.appState, eventRecorder: environment.recorder, settings: settings,
      counters: environment.counters, history: environment.history, notes: environment.history,
      clock: environment.clock, readsLastChange: true)
  }
}
