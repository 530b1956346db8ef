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

/// The run loop, headless: keys in through an in-memory terminal, frames and store contents out.
struct AppRunLoopTests {
  private let directory: TemporaryDirectory
  private let store: FileUserDefaults

  init() throws {
    directory = try TemporaryDirectory()
    store = try FileUserDefaults(directory: directory.path)
  }

  /// Runs the app on `store` in a terminal playing `script`; the counter screen comes first.
  private func run(
    _ script: [InMemoryTerminal.Input], on store: any SharedStore, width: Int = 80, height: Int = 24,
    liveSettings: Bool = false
  ) -> (outcome: AppRunLoop.Outcome, terminal: InMemoryTerminal) {
    Environment.prepare(store, argumentDomain: [:])
    let dependencies = Environment(
      store: store, settings: Settings(store: store, environment: [:]), history: SQLiteHistory.inMemory(),
      clock: ManualClock(iso: "2026-11-23T10:00:00Z"))
    let terminal = InMemoryTerminal(width: width, height: height, script: script)
    let outcome = AppRunLoop(terminal: terminal, environment: dependencies, followsSettings: liveSettings).run {
      TestApps.app(
        settings: FakeSettingStorage(showOnboarding: false), defaults: store, eventRecorder: dependencies.recorder)
    }
    return (outcome, terminal)
  }

  /// The count saved on disk, as another process reads it.
  private func savedCount() throws -> Int {
    try FileUserDefaults(directory: directory.path).integer(forKey: "count")
  }

  /// A directory where the store writes its temporary file makes every save fail, even as root.
  private func blockSaves() -> String {
    let blocker = directory.appending("defaults.plist.tmp")
    mkdir(blocker, 0o700)
    return blocker
  }

  private func text(_ canvas: Canvas?) -> String { canvas?.lines.joined(separator: "\n") ?? "" }

  @Test func aFailedSaveIsShownThenRetriedWithoutAKey() throws {
    let blocker = blockSaves()
    let (outcome, terminal) = run(
      [.keys([.space]), .meanwhile { rmdir(blocker) }, .timeout, .keys([.character("q")])], on: store)

    let frames = terminal.frames
    try #require(frames.count == 3)
    #expect(text(frames[1]).contains("Count: 1"))
    #expect(text(frames[1]).contains("Not saved"))
    // While the save fails, the loop wakes within a second to retry it.
    #expect(terminal.timeouts[1].map { $0 <= 1 } == true)
    #expect(text(frames[2]).contains("Saved."))
    #expect(text(frames[2]).contains("Count: 1"))
    #expect(try savedCount() == 1)
    #expect(outcome == .quit)
  }

  @Test(arguments: [AlertStyle.bell, .flash, .none])
  func anAlertRingsOnceForTheBurstThatReachesItAndSaysWhatItReached(style: AlertStyle) throws {
    Environment.prepare(store, argumentDomain: [:])
    store.set(style.rawValue, forKey: "alertStyle")
    try CountersModel(userDefaults: store, eventRecorder: EventRecorderSpy())
      .perform(.setRules(CounterRules(alert: CounterAlert(at: 3)), of: "count"))
    let (_, terminal) = run(
      [.keys([.space, .space, .space, .space]), .keys([.character("-"), .space]), .keys([.character("q")])], on: store)
    let alerts = terminal.events.filter { $0.kind == "alert" }
    #expect(alerts == (style == .none ? [] : [.alert(style)]), "once, on the way up only")
    #expect(text(terminal.frames[1]).contains("Count reached 3"))
    #expect(!text(terminal.frames[2]).contains("reached"), "the notice goes at the next key")
  }

