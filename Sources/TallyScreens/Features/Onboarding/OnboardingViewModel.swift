import TallyLocalization
import TallyModel

/// The onboarding screen: which page is shown; Enter on the last finishes, `s` or Esc skips.
public final class OnboardingViewModel: Screen {
  public enum Action: Sendable, Hashable {
    case next
    case previous
    case skip
    case quit
  }

  public static let keyMap = KeyMap<Action>([
    .init([.enter, .space, .right], .next, label: "Enter", summary: trMarked("next")),
    .init([.left, .backspace], .previous, label: "Left", summary: trMarked("back"), isHinted: false),
    .init([.character("s"), .escape], .skip, label: "s/Esc", summary: trMarked("skip")),
    .init([.character("q"), .control("c")], .quit, label: "q", summary: trMarked("quit")),
  ])

  public let pages: [OnboardingPage]
  public private(set) var pageIndex = 0

  public init(pages: [OnboardingPage] = OnboardingPage.standard) {
    self.pages = pages
  }

  public var page: OnboardingPage { pages[pageIndex] }
  public var isLastPage: Bool { pageIndex == pages.count - 1 }

  public var name: ScreenName { .onboarding }

  public func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate {
    guard case .key(let key) = message else { return [] }
    switch Self.keyMap.action(for: key) {
    case .next?:
      // Only Enter finishes, so that Space pressed once too often does not.
      if isLastPage { return key == .enter ? Self.end(skipped: false) : [] }
      pageIndex += 1
    case .previous?: pageIndex = max(0, pageIndex - 1)
    case .skip?: return Self.end(skipped: true)
    case .quit?: return [.quit]
    case nil: break
    }
    return []
  }

  /// Onboarding is over: it is kept as shown, and the counter screen takes its place.
  static func end(skipped: Bool) -> ScreenUpdate { [EndOnboarding(skipped: skipped).asked, .openAlone(.counter)] }

  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) { OnboardingView.minimumSize }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    OnboardingView(model: self).render(into: &canvas)
  }

  public func target(column: Int, row: Int, in context: ScreenContext) -> Never? { nil }
}

/// Keeps onboarding as shown, and records how it ended.
struct EndOnboarding: ScreenTask {
  let skipped: Bool

  func perform(with services: ScreenServices) -> (any Sendable)? {
    services.state.showOnboarding = false
    services.record(.screenEvent(skipped ? "onboardingSkipped" : "onboardingFinished"))
    return nil
  }
}
