import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallySync

/// The interactive app's run loop: waits on the terminal, applies keys, saves, draws.
///
/// Each turn waits, applies every pending key inside one store batch (one durable write a
/// burst), and draws one frame. The value on screen is always one the store has saved, or
/// the status line says why not. A failed save is retried every second, and a quit with
/// changes unsaved is refused once. What changed is copied to the sync folder once the keys
/// pause.
public final class AppRunLoop {
  public enum Outcome: Equatable, Sendable {
    /// The user quit with everything saved.
    case quit
    /// The user quit again after a quit was refused: the last changes are not saved, for
    /// this reason when it is known.
    case quitWithoutSaving(StoreError?)
    /// A signal ends the process; the caller restores the terminal and ends as the signal would.
    case terminated(signal: Int32)
  }

  /// Without inotify (its per-user limit reached), a shared store is re-read this often.
  static let rereadInterval = 0.2
  /// A failed save is retried at least this often.
  private static let retryInterval = 1.0
  /// A sync folder that is not there (or cannot be watched) is looked for this often.
  static let folderPollInterval = 2.0
  /// The copies to the sync folder wait for the keys to pause this long, so that a press
  /// does not wait for the last one's copy, and no longer than the longest delay.
  private static let folderCopyDelay = Duration.milliseconds(50)
  private static let folderCopyLongestDelay = Duration.seconds(1)

  private let terminal: any TerminalDriver
  private let store: any SharedStore
  private let replica: HistoryReplica
  private let clock: WallClock
  private let sync: CounterSync?
  private let settings: Settings
  /// Whether the settings are applied again when the store changes, or read at start only.
  private let followsSettings: Bool
  private var shownSyncProblem: String?
  private var folderCopyWaitingSince: ContinuousClock.Instant?
  /// What the app answered last; its frame is drawn at the end of a turn.
  private var answer: AppAnswer?
  /// Whether an answer of this turn reached an alert, rung with the turn's frame.
  private var alerts = false
  /// Where days begin: made again when the settings change (`dayStartsAtHour`).
  private lazy var calendar = settings.calendar(clock: clock)

  /// Makes a run loop on `terminal` over `environment`, which applies the settings anew when
  /// the user changes them if `followsSettings`.
  public init(terminal: any TerminalDriver, environment: Environment, followsSettings: Bool = false) {
    self.terminal = terminal
    store = environment.store
    replica = environment.history
    clock = environment.clock
    sync = environment.sync
    settings = environment.settings
    self.followsSettings = followsSettings
  }

  /// Runs until the user quits or a signal ends the process.
  ///
  /// `makeApp` runs in the batch that draws the first frame, so what it writes (such as
  /// `-skipOnboarding` does) is saved after that frame; so is the merge of the sync folder.
  public func run(startingWith makeApp: () -> AppViewModel) -> Outcome {
    let app = start(makeApp)
    sync?.publish()
    let storeDescriptor = store.changeNotificationDescriptor()
    let reread = store.isShared && storeDescriptor == nil ? Self.rereadInterval : nil

    while answer?.quits != true {
      let retrying = store.hasUnsavedChanges
      let folderDescriptor = sync?.changeDescriptor
      let folderPoll = sync != nil && folderDescriptor == nil ? Self.folderPollInterval : nil
      // The last change's line ("2 min ago") is drawn again when its text changes.
      let timeout = [
        retrying ? Self.retryInterval : nil, reread, folderPoll, secondsUntilNextDay(), folderCopyTimeout(),
        answer?.redrawIn,
      ]
      .compactMap { $0 }.min()
      let woken = terminal.wait(watching: [storeDescriptor, folderDescriptor].compactMap { $0 }, timeout: timeout)
      switch woken {
      case .terminated(let signal):
        copyToFolderIfWaiting()
        return .terminated(signal: signal)
      case .descriptor(let descriptor) where descriptor == folderDescriptor: folderChanged(app)
      case .descriptor: if !store.processChanges().isEmpty { storeChanged(app) }
      case .timeout:
        if !retrying, reread != nil, !store.reload().isEmpty { storeChanged(app) }
        if let sync, folderPoll != nil {
          if [sync.pull(), replica.refresh()].contains(true) { storeChanged(app) }
          showSyncProblem(on: app)
        }
      case .input, .resized: break
      }
      // Retried when the second is up: a failed save's own temporary file wakes the
      // directory's watch, and retrying at that would spin while the disk stays full.
      // The turn's keys tell the screens how it went.
      if retrying, case .timeout = woken {
        store.retrySave()
        storeChanged(app)
      }
      takeKeys(into: app, woken: woken)
    }
    copyToFolderIfWaiting()
    terminal.stop()
    return store.hasUnsavedChanges ? .quitWithoutSaving(store.saveProblem) : .quit
  }

