import Glibc
import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyScreens
import TallySettings
import TallySync
import TallyTestSupport
import Testing

struct AppViewModelTests {
  private let defaults = FakeUserDefaults()
  private let spy = EventRecorderSpy()

  private func makeApp(showOnboarding: Bool, history: HistoryLog = SQLiteHistory.inMemory()) -> (AppViewModel, FakeSettingStorage)
  {
    let settings = FakeSettingStorage(showOnboarding: showOnboarding)
    return (TestApps.app(settings: settings, defaults: defaults, eventRecorder: spy, history: history), settings)
  }

  @Test func firstLaunchShowsOnboarding() {
    let (app, _) = makeApp(showOnboarding: true)
    guard app.screen is OnboardingViewModel else {
      Issue.record("expected onboarding, got \(app.screen)")
      return
    }
    #expect(spy.events == [.screenShown("onboarding")])
  }

  /// The status line keeps each source's message: a new one replaces only its own, a key
  /// takes away the one-off ones, and a sync problem stays until it is over.
  @Test func theStatusLineKeepsItsMessagesBySource() {
    let (app, _) = makeApp(showOnboarding: false)
    app.receive(.syncStatus("Sync: the folder is not there"))
    app.show("the store was damaged and moved aside", from: .start)
    #expect(app.notice == "the store was damaged and moved aside Sync: the folder is not there")
    app.receive(.syncStatus("Sync: phone.tally.plist was skipped"))
    #expect(app.notice == "the store was damaged and moved aside Sync: phone.tally.plist was skipped")
    app.receive(.key(.space))
    #expect(app.notice == "Sync: phone.tally.plist was skipped")
    app.receive(.syncStatus(nil))
    #expect(app.notice == nil)
  }

  /// The tests' app is made where the interactive app is, sync included: keys pressed with
  /// sync on reach this machine's file in the folder, for the other machines.
  @Test func keysPressedWithSyncOnReachTheFolder() throws {
    let (data, folder) = (try TemporaryDirectory(), try TemporaryDirectory())
    let store = try FileUserDefaults(directory: data.path)
    Environment.prepare(store, argumentDomain: [:])
    let sync = try SyncSetup.enable(store: store, folder: folder.path, name: "laptop", history: nil).sync
    let app = TestApps.app(settings: FakeSettingStorage(showOnboarding: false), defaults: store, sync: sync)
    app.receive(.key(.space))
    app.receive(.key(.space))
    sync.publish()
    let file = try SyncFile(decoding: try #require(TestFiles.read(folder.appending("laptop.tally.plist"))))
    #expect(file.state.visibleCounters.map(\.value) == [2])
  }

  @Test func laterLaunchesOpenTheCounter() {
    let (app, _) = makeApp(showOnboarding: false)
    guard app.screen is CounterViewModel, app.screens.count == 1 else {
      Issue.record("expected the counter, got \(app.screen)")
      return
    }
    #expect(spy.events == [.screenShown("counter")])
  }

  @Test func finishingOnboardingRecordsItAndOpensTheCounterAt0() {
    let (app, settings) = makeApp(showOnboarding: true)
    for _ in OnboardingPage.standard { app.receive(.key(.enter)) }

    #expect(settings.showOnboarding == false)
    guard app.screen is CounterViewModel, app.screens.count == 1 else {
      Issue.record("expected the counter, got \(app.screen)")
      return
    }
    #expect(app.count == 0)
    #expect(spy.events == [.screenShown("onboarding"), .screenEvent("onboardingFinished"), .screenShown("counter")])
  }

  @Test(arguments: [Key.character("s"), .escape])
  func skippingRecordsItAndOpensTheCounter(key: Key) {
    let (app, settings) = makeApp(showOnboarding: true)
    app.receive(.key(key))
    #expect(settings.showOnboarding == false)
    #expect(settings.writes == 1)
    guard app.screen is CounterViewModel, app.screens.count == 1 else {
      Issue.record("expected the counter, got \(app.screen)")
      return
    }
    #expect(spy.events == [.screenShown("onboarding"), .screenEvent("onboardingSkipped"), .screenShown("counter")])
  }

  /// Space turns onboarding's page; it counts only once onboarding is over.
  @Test func onboardingCountsNothingUntilItEnds() {
    let (app, _) = makeApp(showOnboarding: true)
    app.receive(.key(.space))
    #expect(app.count == 0)
    #expect(defaults.integers["count"] == nil)
    app.receive(.key(.escape))
    app.receive(.key(.space))
    #expect(app.count == 1)
  }

  @Test func keysReachTheCounterAndItsChangesAreReported() {
    defaults.integers = ["count": 12]
    let (app, _) = makeApp(showOnboarding: false)
    spy.reset()
    app.receive(.key(.space))
    app.receive(.key(.character("-")))
    #expect(defaults.integers["count"] == 12)
    #expect(
      spy.events == [
        .counterChanged(id: "count", name: "Count", old: 12, new: 13, action: .add),
        .counterChanged(id: "count", name: "Count", old: 13, new: 12, action: .subtract),
      ])
  }

