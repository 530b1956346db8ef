import FoundationEssentials
import TallyDefaults
import TallyLocalization
import TallyModel
import TallyScreens
import TallySettings

/// Keeps the stack of screens and sends each message to the top one.
///
/// A key goes to the top screen, which returns what should happen (``ScreenEffect``); the
/// edits go to the one ``CountersModel`` in one batch, and every effect's result back to that
/// screen as a message. The app reads the history for the screens (docs/architecture.md), and
/// never asks which screen is on show.
public final class AppViewModel {
  /// The screens on show, the top one last: it hears the keys.
  public private(set) var screens: [any Screen] = []
  public var screen: any Screen { screens[screens.count - 1] }
  public let counters: CountersModel
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

  /// Takes in `message` and answers what the run loop does next.
  ///
  /// It is the one call the run loop makes for a message. The frame is computed here, after
  /// the message (the history the screens ask for read if their question changed); drawing
  /// it reads nothing.
  public func take(_ message: AppMessage) -> AppAnswer {
    receive(message)
    let frame = frame()
    defer { alertWaiting = false }
    return AppAnswer(
      frame: frame, alerts: alertWaiting, quits: isQuitting, quitsWithoutSaving: quitsWithoutSaving,
      redrawIn: frame.redrawIn)
  }

  /// The frame as it stands, at the terminal's size unless another is given.
  public func frame(width: Int? = nil, height: Int? = nil, unicode: Bool? = nil) -> AppFrame {
    AppFrame(
      screens: Array(drawnScreens), context: context(width: width, height: height, unicode: unicode, readingHistory: true),
      notice: notice)
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
    case .keys(let keys, let width, let height, let isUnicode):
      (screenSize, unicode) = ((width, height), isUnicode)
      // One store batch for the burst: one durable write.
      if !keys.isEmpty { counters.userDefaults.performBatch { for key in keys where !isQuitting { handle(key) } } }
      eventRecorder.flush(copyingToFolder: false)
      receive(.saveTried)
    case .storeChanged:
      // Another process (or machine) may have taken a counter to an alert: shown and rung
      // once, as for a key here.
      let before = counters.list
      counters.reload()
      showAlerts(counters.list.alertsReached(since: before))
    case .settingsChanged(let settings, let problem):
      parts.settings = settings
      tellEveryScreen(.settingsChanged(settings))
      if let problem { show(Settings.keysNotice(problem), from: .settings) }
    case .saveTried:
      tellEveryScreen(.saveTried(storeProblem: counters.saveProblem, historyProblem: eventRecorder.problem))
    case .quitRefused(let problem): refuseQuit(unsaved: problem)
    case .syncStatus(let summary): show(summary, from: .sync)
    case .historyOpen: historyIsOpen = readsLastChange
    case .calendar(let calendar): self.calendar = calendar
    }
  }

  public private(set) var screenSize: (width: Int, height: Int) = (80, 24)

  /// What the screens share: their settings, the app's state, the one undo.
  private let parts: ScreenParts
  private let eventRecorder: EventRecorder
  public let history: HistoryReader
  /// Where `N` on the counter screen keeps its note; without it, none is kept.
  public let notes: HistoryWriter?
  private let clock: WallClock
  private var calendar: GoalCalendar
  /// The question the screens on show last asked of the history, and its answer.
  private var asked: (question: any HistoryQuestion, answer: any Sendable)?
  /// Whether the screens may read more than the first frame needs once the history is open.
  private let readsLastChange: Bool
  private var historyIsOpen = false
  public private(set) var unicode = true

  /// Makes the app over `counters` and `history` (the one `eventRecorder` records in);
  /// `notes` keeps the notes of `N`; days begin at midnight until the run loop sends its calendar.
  public init(
    settingStore: SettingStorage, eventRecorder: EventRecorder, settings: ScreenSettings = ScreenSettings(),
    counters: CountersModel, history: HistoryReader, notes: HistoryWriter? = nil, clock: WallClock = SystemClock(),
    calendar: GoalCalendar? = nil, readsLastChange: Bool = false, notice: String? = nil
  ) {
    notices[.start] = notice
    parts = ScreenParts(settings: settings, state: settingStore)
    (self.eventRecorder, self.counters, self.history, self.notes, self.clock) = (
      eventRecorder, counters, history, notes, clock
    )
    self.calendar = calendar ?? GoalCalendar(clock: clock)
    self.readsLastChange = readsLastChange
    open(ScreenName.first(in: settingStore))
  }

  /// Shows the screen `name` on top.
  private func open(_ name: ScreenName) {
    screens.append(name.make(over: screens.last, with: parts, in: context()))
    eventRecorder.record(.screenShown(name.rawValue))
  }

  private func close() {
    guard screens.count > 1 else { return }
    screens.removeLast()
    eventRecorder.record(.screenShown(screen.name.rawValue))
  }

  /// What the screens are given with a message or a frame, with the answer to what the
  /// screens drawn ask of the history: for a frame, read if it was not yet; for a message,
  /// the one last drawn (a read between keys would split the burst's history entry).
  public func context(width: Int? = nil, height: Int? = nil, unicode: Bool? = nil, readingHistory: Bool = false) -> ScreenContext
  {
    var context = ScreenContext(
      counters: counters.list, width: width ?? screenSize.width, height: height ?? screenSize.height,
      unicode: unicode ?? self.unicode, now: clock.now(), calendar: calendar, historyIsOpen: historyIsOpen)
    context.history = asked?.answer
    // The screen an overlay is drawn over asks for both.
    guard readingHistory, let question = drawnScreens.first?.historyQuestion(in: context),
      !question.isSame(as: asked?.question)
    else { return context }
    // With the changes of this burst of keys, which are still buffered.
    eventRecorder.flush(copyingToFolder: false)
    let answer = question.answer(from: history, calendar: calendar, now: context.now, reusing: asked?.answer)
    asked = (question, answer)
    context.history = answer
    return context
  }

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
      case .openAlone(let name):
        screens.removeAll()
        open(name)
      case .close: close()
      case .ask(let request):
        let answer = request.task.perform(with: self)
        // What a request did (a note set) may change what the screens show of the history.
        asked = nil
        if let answer { tell(screen, .answered(answer)) }
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

  /// Takes back a quit because changes could not be saved; a second quit key quits anyway.
  private func refuseQuit(unsaved problem: StoreError) {
    isQuitting = false
    quitWasRefused = true
    show(
      tr("Not saved: \(problem). Press q again to quit without saving the last changes, or fix it and keep counting."),
      from: .unsaved)
  }

  /// The screens drawn, bottom first: the top one, and the ones an overlay is drawn over.
  public var drawnScreens: ArraySlice<any Screen> {
    screens[(screens.lastIndex { !$0.isOverlay } ?? 0)...]
  }
}

