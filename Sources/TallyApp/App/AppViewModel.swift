import FoundationEssentials
import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings

/// Keeps the stack of screens and sends each message to the top one.
///
/// A key goes to the top screen, which returns what should happen (``ScreenEffect``); the
/// edits go to the one ``CountersModel`` in one batch, and every effect's result back to that
/// screen as a message. The app reads the history for the screens (docs/architecture.md).
/// The counters model is made when first shown: onboarding never loads the counters.
public final class AppViewModel {
  /// The screens on show, the top one last: it hears the keys.
  public private(set) var screens: [any Screen] = []
  public var screen: any Screen { screens[screens.count - 1] }
  /// The counters, loaded when the counter screen first shows.
  public private(set) lazy var counters: CountersModel = makeCountersModel()
  /// Set once the user has asked to quit; the run loop then ends.
  public private(set) var isQuitting = false
  /// Set when the user quit again right after a quit was refused for unsaved changes.
  public private(set) var quitsWithoutSaving = false
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
    /// The alerts the last keys reached ("cells reached 100"): until the next key.
    case alert
  }

  private var alertWaiting = false

  /// Whether to ring for an alert now; the run loop rings once for a burst of keys.
  public func takeAlert() -> Bool {
    defer { alertWaiting = false }
    return alertWaiting
  }

  private var notices: [NoticeSource: String] = [:]

  /// The status line's message: every source's, in order; `nil` when there is none.
  public var notice: String? {
    notices.isEmpty ? nil : notices.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value).joined(separator: " ")
  }

  /// Shows `text` on the status line as `source`'s message (`nil` takes it away).
  public func show(_ text: String?, from source: NoticeSource) {
    notices[source] = text
  }

  public func receive(_ message: AppMessage) {
    switch message {
    case .key(let key): handle(key)
    case .terminal(let width, let height, let isUnicode):
      screenSize = (width, height)
      unicode = isUnicode
    case .storeChanged:
      guard !isOnboarding else { return }
      // Another process (or machine) may have taken a counter to an alert: shown and rung
      // once, as for a key here.
      let before = counters.list
      counters.reload()
      showAlerts(counters.list.alertsReached(since: before))
    case .settingsChanged(let settings, let problem):
      counterSettings = settings
      tellEveryScreen(.settingsChanged(settings))
      if let problem { show(Settings.keysNotice(problem), from: .settings) }
    case .saveTried:
      guard !isOnboarding else { return }
      tellEveryScreen(.saveTried(storeProblem: counters.saveProblem, historyProblem: eventRecorder.problem))
    case .quitRefused(let problem): refuseQuit(unsaved: problem)
    case .syncStatus(let summary): show(summary, from: .sync)
    case .historyOpen: showsLastChange = readsLastChange
    case .calendar(let calendar): self.calendar = calendar
    }
  }

  public private(set) var screenSize: (width: Int, height: Int) = (80, 24)

  private let settingStore: SettingStorage
  /// The one undo stack of the screens that change counters.
  private let undo = SharedUndo()
  private var counterSettings: CounterScreenSettings
  private let eventRecorder: EventRecorder
  private let makeCountersModel: () -> CountersModel
  private let history: HistoryReader
  /// Where `N` on the counter screen keeps its note; without it, none is kept.
  private let notes: HistoryWriter?
  private let clock: WallClock
  private var calendar: GoalCalendar
  private var historyRead = HistorySnapshot()
  /// Whether the counter screen shows its last change once the history is open.
  private let readsLastChange: Bool
  public private(set) var unicode = true
  private var isOnboarding: Bool { screens.first?.name == .onboarding }

  /// Makes the app over `history` (the one `eventRecorder` records in); `notes` keeps the
  /// notes of `N`; days begin at midnight until the run loop sends its calendar.
  public init(
    settingStore: SettingStorage, eventRecorder: EventRecorder, counterSettings: CounterScreenSettings = CounterScreenSettings(),
    makeCountersModel: @escaping () -> CountersModel, history: HistoryReader, notes: HistoryWriter? = nil,
    clock: WallClock = SystemClock(), calendar: GoalCalendar? = nil, readsLastChange: Bool = false
  ) {
    (self.settingStore, self.eventRecorder, self.counterSettings) = (settingStore, eventRecorder, counterSettings)
    (self.makeCountersModel, self.history, self.notes, self.clock) = (makeCountersModel, history, notes, clock)
    self.calendar = calendar ?? GoalCalendar(clock: clock)
    self.readsLastChange = readsLastChange
    open(settingStore.showOnboarding ? .onboarding : .counter)
  }

  /// Makes the screen `name`: one line a screen.
  private func make(_ name: ScreenName) -> any Screen {
    switch name {
    case .onboarding: OnboardingViewModel(pages: OnboardingPage.pages(for: counterSettings.keyMap))
    case .counter: CounterViewModel(settings: counterSettings, undo: undo)
    case .help: HelpViewModel(over: screen.name, settings: counterSettings)
    case .history:
      HistoryViewModel(
        counter: counters.list.current, now: clock.now(), calendar: calendar, page: settingStore.historyPage,
        keyMap: counterSettings.historyKeyMap)
    case .board: BoardViewModel(keyMap: counterSettings.boardKeyMap, undo: undo)
    case .settings: CounterSettingsViewModel(keyMap: counterSettings.settingsKeyMap, undo: undo)
    }
  }

  /// Shows the screen `name` on top.
  private func open(_ name: ScreenName) {
    historyRead = HistorySnapshot()
    screens.append(make(name))
    eventRecorder.record(.screenShown(name))
  }

  private func close() {
    guard screens.count > 1 else { return }
    screens.removeLast()
    eventRecorder.record(.screenShown(screen.name))
  }

  /// What the screens are given with a message or a frame, with what the top screen asks
  /// of the history read if it was not yet.
  public func context(width: Int? = nil, height: Int? = nil, unicode: Bool? = nil, lastChange: String? = nil) -> ScreenContext {
    var context = ScreenContext(
      counters: isOnboarding ? Self.noCounters : counters.list, width: width ?? screenSize.width,
      height: height ?? screenSize.height, unicode: unicode ?? self.unicode, now: clock.now(), calendar: calendar,
      lastChange: lastChange)
    // The screen an overlay is drawn over reads for both.
    if let request = (drawnScreens.first ?? screen).historyRequest(in: context) {
      // With the changes of this burst of keys, which are still buffered.
      eventRecorder.flush(copyingToFolder: false)
      historyRead.read(request, from: history, calendar: calendar)
      context.history = historyRead
    }
    return context
  }

  private static let noCounters = CounterList(counters: [], currentID: "")

  private func handle(_ key: Key) {
    guard !isQuitting else { return }
    // Only a sync problem stays past a key (its source takes it away when it is over), and
    // an alert past the other keys of its burst, until the frame shows it.
    notices = notices.filter { $0.key == .sync || ($0.key == .alert && alertWaiting) }
    let confirmingQuit = quitWasRefused
    quitWasRefused = false
    defer { if isQuitting && confirmingQuit { quitsWithoutSaving = true } }
    if key == .control("c") {
      isQuitting = true
      return
    }
    // Below the smallest size the screen draws it is not seen: no key reaches it, so none
    // changes a counter (or a mode, a prompt or the undo) unseen. Ctrl-C still quits.
    let minimum = screen.minimumSize(in: context())
    guard screenSize.width >= minimum.width, screenSize.height >= minimum.height else { return }
    tell(screen, .key(key))
  }

  /// Sends `message` to `screen` and carries out what it asks for, the edits in one go.
  private func tell(_ screen: any Screen, _ message: ScreenMessage) {
    let update = screen.receive(message, in: context())
    var edits: [CounterEdit] = []
    for effect in update.effects {
      switch effect {
      case .edit(let edit): edits.append(edit)
      case .open(let name): open(name)
      case .close: close()
      case .endOnboarding(let skipped):
        settingStore.showOnboarding = false
        eventRecorder.record(skipped ? .onboardingSkipped : .onboardingFinished)
        screens.removeAll()
        open(.counter)
      case .keepHistoryPage(let page): if settingStore.historyPage != page { settingStore.historyPage = page }
      case .findLastChange(let id):
        // The changes of this burst of keys are still buffered: written first, so that
        // the last one is the one just made.
        eventRecorder.flush(copyingToFolder: false)
        tell(screen, .lastChangeFound(history.lastChange(ofCounter: id)))
      case .setNote(let note, let change, let purpose):
        tell(screen, .noteSet(notes?.setNote(note, of: change) ?? false, for: purpose))
      case .quit: isQuitting = true
      }
    }
    guard !edits.isEmpty else { return }
    let outcomes = counters.apply(edits)
    showAlerts(counters.alertsReached)
    tell(screen, .edited(outcomes, for: update.purpose))
  }

  /// Shows the alerts `reached` on the status line, and rings for them at the next frame.
  private func showAlerts(_ reached: [ReachedAlert]) {
    guard !reached.isEmpty else { return }
    show(reached.map(\.description).joined(separator: " · "), from: .alert)
    alertWaiting = true
  }

  private func tellEveryScreen(_ message: ScreenMessage) {
    for screen in screens { tell(screen, message) }
  }

  /// How the counter on screen stands toward its goal now, or `nil` when it has none.
  public var goalSummary: GoalSummary? {
    guard !isOnboarding, counters.list.current.goal != nil else { return nil }
    return GoalSummary.of(counters.list.current, history: history, now: clock.now(), calendar: calendar)
  }

  /// Whether the counter screen shows its last change: on after the first frame, which
  /// never waits for the history's database to open.
  public private(set) var showsLastChange = false

  /// What last changed the counter on screen (``LastChangeLine``), with the seconds until
  /// that line's text changes; `nil` off the counter screen.
  public var lastChange: (text: String, changesIn: Double)? {
    guard showsLastChange, drawnScreens.contains(where: { $0.name == .counter }) else { return nil }
    let newest = history.entries(ofCounter: counters.list.current.id, since: nil, until: nil, limit: 1).entries.last
    return newest.map { LastChangeLine.describe($0, now: clock.now(), calendar: calendar) }
  }

  /// Takes back a quit because changes could not be saved; a second quit key quits anyway.
  private func refuseQuit(unsaved problem: StoreError) {
    isQuitting = false
    quitWasRefused = true
    show(
      "Not saved: \(problem). Press q again to quit without saving the last changes, or fix it and keep counting.",
      from: .unsaved)
  }

  /// The screens drawn, bottom first: the top one, and the ones an overlay is drawn over.
  public var drawnScreens: ArraySlice<any Screen> {
    screens[(screens.lastIndex { !$0.isOverlay } ?? 0)...]
  }
}

/// What the app hears from the run loop (``AppViewModel/receive(_:)``).
public enum AppMessage {
  case key(Key)
  /// The terminal's size and whether it shows Unicode, before keys are handled.
  case terminal(width: Int, height: Int, unicode: Bool)
  /// The store changed: another process, or a merge of the sync folder.
  case storeChanged
  /// The user changed the counter screen's settings while the app runs; what could not be used.
  case settingsChanged(CounterScreenSettings, problem: SettingError?)
  /// A save of the store and an append to the history were tried.
  case saveTried
  /// A quit was taken back because the last changes could not be saved.
  case quitRefused(StoreError)
  /// The sync folder's problem now, or `nil` once there is none.
  case syncStatus(String?)
  /// The history is open (after the first frame): the last-change line may be read.
  case historyOpen
  /// Where days begin, at start and when the settings change.
  case calendar(GoalCalendar)
}