  /// `tally inc` in another terminal takes the counter to its alert while the app is open:
  /// the app shows the notice and rings once, as `alertStyle` says, without a key.
  @Test(arguments: [AlertStyle.bell, .none])
  func anAlertAnotherProcessReachedRingsOnceAndShows(style: AlertStyle) throws {
    Environment.prepare(store, argumentDomain: [:])
    store.set(style.rawValue, forKey: "alertStyle")
    try CountersModel(userDefaults: store, eventRecorder: EventRecorderSpy())
      .perform(.setRules(CounterRules(alert: CounterAlert(at: 3)), of: "count"))
    let directory = self.directory
    let (_, terminal) = run(
      [
        .keys([.space]),
        .meanwhile {
          let other = try? CountersModel(
            userDefaults: FileUserDefaults(directory: directory.path), eventRecorder: EventRecorderSpy())
          _ = try? other?.perform(.add(2, to: "count"))
        },
        .watchedDescriptor, .keys([.character("k")]), .keys([.character("q")]),
      ], on: store)
    #expect(terminal.events.filter { $0.kind == "alert" } == (style == .none ? [] : [.alert(style)]))
    #expect(text(terminal.frames[2]).contains("Count: 3"))
    #expect(text(terminal.frames[2]).contains("Count reached 3"))
    #expect(!text(terminal.frames[3]).contains("reached"), "the notice goes at the next key")
  }

  /// Only the second's timeout retries a failed save, not a wake of the store's watch.
  ///
  /// A failed save's own temporary file wakes the data directory's watch: saving again at
  /// every wake spun the loop while the disk stayed full.
  @Test func aWakeOfTheStoresWatchDoesNotRetryAFailedSave() throws {
    let blocker = blockSaves()
    var savedAtWake: [Int] = []
    let directory = self.directory
    let (outcome, _) = run(
      [
        .keys([.space]), .watchedDescriptor, .watchedDescriptor, .meanwhile { rmdir(blocker) }, .watchedDescriptor,
        .meanwhile { savedAtWake.append((try? FileUserDefaults(directory: directory.path).integer(forKey: "count")) ?? -1) },
        .timeout, .keys([.character("q")]),
      ], on: store)
    #expect(savedAtWake == [0], "the wakes saved nothing")
    #expect(try savedCount() == 1, "the second's retry did")
    #expect(outcome == .quit)
  }

  @Test func aQuitWithUnsavedChangesIsRefusedAndASecondQuitQuits() throws {
    let blocker = blockSaves()
    defer { rmdir(blocker) }
    let quit = InMemoryTerminal.Input.keys([.character("q")])
    let (outcome, terminal) = run([.keys([.space]), quit, quit], on: store)

    #expect(text(terminal.frames.last).contains("Press q again to quit without saving"))
    #expect(terminal.frames.count == 3)
    #expect(terminal.events.last == .stopped)
    let problem = try #require(store.saveProblem)
    #expect(outcome == .quitWithoutSaving(problem))
    #expect(try savedCount() == 0)
  }

  @Test func anotherProcesssChangeIsShownWithoutAKey() throws {
    let (_, terminal) = run(
      [
        .meanwhile { (try? FileUserDefaults(directory: directory.path))?.set(41, forKey: "count") },
        .watchedDescriptor,
      ], on: store)

    let frames = terminal.frames
    try #require(frames.count == 2)
    #expect(text(frames[0]).contains("Count: 0"))
    #expect(text(frames[1]).contains("Count: 41"))
  }

  @Test func settingsChangedByAnotherProcessApplyWithoutARestart() throws {
    let (_, terminal) = run(
      [
        .meanwhile {
          guard let other = try? FileUserDefaults(directory: directory.path) else { return }
          try? SettingEditor.set("keys.increment", to: "k", in: other)
          try? SettingEditor.set("theme", to: "mono", in: other)
          try? SettingEditor.set("bigDigits", to: "false", in: other)
        },
        .watchedDescriptor, .keys([.character("k")]), .keys([.space]),
      ], on: store, liveSettings: true)

    let frames = terminal.frames
    try #require(frames.count == 4)
    #expect(text(frames[0]).contains("Space/+ add"))
    #expect(text(frames[0]).contains("███"))
    // The hint line names the new key, and the value is a plain line without big digits.
    #expect(text(frames[1]).contains(" k add "), "\(text(frames[1]))")
    #expect(!text(frames[1]).contains("Space"))
    #expect(!text(frames[1]).contains("███"))
    #expect(text(frames[1]).contains("Count: 0"))
    #expect(text(frames[2]).contains("Count: 1"))
    // Space no longer adds.
    #expect(text(frames[3]).contains("Count: 1"))
    #expect(terminal.events.contains(.theme(.mono)))
    #expect(try savedCount() == 1)
  }

