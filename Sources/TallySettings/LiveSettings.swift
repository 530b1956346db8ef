import TallyDefaults

/// The settings of a running app, read again when the store changes, so that a
/// `tally config set` in another terminal, or a setting another machine synced, takes effect
/// without a restart.
///
/// Only the user's values can change while the app runs (the launch arguments and the
/// environment are fixed at start), so each change of the store compares those alone, a
/// few dictionary look-ups, and builds the ``Settings`` only when one of them differs. At
/// start it keeps the stored values as they are (a copy-on-write dictionary): nothing is
/// looked up before the first frame.
public final class LiveSettings {
  private let store: any SharedStore
  private let environment: [String: String]
  /// The user's values when last applied (the store's persistent domain).
  private var applied: [String: PropertyListValue]

  /// The defaults key of every setting.
  private static let settingKeys = AppDefaults.entries.filter(\.isSetting).map(\.key.name)

  /// Starts from the settings as `store` holds them now, as the app applied them at start.
  public init(store: any SharedStore, environment: [String: String]) {
    self.store = store
    self.environment = environment
    applied = store.domains.persistent
  }

  /// The settings, when the user's values changed since start or the last call; `nil`
  /// otherwise.
  public func changed() -> Settings? {
    let stored = store.domains.persistent
    guard Self.settingKeys.contains(where: { stored[$0] != applied[$0] }) else { return nil }
    applied = stored
    return Settings(store: store, environment: environment)
  }

  /// What the status line says when the `keys.*` settings cannot be used together.
  public static func keysNotice(_ problem: SettingError) -> String {
    "Using the default keys: \(problem). Fix it with `tally config set` or `tally config reset`."
  }
}
