import TallyCore
import TallyTestSupport
import Testing

struct AppViewModelTests {
  private let defaults = FakeUserDefaults()

  private func makeApp(showOnboarding: Bool) -> (AppViewModel, FakeSettingStorage) {
    let settings = FakeSettingStorage(showOnboarding: showOnboarding)
    let defaults = self.defaults
    let app = AppViewModel(settingStore: settings, makeCounterViewModel: { CounterViewModel(userDefaults: defaults) })
    return (app, settings)
  }

  @Test func firstLaunchShowsOnboarding() {
    let (app, _) = makeApp(showOnboarding: true)
    guard case .onboarding = app.screen else {
      Issue.record("expected onboarding, got \(app.screen)")
      return
    }
  }

  @Test func laterLaunchesOpenTheCounter() {
    let (app, _) = makeApp(showOnboarding: false)
    guard case .counter = app.screen else {
      Issue.record("expected the counter, got \(app.screen)")
      return
    }
  }

  @Test func finishingOnboardingRecordsItAndOpensTheCounterAt0() {
    let (app, settings) = makeApp(showOnboarding: true)
    for _ in OnboardingPage.standard { app.handle(.enter) }

    #expect(settings.showOnboarding == false)
    guard case .counter(let counter) = app.screen else {
      Issue.record("expected the counter, got \(app.screen)")
      return
    }
    #expect(counter.countText == "0")
  }

  @Test(arguments: [Key.character("s"), .escape])
  func skippingRecordsItAndOpensTheCounter(key: Key) {
    let (app, settings) = makeApp(showOnboarding: true)
    app.handle(key)
    #expect(settings.showOnboarding == false)
    #expect(settings.writes == 1)
    guard case .counter = app.screen else {
      Issue.record("expected the counter, got \(app.screen)")
      return
    }
  }

  @Test func onboardingDoesNotMakeTheCounterUntilItEnds() {
    let settings = FakeSettingStorage(showOnboarding: true)
    var made = 0
    let defaults = self.defaults
    let app = AppViewModel(settingStore: settings, makeCounterViewModel: {
      made += 1
      return CounterViewModel(userDefaults: defaults)
    })
    app.handle(.enter)
    #expect(made == 0)
    app.handle(.escape)
    #expect(made == 1)
  }

  @Test func keysReachTheCounter() {
    defaults.integers = ["count": 12]
    let (app, _) = makeApp(showOnboarding: false)
    app.handle(.space)
    #expect(defaults.integers["count"] == 13)
  }

  @Test(arguments: [Key.character("q"), .control("c")])
  func quitKeysEndTheApp(key: Key) {
    let (app, _) = makeApp(showOnboarding: false)
    app.handle(key)
    #expect(app.isQuitting)
  }

  @Test func ctrlCQuitsFromOnboardingWithoutRecordingIt() {
    let (app, settings) = makeApp(showOnboarding: true)
    app.handle(.control("c"))
    #expect(app.isQuitting)
    #expect(settings.showOnboarding == true)
  }

  @Test func keysAfterQuitAreIgnored() {
    let (app, _) = makeApp(showOnboarding: false)
    app.handle(.character("q"))
    app.handle(.space)
    #expect(defaults.writtenKeys.isEmpty)
  }
}
