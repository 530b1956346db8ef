import TallyTestSupport
import Testing

@testable import TallyScreens

struct OnboardingViewModelTests {
  @Test func theFirstPageWelcomes() {
    let sut = OnboardingViewModel()
    #expect(sut.pageIndex == 0)
    #expect(sut.page.title.contains("Welcome"))
    #expect(OnboardingPage.standard.count >= 2)
  }

  @Test(arguments: [Key.enter, .space, .right])
  func nextKeysTurnThePage(key: Key) {
    let sut = OnboardingViewModel()
    #expect(sut.press(key).isEmpty)
    #expect(sut.pageIndex == 1)
  }

  @Test func enterOnTheLastPageFinishes() {
    let sut = OnboardingViewModel()
    for _ in 1..<sut.pages.count { sut.press(.enter) }
    #expect(sut.isLastPage)
    #expect(sut.press(.enter) == OnboardingViewModel.end(skipped: false).effects)
  }

  @Test(arguments: [Key.space, .right])
  func spaceAndRightDoNotFinishOnTheLastPage(key: Key) {
    let sut = OnboardingViewModel()
    for _ in 1..<sut.pages.count { sut.press(.enter) }
    #expect(sut.press(key).isEmpty)
    #expect(sut.isLastPage)
  }

  @Test(arguments: [Key.character("s"), .escape])
  func skipKeysSkipFromAnyPage(key: Key) {
    let sut = OnboardingViewModel()
    sut.press(.enter)
    #expect(sut.press(key) == OnboardingViewModel.end(skipped: true).effects)
  }

  @Test func leftGoesBackButNotBeforeTheFirstPage() {
    let sut = OnboardingViewModel()
    sut.press(.enter)
    sut.press(.left)
    #expect(sut.pageIndex == 0)
    sut.press(.left)
    #expect(sut.pageIndex == 0)
  }

  @Test func qQuits() {
    #expect(OnboardingViewModel().press(.character("q")) == [.quit])
  }
}
