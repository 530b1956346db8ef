import TallyModel
import TallyScreens
import TallySettings

/// The one place the app's view model is put together from an `Environment`, for the
/// interactive app (the tests' `TestApps` make theirs with `AppViewModel`'s own init).
public enum AppComposition {
  /// The app over `environment`'s counters and history, with the screens' settings and what
  /// opening found on its status line, its days from midnight until the run loop tells it its
  /// calendar; `-skipOnboarding` is applied here, in the batch of the first frame (its write
  /// is saved after that frame).
  public static func app(_ environment: Environment, arguments: LaunchArguments) -> AppViewModel {
    // Only when it would change something: a write before the first frame is a save.
    if arguments.contains(.skipOnboarding), environment.appState.showOnboarding { environment.appState.showOnboarding = false }
    let screens = environment.settings.counterScreen()
    let notices = environment.notices + [screens.problem.map(Settings.keysNotice)].compactMap { $0 }
    return AppViewModel(
      settingStore: environment.appState, eventRecorder: environment.recorder, settings: screens.settings,
      counters: environment.counters, history: environment.history, notes: environment.history,
      clock: environment.clock, readsLastChange: true, notice: notices.isEmpty ? nil : notices.joined(separator: " "))
  }
}
