import TallyDefaults
import TallySettings
import TallyTestSupport
import Testing

struct SettingStoreTests {
  private let defaults = FakeUserDefaults()

  @Test func onboardingShowsWhenNothingIsStored() {
    #expect(SettingStore(userDefaults: defaults).showOnboarding == true)
  }

  @Test func hidingOnboardingWritesHasOnboardingBeenShown() {
    let sut = SettingStore(userDefaults: defaults)
    sut.showOnboarding = false
    #expect(defaults.bools == ["hasOnboardingBeenShown": true])
    #expect(sut.showOnboarding == false)
  }

  @Test func itReadsWhatAnEarlierRunWrote() {
    defaults.bools = ["hasOnboardingBeenShown": true]
    #expect(SettingStore(userDefaults: defaults).showOnboarding == false)
  }

  @Test func theHistoryViewIsKeptAndOneItDoesNotKnowIsTheYear() {
    let store = InMemoryUserDefaults()
    AppDefaults.register(in: store)
    let sut = SettingStore(userDefaults: store)
    #expect(sut.historyPage == .year)
    sut.historyPage = .changes
    #expect(store.string(forKey: "historyView") == "changes")
    #expect(SettingStore(userDefaults: store).historyPage == .changes)
    store.set("week", forKey: "historyView")
    #expect(SettingStore(userDefaults: store).historyPage == .year)
  }
}