  /// The wake for a new day follows `dayStartsAtHour` set by another process while the app
  /// runs: just before midnight it waits 30 seconds, and with days starting at 04:00, four
  /// hours more.
  @Test func theWakeForANewDayFollowsTheHourADayStartsAtSetMeanwhile() throws {
    Environment.prepare(store, argumentDomain: [:])
    let clock = ManualClock(iso: "2026-11-23T23:59:30Z")
    let dependencies = Environment(
      store: store, settings: Settings(store: store, environment: [:]), history: SQLiteHistory.inMemory(), clock: clock)
    let terminal = InMemoryTerminal(script: [
      .keys([.space]),
      .meanwhile {
        guard let other = try? FileUserDefaults(directory: directory.path) else { return }
        try? SettingEditor.set("dayStartsAtHour", to: "4", in: other)
      },
      .watchedDescriptor, .keys([.space]),
    ])
    _ = AppRunLoop(terminal: terminal, environment: dependencies, followsSettings: true).run {
      TestApps.app(settings: FakeSettingStorage(showOnboarding: false), defaults: store, eventRecorder: dependencies.recorder)
    }
    let timeouts = terminal.timeouts.compactMap { $0 }
    #expect(timeouts.contains { $0 > 29 && $0 <= 30 }, "\(terminal.timeouts)")
    #expect(timeouts.last.map { $0 > 4 * 3600 + 29 && $0 <= 4 * 3600 + 30 } == true, "\(terminal.timeouts)")
  }

  @Test func aStoreChangeThatLeavesTheSettingsAloneAppliesNothing() throws {
    let (_, terminal) = run(
      [.meanwhile { (try? FileUserDefaults(directory: directory.path))?.set(41, forKey: "count") }, .watchedDescriptor],
      on: store, liveSettings: true)

    #expect(!terminal.events.contains { if case .theme = $0 { true } else { false } })
  }

  /// The store joined to `folder` as "laptop", with an in-memory history and a fixed clock.
  private func synced(to folder: String) throws -> Environment {
    Environment.prepare(store, argumentDomain: [:])
    _ = try SyncSetup.enable(store: store, folder: folder, name: "laptop", history: nil)
    let dependencies = Environment(
      store: store, settings: Settings(store: store, environment: [:]), sync: CounterSync.configured(in: store),
      history: SQLiteHistory.inMemory(), clock: ManualClock(iso: "2026-11-23T10:00:00Z"))
    return dependencies
  }

  @Test func aSyncFolderThatGoesAwayIsSaidOnTheStatusLineUntilItIsBack() throws {
    let folders = try TemporaryDirectory()
    let folder = folders.appending("folder")
    let dependencies = try synced(to: folder)
    let terminal = InMemoryTerminal(script: [
      .meanwhile { rename(folder, folders.appending("away")) }, .watchedDescriptor, .keys([.space]),
      .meanwhile { rename(folders.appending("away"), folder) }, .timeout,
    ])
    _ = AppRunLoop(terminal: terminal, environment: dependencies).run {
      TestApps.app(settings: FakeSettingStorage(showOnboarding: false), defaults: store, eventRecorder: dependencies.recorder)
    }

    let frames = terminal.frames.map(text)
    try #require(frames.count == 4)
    #expect(!frames[0].contains("Sync:"))
    #expect(frames[1].contains("Sync: the folder \(folder) is not there; counting goes on"))
    #expect(!frames[1].contains("cannot write"))
    // A key does not take it away: the folder is still gone.
    #expect(frames[2].contains("Sync: the folder \(folder) is not there; counting goes on"))
    #expect(!frames[3].contains("Sync:"))
  }