/// What the app answers the run loop for a message (``AppViewModel/take(_:)``).
public struct AppAnswer {
  /// What to draw.
  public var frame: AppFrame
  /// Whether to ring or flash for the alerts the message reached.
  public var alerts: Bool
  /// Whether the user quit; the run loop then ends.
  public var quits: Bool
  /// Whether the user quit again right after a quit was refused for unsaved changes.
  public var quitsWithoutSaving: Bool
  /// Seconds until the frame changes by itself ("2 min ago"), when to wake; `nil`: never.
  public var redrawIn: Double?
}

/// What the app hears from the run loop (``AppViewModel/take(_:)``).
public enum AppMessage {
  /// A key alone, as a test sends it; the run loop sends a turn's keys as ``keys(_:width:height:unicode:)``.
  case key(Key)
  /// A turn: the terminal's size, then the keys read, in one store batch; then the history
  /// written and what saving found told to the screens.
  case keys([Key], width: Int, height: Int, unicode: Bool)
  /// The store changed: another process, or a merge of the sync folder.
  case storeChanged
  /// The user changed the counter screen's settings while the app runs; what could not be used.
  case settingsChanged(ScreenSettings, problem: SettingError?)
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

extension AppViewModel: ScreenServices {
  public var state: SettingStorage { parts.state }

  public func record(_ event: AppEvent) { eventRecorder.record(event) }

  public func writeBufferedChanges() { eventRecorder.flush(copyingToFolder: false) }
}
