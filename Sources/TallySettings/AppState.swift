import TallyDefaults
import TallyScreens

/// The app's own state in the store (``SettingStorage``).
public final class AppState: SettingStorage {
  @UserDefault private var hasOnboardingBeenShown: Bool
  @UserDefault private var historyView: String

  public init(userDefaults: UserDefaultsProtocol) {
    _hasOnboardingBeenShown = UserDefault(.hasOnboardingBeenShown, store: userDefaults, defaultValue: false)
    _historyView = UserDefault(.historyView, store: userDefaults, defaultValue: HistoryViewModel.Page.year.rawValue)
  }

  /// A name that is no view (another program wrote it) opens the Year.
  public var historyPage: HistoryViewModel.Page {
    get { HistoryViewModel.Page(rawValue: historyView) ?? .year }
    set { historyView = newValue.rawValue }
  }

  public var showOnboarding: Bool {
    get { !hasOnboardingBeenShown }
    set { hasOnboardingBeenShown = !newValue }
  }
}
