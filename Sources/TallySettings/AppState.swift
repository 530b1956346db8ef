import TallyDefaults
import TallyScreens

/// The app's own state in the store, which is not a setting: whether onboarding is shown,
/// the history view last open.
///
/// Named `SettingStorage` because the design (docs/architecture.md) names so the abstraction
/// view models depend on; it holds app state. Class-bound, so that a change through any
/// reference reaches the store.
public protocol SettingStorage: AnyObject {
  /// Whether onboarding is shown at the next start.
  var showOnboarding: Bool { get set }
  /// The history screen's view that `H` opens: the one last shown.
  var historyPage: HistoryViewModel.Page { get set }
}

/// The `SettingStorage` Tally uses, kept in an injected `UserDefaultsProtocol`:
/// `hasOnboardingBeenShown` is `true` once onboarding has been finished or skipped.
public final class AppState: SettingStorage {
  @UserDefault private var hasOnboardingBeenShown: Bool
  @UserDefault private var historyView: String

  public init(userDefaults: UserDefaultsProtocol) {
    _hasOnboardingBeenShown = UserDefault(.hasOnboardingBeenShown, store: userDefaults, defaultValue: false)
    _historyView = UserDefault(.historyView, store: userDefaults, defaultValue: HistoryViewModel.Page.year.rawValue)
  }

  /// The view kept under `historyView`; a name that is none of them (another program wrote
  /// it) opens the Year.
  public var historyPage: HistoryViewModel.Page {
    get { HistoryViewModel.Page(rawValue: historyView) ?? .year }
    set { historyView = newValue.rawValue }
  }

  public var showOnboarding: Bool {
    get { !hasOnboardingBeenShown }
    set { hasOnboardingBeenShown = !newValue }
  }
}
