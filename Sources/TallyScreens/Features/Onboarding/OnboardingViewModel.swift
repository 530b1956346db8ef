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
    .init([.enter, .space, .right], .next, label: "Enter", summary: "next"),
    .init([.left, .backspace], .previous, label: "Left", summary: "back", isHinted: false),
    .init([.character("s"), .escape], .skip, label: "s/Esc", summary: "skip"),
    .init([.character("q"), .control("c")], .quit, label: "q", summary: "quit"),
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
      if isLastPage { return key == .enter ? [.endOnboarding(skipped: false)] : [] }
      pageIndex += 1
    case .previous?: pageIndex = max(0, pageIndex - 1)
    case .skip?: return [.endOnboarding(skipped: true)]
    case .quit?: return [.quit]
    case nil: break
    }
    return []
  }

  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) { OnboardingView.minimumSize }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    OnboardingView(model: self).render(into: &canvas)
  }

  public func target(column: Int, row: Int, in context: ScreenContext) -> Never? { nil }
}
