import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings

/// Picks the screen and routes each key press to it: onboarding on first launch, then the
/// counter, and a counter's history over it.
///
/// A key goes to the screen on show, which returns what should happen; the edits among that
/// go to the one ``CountersModel`` in one batch, and what became of them back to the screen.
///
/// Its dependencies are injected the two ways of chapter 6 of "iOS Unit Testing by Example":
/// `EventRecorder` by constructor (the composition root chooses the real one; tests pass a spy),
/// and the counters model and the history screen as closures, because they are made later,
/// when shown. So onboarding never loads the counters, and tests hand in any store they like.
public final class AppViewModel {
  /// The screen on show, with its view model.
  public enum Screen {
    case onboarding(OnboardingViewModel)
    case counter(CounterViewModel)
    /// A counter's history, over the counter screen it returns to.
    case history(HistoryViewModel, over: CounterViewModel)
  }

  public private(set) var screen: Screen
  /// The counters, loaded when the counter screen first shows.
  public private(set) lazy var counters: CountersModel = makeCountersModel()
  /// Set once the user has asked to quit; the run loop then ends.
  public private(set) var isQuitting = false
  /// Set when the user quit again right after a quit was refused for unsaved changes.
  public private(set) var quitsWithoutSaving = false
  /// Whether the last quit was refused, so that the next quit key quits anyway.
  private var quitWasRefused = false
  /// Where a message on the status line comes from.
  ///
  /// Each source keeps its own message (a new one replaces only its own), and they show in
  /// this order, so that no part of the app edits another's words.
  public enum NoticeSource: Int, Sendable {
    /// What opening found, such as a damaged store moved aside: until the next key.
    case start
    /// A quit refused because the last changes could not be saved: until the next key.
    case unsaved
    /// The user's settings, such as keys that cannot all be used: until the next key.
    case settings
    /// A sync problem, such as the folder gone or a file skipped: while it lasts.
    case sync
  }

  /// The messages on the status line, by source.
  private var notices: [NoticeSource: String] = [:]