  /// A press right after another does not wait for the first one's copy to the sync
  /// folder: the copies wait for the keys to pause (a wait that times out), and a process
  /// that ends copies what waits.
  @Test func theCopiesToTheSyncFolderWaitForTheKeysToPause() throws {
    let folders = try TemporaryDirectory()
    let folder = folders.appending("folder")
    let dependencies = try synced(to: folder)
    func copied() -> Int? {
      guard let bytes = TestFiles.read(folder + "/laptop.tally.plist"), let file = try? SyncFile(decoding: bytes) else {
        return nil
      }
      return file.state.counters.values.first?.value
    }
    var seen: [Int?] = []
    let terminal = InMemoryTerminal(script: [
      .keys([.space]), .meanwhile { seen.append(copied()) }, .keys([.space]), .meanwhile { seen.append(copied()) },
      .timeout, .meanwhile { seen.append(copied()) }, .keys([.space]),
    ])
    _ = AppRunLoop(terminal: terminal, environment: dependencies).run {
      AppViewModel(
        settingStore: FakeSettingStorage(showOnboarding: false), eventRecorder: dependencies.recorder,
        counters: CountersModel(userDefaults: store, eventRecorder: dependencies.recorder, sync: dependencies.sync),
        history: dependencies.history, clock: dependencies.clock)
    }

    #expect(seen == [0, 0, 2])
    #expect(copied() == 3, "copied as the process ends")
    #expect(terminal.timeouts[1].map { $0 <= 0.05 } == true, "\(terminal.timeouts)")
  }

  @Test func theOtherMachinesCountsAreMergedRightAfterTheFirstFrame() throws {
    let others = try TemporaryDirectory()
    let folder = others.appending("folder")
    Environment.prepare(store, argumentDomain: [:])
    _ = try SyncSetup.enable(store: store, folder: folder, name: "laptop", history: nil)
    let desktopStore = try FileUserDefaults(directory: others.appending("desktop"))
    Environment.prepare(desktopStore, argumentDomain: [:])
    let desktop = try SyncSetup.enable(store: desktopStore, folder: folder, name: "desktop", history: nil).sync
    let desktopCounters = CountersModel(userDefaults: desktopStore, eventRecorder: EventRecorderSpy(), sync: desktop)
    try desktopCounters.perform(.add(5, to: desktopCounters.list.counters[0].id))
    desktop.publish()

    let dependencies = Environment(
      store: store, settings: Settings(store: store, environment: [:]), sync: CounterSync.configured(in: store),
      history: SQLiteHistory.inMemory(), clock: ManualClock(iso: "2026-11-23T10:00:00Z"))
    let terminal = InMemoryTerminal(script: [])
    _ = AppRunLoop(terminal: terminal, environment: dependencies).run {
      TestApps.app(settings: FakeSettingStorage(showOnboarding: false), defaults: store, eventRecorder: dependencies.recorder)
    }

    let frames = terminal.frames.map(text)
    try #require(frames.count == 2)
    #expect(frames[0].contains("Count: 0"))
    #expect(frames[1].contains("Count: 5"))
    let saved = CountersModel(userDefaults: try FileUserDefaults(directory: directory.path), eventRecorder: EventRecorderSpy())
    #expect(saved.list.counters.map(\.value) == [5])
  }

  @Test func aNewDayRedrawsTheGoalsProgressWithoutAKey() throws {
    let clock = ManualClock(iso: "2026-11-23T23:59:30Z", utcOffset: 3600)
    clock.advance(by: -3600)  // 23:59:30 local time, an hour east of UTC
    let history = SQLiteHistory.inMemory()
    Environment.prepare(store, argumentDomain: [:])
    let dependencies = Environment(
      store: store, settings: Settings(store: store, environment: [:]), history: history, clock: clock)
    try CountersModel(userDefaults: store, eventRecorder: EventRecorderSpy())
      .perform(.setGoal(Goal(amount: 3, period: .day), of: CountersModel.firstCounter.id))
    let terminal = InMemoryTerminal(script: [
      .keys([.space, .space]), .meanwhile { clock.advance(by: 31) }, .timeout,
    ])
    _ = AppRunLoop(terminal: terminal, environment: dependencies).run {
      AppViewModel(
        settingStore: FakeSettingStorage(showOnboarding: false), eventRecorder: dependencies.recorder,
        counters: CountersModel(userDefaults: store, eventRecorder: dependencies.recorder),
        history: history, clock: clock)
    }

    let frames = terminal.frames.map(text)
    try #require(frames.count == 3)
    #expect(frames[1].contains("2 of 3 today"))
    // Just before midnight, the loop waits at most until the day changes: 30 seconds.
    #expect(terminal.timeouts[1].map { $0 > 29 && $0 <= 30 } == true, "\(terminal.timeouts)")
    #expect(frames[2].contains("0 of 3 today"))
    #expect(frames[2].contains("Count: 2"))
  }

