import TallyDefaults
import TallyScreens

/// The app's own state in the store (``SettingStorage``).
public final class AppState: SettingStorage {
  @UserDefault private var hasOnboardingBeenShown: Bool
  private let store: UserDefaultsProtocol

  public init(userDefaults: UserDefaultsProtocol) {
    _hasOnboardingBeenShown = UserDefault(.hasOnboardingBeenShown, store: userDefaults, defaultValue: false)
    store = userDefaults
  }

  /// Kept at `<screen>View`: the history's at `historyView`.
  public subscript(kept screen: ScreenName) -> String? {
    get { store.string(forKey: screen.rawValue + "View") }
    set { store.set(newValue, forKey: screen.rawValue + "View") }
  }

  public var showOnboarding: Bool {
    get { !hasOnboardingBeenShown }
    set { hasOnboardingBeenShown = !newValue }
  }
}
