import TallyDefaults
import TallyScreens
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
    #expect(HistoryViewModel.Page(kept: sut[kept: .history]) == .year)
    sut[kept: .history] = HistoryViewModel.Page.changes.rawValue
    #expect(store.string(forKey: "historyView") == "changes")
    #expect(HistoryViewModel.Page(kept: AppState(userDefaults: store)[kept: .history]) == .changes)
    store.set("week", forKey: "historyView")
    #expect(HistoryViewModel.Page(kept: AppState(userDefaults: store)[kept: .history]) == .year)
  }
}