  @Test func aResizeRedrawsAtTheNewSize() throws {
    let (_, terminal) = run([.resize(width: 50, height: 16)], on: InMemoryUserDefaults())

    let frame = try #require(terminal.frames.last)
    #expect(terminal.frames.count == 2)
    #expect((frame.width, frame.height) == (50, 16))
    #expect(text(frame).contains("Count: 0"))
  }

  /// The app is told the terminal's size at start and after a resize, so that a click means
  /// what the frame drawn at that size shows there.
  @Test func aClickMeansWhatTheFrameAtTheTerminalsSizeShowsThere() throws {
    let store = InMemoryUserDefaults()
    Environment.prepare(store, argumentDomain: [:])
    let list = CountersModel(userDefaults: store, eventRecorder: EventRecorderSpy()).list
    func plus(width: Int, height: Int) throws -> Key {
      let button = try #require(CounterLayout(counters: list, width: width, height: height).increment)
      return .mouse(MouseEvent(.press, column: button.column, row: button.row))
    }
    let script: [InMemoryTerminal.Input] = [
      .keys([try plus(width: 40, height: 12)]), .resize(width: 60, height: 16), .keys([try plus(width: 60, height: 16)]),
      .keys([.character("q")]),
    ]
    let (_, terminal) = run(script, on: store, width: 40, height: 12)

    let frames = terminal.frames.map(text)
    try #require(frames.count == 4)
    #expect(frames[1].contains("Count: 1"))
    #expect(frames[3].contains("Count: 2"))
  }

  @Test func controlZSuspendsAndTheLoopGoesOn() {
    let (outcome, terminal) = run(
      [.keys([.space, .control("z"), .space]), .keys([.space]), .keys([.character("q")])], on: InMemoryUserDefaults())

    #expect(terminal.events.map(\.kind) == ["frame", "suspended", "frame", "frame", "stopped"])
    #expect(text(terminal.frames.last).contains("Count: 3"))
    #expect(outcome == .quit)
  }

  @Test func aBurstOfKeysIsOneWriteAndOneFrame() throws {
    let saves = try StoreSaves(directory: directory.path)
    let (_, terminal) = run([.keys(Array(repeating: .space, count: 20))], on: store)

    #expect(terminal.frames.count == 2)
    #expect(text(terminal.frames.last).contains("Count: 20"))
    #expect(saves.count() == 1)
    #expect(try savedCount() == 20)
  }

  @Test func aTerminatingSignalEndsTheRunAndLeavesTheRestoreToTheCaller() {
    let (outcome, terminal) = run([.keys([.space]), .signal(SIGTERM)], on: InMemoryUserDefaults())

    #expect(outcome == .terminated(signal: SIGTERM))
    #expect(!terminal.events.contains(.stopped))
  }
}

extension InMemoryTerminal.Event {
  fileprivate var kind: String {
    switch self {
    case .frame: "frame"
    case .alert: "alert"
    case .theme: "theme"
    case .suspended: "suspended"
    case .stopped: "stopped"
    }
  }
}

/// Counts the store's durable saves in a directory: each one creates a temporary file and renames
/// it over the store. (The creations are watched too because inotify merges an event with the
/// one queued before it when they are alike: twenty renames in a row would read as one.)
private final class StoreSaves {
  private let descriptor: Int32

  init(directory: String) throws {
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0, inotify_add_watch(descriptor, directory, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
      throw TestSupportError("inotify failed: errno \(errno)")
    }
  }

  deinit { close(descriptor) }

  /// The saves since the last call.
  func count() -> Int {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var saves = 0
    while true {
      let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard length > 0 else { return saves }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= length {
        let (mask, nameLength) = buffer.withUnsafeBytes {
          ($0.load(fromByteOffset: offset + 4, as: UInt32.self), Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)))
        }
        let start = offset + MemoryLayout<inotify_event>.size
        let name = buffer[start..<min(start + nameLength, length)].prefix { $0 != 0 }
        if mask & UInt32(IN_MOVED_TO) != 0, String(decoding: name, as: UTF8.self) == "defaults.plist" { saves += 1 }
        offset = start + nameLength
      }
    }
  }
}
