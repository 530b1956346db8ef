import TallyDefaults
import TallyScreens

/// The app's own state in the store, which is not a setting (the name is the design's, in
/// docs/architecture.md); class-bound, so that a change through any reference reaches it.
public protocol SettingStorage: AnyObject {
  var showOnboarding: Bool { get set }
  /// The history screen's view that `H` opens: the one last shown.
  var historyPage: HistoryViewModel.Page { get set }
}

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
