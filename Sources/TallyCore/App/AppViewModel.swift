/// Picks the screen and routes each key press to it: onboarding on first launch, then the
/// counter.
///
/// The counter's view model is made only when it is first shown, through an injected
/// closure (the closure injection of "iOS Unit Testing by Example", chapter 6), so that
/// onboarding never loads the count and tests can hand in any counter they like.
public final class AppViewModel {
  /// The screen on show, with its view model.
  public enum Screen {
    case onboarding(OnboardingViewModel)
    case counter(CounterViewModel)
  }

  public private(set) var screen: Screen
  /// Set once the user has asked to quit; the run loop then ends.
  public private(set) var isQuitting = false
  /// A one-off message shown over the current screen until the next key, such as a
  /// damaged store that was moved aside at start.
  public var notice: String?
  /// The terminal's size, which mouse clicks are matched against; the run loop keeps it up
  /// to date.
  public var screenSize: (width: Int, height: Int) = (80, 24)

  private let settingStore: SettingStorage
  private let makeCounterViewModel: () -> CounterViewModel

  public init(
    settingStore: SettingStorage,
    makeOnboardingViewModel: () -> OnboardingViewModel = { OnboardingViewModel() },
    makeCounterViewModel: @escaping () -> CounterViewModel
  ) {
    self.settingStore = settingStore
    self.makeCounterViewModel = makeCounterViewModel
    screen = settingStore.showOnboarding ? .onboarding(makeOnboardingViewModel()) : .counter(makeCounterViewModel())
  }

  public func handle(_ key: Key) {
    guard !isQuitting else { return }
    notice = nil
    if key == .control("c") {
      isQuitting = true
      return
    }
    switch screen {
    case .onboarding(let onboarding):
      switch onboarding.handle(key) {
      case .stayed: break
      case .finished, .skipped:
        settingStore.showOnboarding = false
        screen = .counter(makeCounterViewModel())
      case .quit: isQuitting = true
      }
    case .counter(let counter):
      let action: CounterViewModel.Action?
      if case .mouse(let event) = key {
        action = counter.click(event, width: screenSize.width, height: screenSize.height)
      } else {
        action = counter.handle(key)
      }
      if action == .quit { isQuitting = true }
    }
  }
}
