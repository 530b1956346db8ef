import TallyDefaults
import TallyScreens

/// The `SettingStorage` Tally uses: its settings kept in an injected `UserDefaultsProtocol`.
///
/// Onboarding is recorded as the article records it: `hasOnboardingBeenShown` is `true`
/// once onboarding has been finished or skipped.
public final class SettingStore: SettingStorage {
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
