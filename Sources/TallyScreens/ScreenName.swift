import TallyModel

/// The screens of the interactive app: the one place they are listed (docs/architecture.md,
/// a new screen), each made in one line of ``make(over:with:in:)``.
public enum ScreenName: String, Sendable, Equatable, CaseIterable {
  case onboarding
  case counter
  case help
  case history
  case board
  case settings

  /// The screen the app opens on.
  public static func first(in state: SettingStorage) -> ScreenName { state.showOnboarding ? .onboarding : .counter }

  /// Makes the screen, over `top` (the screen on show, if any): one line a screen.
  public func make(over top: (any Screen)?, with parts: ScreenParts, in context: ScreenContext) -> any Screen {
    switch self {
    case .onboarding: OnboardingViewModel(pages: OnboardingPage.pages(for: parts.settings.keyMap))
    case .counter: CounterViewModel(settings: parts.settings, undo: parts.undo)
    case .help: HelpViewModel(over: top ?? CounterViewModel(settings: parts.settings))
    case .history:
      HistoryViewModel(
        counter: context.counters.current, now: context.now, calendar: context.calendar,
        page: .init(kept: parts.state[kept: .history]),
        keyMap: parts.settings.keys(for: HistoryViewModel.Action.self))
    case .board: BoardViewModel(keyMap: parts.settings.keys(for: BoardViewModel.Action.self), undo: parts.undo)
    case .settings:
      CounterSettingsViewModel(keyMap: parts.settings.keys(for: CounterSettingsViewModel.Action.self), undo: parts.undo)
    }
  }
}

/// The app's own state in the store, which is not a setting (the name is the design's, in
/// docs/architecture.md); class-bound, so that a change through any reference reaches it.
public protocol SettingStorage: AnyObject {
  var showOnboarding: Bool { get set }
  /// What `screen` keeps for its next opening (the history: the view last shown), as text.
  subscript(kept screen: ScreenName) -> String? { get set }
}

/// What the screens share, made once by the app: the settings, the app's state and the one
/// undo of the screens that change counters.
public final class ScreenParts {
  /// The user's settings, as they last changed: the screens made from now on follow them.
  public var settings: ScreenSettings
  public let state: SettingStorage
  let undo = SharedUndo()

  public init(settings: ScreenSettings, state: SettingStorage) {
    (self.settings, self.state) = (settings, state)
  }
}
