/// The app's replaceable dependencies, built once by the composition root.
///
/// The UI-testing article's dependency container, without its singleton: `tally` builds
/// one from the launch arguments (``LaunchArgumentConfigurator``) and passes what each view
/// model needs to its initialiser.
public final class Dependencies {
  /// The store every view model reads and writes.
  public let userDefaults: UserDefaultsProtocol
  /// The settings, kept in ``userDefaults``.
  public private(set) var settingStore: SettingStorage

  public init(userDefaults: UserDefaultsProtocol, settingStore: SettingStorage? = nil) {
    self.userDefaults = userDefaults
    self.settingStore = settingStore ?? SettingStore(userDefaults: userDefaults)
  }

  /// Swaps the settings, as the article's `replace(with:)` does.
  public func replace(with settingStore: SettingStorage) {
    self.settingStore = settingStore
  }
}
