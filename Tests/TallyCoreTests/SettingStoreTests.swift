import TallyCore
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
}
