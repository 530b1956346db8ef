import TallyScreens

/// The app's settings, as the UI-testing article's `SettingStorage`.
///
/// A class-bound protocol, so that a setting can be changed through any reference to the
/// store (`dependencies.settingStore.showOnboarding = false`).
public protocol SettingStorage: AnyObject {
  /// Whether onboarding is shown at the next start.
  var showOnboarding: Bool { get set }
  /// The history screen's view that `H` opens: the one last shown.
  var historyPage: HistoryViewModel.Page { get set }
}