  /// Makes the app and draws its first frame, then merges what the other machines changed
  /// since the last run and draws again, all in the batch that saves it.
  private func start(_ makeApp: () -> AppViewModel) -> AppViewModel {
    store.performBatch {
      let app = makeApp()
      take(.calendar(calendar), app)
      takeKeys([], into: app)
      // The other machines' changes are merged right after the first frame (docs/sync.md).
      let merged = sync?.pull(publishing: false) ?? false
      let indexed = sync != nil && replica.refresh()
      if merged || indexed { storeChanged(app) }
      take(.historyOpen, app)
      if [showSyncProblem(on: app), merged, indexed, answer?.redrawIn != nil].contains(true) { draw() }
      return app
    }
  }

  /// Takes in the other machines' counts and history from the sync folder.
  private func folderChanged(_ app: AppViewModel) {
    if let sync {
      let (changes, countersChanged) = sync.processFolderChanges()
      if [countersChanged, replica.refresh(changes)].contains(true) { storeChanged(app) }
    }
    showSyncProblem(on: app)
  }

  /// Applies the keys waiting, draws, and copies this machine's file to the folder once the
  /// keys pause (a wait that timed out), or after the longest delay.
  private func takeKeys(into app: AppViewModel, woken: TerminalWake) {
    var keys = terminal.readKeys()
    if keys.contains(.control("z")) {
      keys.removeAll { $0 == .control("z") }
      terminal.suspend()
    }
    takeKeys(keys, into: app)
    if !keys.isEmpty, sync != nil, folderCopyWaitingSince == nil { folderCopyWaitingSince = .now }
    if let since = folderCopyWaitingSince, woken == .timeout || since.duration(to: .now) >= Self.folderCopyLongestDelay {
      copyToFolderIfWaiting()
    }
  }

  /// Hands the app a turn's keys, with the terminal's size (a resize arrives among them),
  /// and draws its answer; a quit with changes unsaved is refused once.
  private func takeKeys(_ keys: [Key], into app: AppViewModel) {
    take(.keys(keys, width: terminal.width, height: terminal.height, unicode: terminal.isUnicode), app)
    if let answer, answer.quits, !answer.quitsWithoutSaving, store.hasUnsavedChanges {
      store.retrySave()
      if let problem = store.saveProblem { take(.quitRefused(problem), app) }
    }
    if answer?.quits != true { draw() }
  }

  /// The one call into the app for a message; its answer is drawn at the end of the turn.
  private func take(_ message: AppMessage, _ app: AppViewModel) {
    let answer = app.take(message)
    alerts = alerts || answer.alerts
    self.answer = answer
  }

  /// Copies this machine's state and new history to the sync folder, if a copy waits.
  ///
  /// Called after the frame, once the keys pause; a failed copy is kept in the sync status
  /// and retried, and a process killed before copying copies at its next start.
  private func copyToFolderIfWaiting() {
    guard folderCopyWaitingSince != nil else { return }
    folderCopyWaitingSince = nil
    sync?.publish()
    replica.copyToFolder()
  }

  private func folderCopyTimeout() -> Double? {
    guard let since = folderCopyWaitingSince else { return nil }
    let left = Self.folderCopyLongestDelay - since.duration(to: .now)
    return max(0, min(Self.folderCopyDelay, left) / .seconds(1))
  }

  /// Seconds until the next day begins, when the screen's "today" must be drawn again.
  private func secondsUntilNextDay() -> Double {
    let now = clock.now()
    return max(1, calendar.start(ofDay: calendar.day(of: now) + 1).timeIntervalSince(now))
  }

  /// Tells the app that the store changed, and applies the settings again if they changed.
  private func storeChanged(_ app: AppViewModel) {
    take(.storeChanged, app)
    guard followsSettings, settings.changed() else { return }
    calendar = settings.calendar(clock: clock)
    take(.calendar(calendar), app)
    let counterScreen = settings.counterScreen()
    take(.settingsChanged(counterScreen.settings, problem: counterScreen.problem), app)
    terminal.apply(theme: settings.theme)
  }

  /// Shows a sync problem on the status line while it lasts; returns whether the line changed.
  @discardableResult
  private func showSyncProblem(on app: AppViewModel) -> Bool {
    let summary = sync?.status.summary
    guard summary != shownSyncProblem else { return false }
    shownSyncProblem = summary
    take(.syncStatus(summary), app)
    return true
  }

  /// Draws the last answer's frame, ringing for the alerts of the turn.
  private func draw() {
    guard let answer else { return }
    if alerts, case let style = settings.alertStyle, style != .none { terminal.alert(style) }
    alerts = false
    terminal.draw(answer.frame.render())
  }
}
