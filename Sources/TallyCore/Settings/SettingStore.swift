/// The `SettingStorage` Tally uses: its settings kept in an injected `UserDefaultsProtocol`.
///
/// Onboarding is recorded as the article records it: `hasOnboardingBeenShown` is `true`
/// once onboarding has been finished or skipped.
public final class SettingStore: SettingStorage {
  public let userDefaults: UserDefaultsProtocol
  @UserDefault private var hasOnboardingBeenShown: Bool

  public init(userDefaults: UserDefaultsProtocol) {
    self.userDefaults = userDefaults
    _hasOnboardingBeenShown = UserDefault(.hasOnboardingBeenShown, store: userDefaults, defaultValue: false)
  }

  public var showOnboarding: Bool {
    get { !hasOnboardingBeenShown }
    set { hasOnboardingBeenShown = !newValue }
  }
}
