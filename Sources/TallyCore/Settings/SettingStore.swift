/// The `SettingStorage` Tally uses: its settings kept in an injected `UserDefaultsProtocol`.
///
/// Onboarding is recorded as the article records it: `hasOnboardingBeenShown` is `true`
/// once onboarding has been finished or skipped.
public final class SettingStore: SettingStorage {
  /// The keys this store writes.
  public enum Key {
    public static let hasOnboardingBeenShown = "hasOnboardingBeenShown"
  }

  public let userDefaults: UserDefaultsProtocol

  public init(userDefaults: UserDefaultsProtocol) {
    self.userDefaults = userDefaults
  }

  public var showOnboarding: Bool {
    get { !userDefaults.bool(forKey: Key.hasOnboardingBeenShown) }
    set { userDefaults.set(!newValue, forKey: Key.hasOnboardingBeenShown) }
  }
}
