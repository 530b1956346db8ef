import TallyScreens
import Testing

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
    #expect(sut.handle(key) == .stayed)
    #expect(sut.pageIndex == 1)
  }

  @Test func enterOnTheLastPageFinishes() {
    let sut = OnboardingViewModel()
    for _ in 1..<sut.pages.count { sut.handle(.enter) }
    #expect(sut.isLastPage)
    #expect(sut.handle(.enter) == .finished)
  }

  @Test(arguments: [Key.space, .right])
  func spaceAndRightDoNotFinishOnTheLastPage(key: Key) {
    let sut = OnboardingViewModel()
    for _ in 1..<sut.pages.count { sut.handle(.enter) }
    #expect(sut.handle(key) == .stayed)
    #expect(sut.isLastPage)
  }

  @Test(arguments: [Key.character("s"), .escape])
  func skipKeysSkipFromAnyPage(key: Key) {
    let sut = OnboardingViewModel()
    sut.handle(.enter)
    #expect(sut.handle(key) == .skipped)
  }

  @Test func leftGoesBackButNotBeforeTheFirstPage() {
    let sut = OnboardingViewModel()
    sut.handle(.enter)
    sut.handle(.left)
    #expect(sut.pageIndex == 0)
    sut.handle(.left)
    #expect(sut.pageIndex == 0)
  }

  @Test func qQuits() {
    #expect(OnboardingViewModel().handle(.character("q")) == .quit)
  }
}