  /// A press and `H` in one burst of keys: the history shows that press, which the run loop
  /// has not written yet.
  @Test func theHistoryOpenedInABurstShowsThePressesBeforeIt() {
    let defaults = InMemoryUserDefaults()
    AppDefaults.register(in: defaults)
    let history = SQLiteHistory.inMemory()
    let clock = ManualClock(iso: "2026-11-23T10:00:00Z")
    let app = TestApps.app(
      settings: FakeSettingStorage(showOnboarding: false), defaults: defaults,
      eventRecorder: HistoryRecorder(log: history, clock: clock, source: .app), history: history, clock: clock)
    app.press(.space, .space, .character("H"), .character("3"))
    #expect(app.screen is HistoryViewModel)
    #expect((app.context(readingHistory: true).history as? HistorySnapshot)?.summary?.today == 2)
  }

  @Test func hOpensTheCurrentCountersHistoryAtTheViewLastUsedAndQCloses() {
    defaults.integers = ["count": 3]
    let history = SQLiteHistory.inMemory(entries: [
      HistoryEntry(
        time: ManualClock(iso: "2026-11-23T09:00:00Z").now(), event: .changed, counter: "count", name: "Count",
        old: 0, new: 3, source: .command)
    ])
    let (app, _) = makeApp(showOnboarding: false, history: history)
    spy.reset()

    app.receive(.key(.character("H")))
    guard let model = app.screen as? HistoryViewModel else {
      Issue.record("expected the history, got \(app.screen)")
      return
    }
    #expect(model.counter.id == "count")
    #expect(model.page == .year)
    app.receive(.key(.character("3")))  // the Days view, which reads the totals
    #expect((app.context(readingHistory: true).history as? HistorySnapshot)?.summary?.today == 3)
    app.receive(.key(.character("1")))
    app.receive(.key(.tab))
    app.receive(.key(.space))  // neither closes nor counts
    #expect(model.page == .day)

    app.receive(.key(.character("q")))
    guard app.screen is CounterViewModel, app.screens.count == 1 else {
      Issue.record("expected the counter, got \(app.screen)")
      return
    }
    #expect(app.count == 3)
    #expect(spy.events == [.screenShown("history"), .screenShown("counter")])
    app.receive(.key(.character("H")))
    guard let reopened = app.screen as? HistoryViewModel else {
      Issue.record("expected the history, got \(app.screen)")
      return
    }
    #expect(reopened.page == .day)
  }

  @Test(arguments: [Key.character("q"), .control("c")])
  func quitKeysEndTheApp(key: Key) {
    let (app, _) = makeApp(showOnboarding: false)
    app.receive(.key(key))
    #expect(app.isQuitting)
  }

  @Test func ctrlCQuitsFromOnboardingWithoutRecordingIt() {
    let (app, settings) = makeApp(showOnboarding: true)
    app.receive(.key(.control("c")))
    #expect(app.isQuitting)
    #expect(settings.showOnboarding == true)
    #expect(spy.events == [.screenShown("onboarding")])
  }

  @Test func keysAfterQuitAreIgnored() {
    let (app, _) = makeApp(showOnboarding: false)
    app.receive(.key(.character("q")))
    app.receive(.key(.space))
    #expect(defaults.writtenKeys.isEmpty)
  }
}

/// What the run loop tells the app after a save or another process's change.
struct AppStoreStatusTests {
  @Test func aFailedSaveIsShownAsOneUntilASaveWorks() throws {
    let directory = try TemporaryDirectory()
    let store = try FileUserDefaults(directory: directory.path)
    AppDefaults.register(in: store)
    let app = TestApps.counter(defaults: store)
    let blocker = directory.appending("defaults.plist.tmp")
    mkdir(blocker, 0o700)
    app.press(.space)
    app.receive(.saveTried)
    #expect(app.counterScreen?.status?.kind == .saveFailure)
    #expect(app.message?.hasPrefix("Not saved: ") == true)
    #expect(app.count == 1, "the value on screen is kept")

    rmdir(blocker)
    store.retrySave()
    app.receive(.saveTried)
    #expect(app.counterScreen?.status == StatusMessage("Saved.", kind: .news))
    #expect(try FileUserDefaults(directory: directory.path).integer(forKey: "count") == 1)
  }

  @Test func anotherProcessesChangeShowsWhenTheAppIsTold() throws {
    let directory = try TemporaryDirectory()
    let store = try FileUserDefaults(directory: directory.path)
    AppDefaults.register(in: store)
    let app = TestApps.counter(defaults: store)
    #expect(app.count == 0)
    try FileUserDefaults(directory: directory.path).set(41, forKey: "count")
    store.reload()
    #expect(app.count == 0, "the app reads the store only when told")
    app.receive(.storeChanged)
    #expect(app.count == 41)
    app.press(.space)
    #expect(app.count == 42)
  }
}
