import TallyDefaults
import TallySettings
import TallyTestSupport
import Testing

struct SettingStoreTests {
  private let defaults = FakeUserDefaults()

  @Test func onboardingShowsWhenNothingIsStored() {
    #expect(AppState(userDefaults: defaults).showOnboarding == true)
  }

  @Test func hidingOnboardingWritesHasOnboardingBeenShown() {
    let sut = AppState(userDefaults: defaults)
    sut.showOnboarding = false
    #expect(defaults.bools == ["hasOnboardingBeenShown": true])
    #expect(sut.showOnboarding == false)
  }

  @Test func itReadsWhatAnEarlierRunWrote() {
    defaults.bools = ["hasOnboardingBeenShown": true]
    #expect(AppState(userDefaults: defaults).showOnboarding == false)
  }

  @Test func theHistoryViewIsKeptAndOneItDoesNotKnowIsTheYear() {
    let store = InMemoryUserDefaults()
    AppDefaults.register(in: store)
    let sut = AppState(userDefaults: store)
    #expect(sut.historyPage == .year)
    sut.historyPage = .changes
    #expect(store.string(forKey: "historyView") == "changes")
    #expect(AppState(userDefaults: store).historyPage == .changes)
    store.set("week", forKey: "historyView")
    #expect(AppState(userDefaults: store).historyPage == .year)
  }
}