  /// The status line's message: every source's, in order; `nil` when there is none.
  public var notice: String? {
    notices.isEmpty ? nil : notices.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value).joined(separator: " ")
  }

  /// Shows `text` on the status line as `source`'s message, or takes that message away
  /// (`nil`).
  public func show(_ text: String?, from source: NoticeSource) {
    notices[source] = text
  }

  /// Takes in what happened: a key (``handle(_:)``), the terminal, the store, a save, the
  /// settings, the sync folder.
  public func receive(_ message: AppMessage) {
    switch message {
    case .key(let key): handle(key)
    case .terminal(let width, let height, let isUnicode):
      screenSize = (width, height)
      unicode = isUnicode
    case .storeChanged: storeChanged()
    case .settingsChanged(let settings, let problem):
      settingsChanged(settings)
      if let problem { show(Settings.keysNotice(problem), from: .settings) }
    case .saveTried: saveStatusChanged()
    case .quitRefused(let problem): refuseQuit(unsaved: problem)
    case .syncStatus(let summary): show(summary, from: .sync)
    case .historyOpen: showsLastChange = true
    }
  }
  /// The terminal's size, which mouse clicks are matched against (``AppMessage/terminal(width:height:unicode:)``).
  public private(set) var screenSize: (width: Int, height: Int) = (80, 24)

  private let settingStore: SettingStorage
  /// The user's settings for the counter screen: its keys, its questions, its digits.
  private var counterSettings: CounterScreenSettings
  private let eventRecorder: EventRecorder
  private let makeCountersModel: () -> CountersModel
  private let makeHistoryViewModel: (Counter) -> HistoryViewModel
  private let makeGoalSummary: (Counter) -> GoalSummary?
  private let makeLastChange: (Counter) -> (text: String, changesIn: Double)?
  /// The history `N` puts notes in; without one, no change is found to note.
  private let history: HistoryLog?
  /// Whether the terminal shows Unicode, for the mouse targets of views drawn differently
  /// without it (``AppMessage/terminal(width:height:unicode:)``).
  public private(set) var unicode = true

  /// Makes the app's view model; `history` is where `N` on the counter screen finds the
  /// last change and keeps its note (the one `eventRecorder` records changes in, when it does).
  public init(
    settingStore: SettingStorage,
    eventRecorder: EventRecorder,
    counterSettings: CounterScreenSettings = CounterScreenSettings(),
    makeOnboardingViewModel: () -> OnboardingViewModel = { OnboardingViewModel() },
    makeCountersModel: @escaping () -> CountersModel,
    makeHistoryViewModel: @escaping (Counter) -> HistoryViewModel,
    makeGoalSummary: @escaping (Counter) -> GoalSummary? = { _ in nil },
    makeLastChange: @escaping (Counter) -> (text: String, changesIn: Double)? = { _ in nil },
    history: HistoryLog? = nil
  ) {
    self.history = history
    self.settingStore = settingStore
    self.eventRecorder = eventRecorder
    self.counterSettings = counterSettings
    self.makeCountersModel = makeCountersModel
    self.makeHistoryViewModel = makeHistoryViewModel
    self.makeGoalSummary = makeGoalSummary
    self.makeLastChange = makeLastChange
    if settingStore.showOnboarding {
      screen = .onboarding(makeOnboardingViewModel())
      eventRecorder.record(.screenShown(.onboarding))
    } else {
      screen = .counter(CounterViewModel(settings: counterSettings))
      eventRecorder.record(.screenShown(.counter))
    }
  }

  private func handle(_ key: Key) {
    guard !isQuitting else { return }
    // Only a sync problem stays past a key: its source takes it away when it is over.
    notices = notices.filter { $0.key == .sync }
    let confirmingQuit = quitWasRefused
    quitWasRefused = false
    defer { if isQuitting && confirmingQuit { quitsWithoutSaving = true } }
    if key == .control("c") {
      isQuitting = true
      return
    }
    switch screen {
    case .onboarding(let onboarding):
      switch onboarding.handle(key) {
      case .stayed: break
      case .finished: leaveOnboarding(.onboardingFinished)
      case .skipped: leaveOnboarding(.onboardingSkipped)
      case .quit: isQuitting = true
      }
    case .counter(let counter):
      var target: CounterLayout.Target?
      if case .mouse(let event) = key {
        target = CounterView(model: counter, counters: counters.list).target(
          column: event.column, row: event.row, width: screenSize.width, height: screenSize.height)
      }
      var edits: [CounterEdit] = []
      let update = counter.update(key, counters: counters.list, target: target)
      for effect in update.effects {
        switch effect {
        case .edit(let edit): edits.append(edit)
        case .openHistory:
          let history = makeHistoryViewModel(counters.list.current)
          // The view last shown, which `H` opens again (in this run and the next).
          history.page = settingStore.historyPage
          screen = .history(history, over: counter)
          eventRecorder.record(.screenShown(.history))
        case .helpShown: eventRecorder.record(.screenShown(.help))
        case .findLastChange(let id):
          // The changes of this burst of keys are still buffered: written first, so that
          // the last one is the one just made.
          eventRecorder.flush(copyingToFolder: false)
          counter.lastChangeFound(history?.lastChange(ofCounter: id), counters: counters.list)
        case .setNote(let note, let change, let purpose):
          counter.receive(.noteSet(history?.setNote(note, of: change) ?? false, for: purpose))
        case .quit: isQuitting = true
        }
      }
      if !edits.isEmpty { counter.receive(.edited(counters.apply(edits), for: update.purpose)) }
    case .history(let history, let counter):
      var target: HistoryViewModel.Target?
      if case .mouse(let event) = key {
        target = HistoryView(model: history, unicode: unicode).target(
          column: event.column, row: event.row, width: screenSize.width, height: screenSize.height)
      }
      let outcome = history.handle(key, target: target)
      guard outcome == .closed else { return }
      // Kept when the screen closes: one write, not one a Tab.
      if settingStore.historyPage != history.page { settingStore.historyPage = history.page }
      screen = .counter(counter)
      eventRecorder.record(.screenShown(.counter))
    }
  }

  /// How the counter on screen stands toward its goal now, or `nil` when it has none.
  public var goalSummary: GoalSummary? {
    if case .onboarding = screen { return nil }
    return makeGoalSummary(counters.list.current)
  }

  /// Whether the counter screen shows its last change: the run loop turns it on once the
  /// first frame is drawn, so that the first frame never waits for the history's database
  /// to open (or to be made, on a new machine).
  public private(set) var showsLastChange = false

  /// What last changed the counter on screen and when (``LastChangeLine``), with the
  /// seconds until that line's text changes; `nil` when nothing did, or off the counter
  /// screen.
  public var lastChange: (text: String, changesIn: Double)? {
    guard showsLastChange, case .counter = screen else { return nil }
    return makeLastChange(counters.list.current)
  }

  /// Takes back a quit because changes could not be saved: the user is told, and a second
  /// quit key quits without them.
  private func refuseQuit(unsaved problem: StoreError) {
    isQuitting = false
    quitWasRefused = true
    show(
      "Not saved: \(problem). Press q again to quit without saving the last changes, or fix it and keep counting.",
      from: .unsaved)
  }

  /// Tells the screen that the store tried to save, and the history to append: the status
  /// line says whether that worked.
  private func saveStatusChanged() {
    switch screen {
    case .counter(let counter), .history(_, over: let counter):
      counter.saveStatusChanged(storeProblem: counters.saveProblem, historyProblem: eventRecorder.problem)
    case .onboarding: break
    }
  }

  /// Reads the counters again after another process changed the store.
  private func storeChanged() {
    if case .onboarding = screen { return }
    counters.reload()
  }

  /// Uses `settings` on the counter screen from now on, as the user changed them while the
  /// app runs: the next key is read with the new keys, and the next frame shows them.
  private func settingsChanged(_ settings: CounterScreenSettings) {
    counterSettings = settings
    switch screen {
    case .counter(let counter), .history(_, over: let counter): counter.settings = settings
    case .onboarding: break
    }
  }

  private func leaveOnboarding(_ event: AppEvent) {
    settingStore.showOnboarding = false
    eventRecorder.record(event)
    screen = .counter(CounterViewModel(settings: counterSettings))
    eventRecorder.record(.screenShown(.counter))
  }
}

/// What the app hears from the run loop (``AppViewModel/receive(_:)``).
public enum AppMessage {
  /// A key or a mouse event.
  case key(Key)
  /// The terminal's size and whether it shows Unicode, before keys are handled or a frame is
  /// drawn (mouse clicks are matched against the screen at that size).
  case terminal(width: Int, height: Int, unicode: Bool)
  /// The store changed: another process, or a merge of the sync folder.
  case storeChanged
  /// The user changed the settings while the app runs: the counter screen's, and what of
  /// them could not be used.
  case settingsChanged(CounterScreenSettings, problem: SettingError?)
  /// A save of the store and an append to the history were tried: the status line says how
  /// they went.
  case saveTried
  /// A quit was taken back because the last changes could not be saved.
  case quitRefused(StoreError)
  /// The sync folder's problem now, or `nil` once there is none (it stays on the status line
  /// while it lasts).
  case syncStatus(String?)
  /// The history is open (after the first frame): the counter screen's last-change line may
  /// be read from now on.
  case historyOpen
}
