import FoundationEssentials
import TallyDefaults
import TallyModel

/// What every screen of the app is: it takes a message and returns what should happen, it
/// draws itself, and it says what a click at a cell means.
///
/// `AppViewModel` keeps a stack of screens and sends each message to the top one; what the
/// screen asks for comes back as ``ScreenEffect`` values, and what became of them comes back
/// as a message through the same ``receive(_:in:)``. A screen reads nothing live: the
/// counters, the size, the time and what the app read for it arrive in the ``ScreenContext``;
/// what it shows of the history it asks for as a value (``historyRequest(in:)``), which the
/// app reads when it changes.
public protocol Screen: AnyObject {
  /// What a click can hit on this screen.
  associatedtype Target
  /// The screen's name, as `EventRecorder` reports it when it shows.
  var name: ScreenName { get }
  /// Whether the screen is drawn over the one under it, which stays visible around it.
  var isOverlay: Bool { get }
  /// Takes in a message and returns what should happen.
  func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate
  /// The smallest canvas the screen fits.
  func minimumSize(in context: ScreenContext) -> (width: Int, height: Int)
  func render(into canvas: inout Canvas, in context: ScreenContext)
  /// What a click at `column`, `row` hits, or `nil`.
  func target(column: Int, row: Int, in context: ScreenContext) -> Target?
  /// What the screen shows of the history (``ScreenContext/history``); `nil` for none.
  func historyRequest(in context: ScreenContext) -> HistoryRequest?
}

extension Screen {
  public var isOverlay: Bool { false }
  public func historyRequest(in context: ScreenContext) -> HistoryRequest? { nil }
}

/// What a screen is given with each message: the counters as they are, the terminal, the
/// time and where days begin, and what the app read for it.
public struct ScreenContext {
  public var counters: CounterList
  public var width: Int
  public var height: Int
  /// Whether the terminal shows Unicode.
  public var unicode: Bool
  /// When the message or the frame is.
  public var now: Date
  /// Where days begin: the run loop's, made again when the settings change.
  public var calendar: GoalCalendar
  /// How the current counter stands toward its goal, if it has one (read for a frame).
  public var goal: GoalSummary?
  /// What last changed the current counter and when (``LastChangeLine``), read for a frame.
  public var lastChange: String?
  /// What the app read for the top screen's ``Screen/historyRequest(in:)``.
  public var history = HistorySnapshot()

  public init(
    counters: CounterList, width: Int = 80, height: Int = 24, unicode: Bool = true, now: Date = Date(timeIntervalSince1970: 0),
    calendar: GoalCalendar = GoalCalendar(utcOffset: { _ in 0 }), goal: GoalSummary? = nil, lastChange: String? = nil
  ) {
    (self.counters, self.width, self.height, self.unicode) = (counters, width, height, unicode)
    (self.now, self.calendar, self.goal, self.lastChange) = (now, calendar, goal, lastChange)
  }
}

/// What a screen hears: a key or a click, or what became of an effect it asked for.
public enum ScreenMessage: Sendable {
  case key(Key)
  /// What ``CountersModel`` made of the edits: a change each, or why not.
  case edited([Result<CounterChange?, CounterError>], for: EditPurpose)
  /// Whether the note of a ``ScreenEffect/setNote(_:of:for:)`` is in the history now.
  case noteSet(Bool, for: EditPurpose)
  /// The counter's last change as the history found it (``ScreenEffect/findLastChange(counterID:)``).
  case lastChangeFound(RecordedChange?)
  /// A save of the store and an append to the history were tried, with what went wrong.
  case saveTried(storeProblem: StoreError?, historyProblem: String?)
  /// The user changed the counter screen's settings while the app runs.
  case settingsChanged(CounterScreenSettings)
}

/// What a screen asks for, as a value: an edit of the counters for ``CountersModel``, or
/// something the app does.
public enum ScreenEffect: Sendable, Equatable {
  case edit(CounterEdit)
  /// Show a screen over this one.
  case open(ScreenName)
  /// Close this screen, showing the one under it.
  case close
  /// Onboarding is over: the counter screen takes its place.
  case endOnboarding(skipped: Bool)
  /// Keep the history view last shown, which the next history opens on.
  case keepHistoryPage(HistoryViewModel.Page)
  /// Find the counter's last change in the history, for a note on it
  /// (``ScreenMessage/lastChangeFound(_:)``).
  case findLastChange(counterID: String)
  /// Put `note` on a change in the history (`nil` takes its note off), for `purpose` (a
  /// prompt's answer, or an undo or redo) (``ScreenMessage/noteSet(_:for:)``).
  case setNote(String?, of: RecordedChange, for: EditPurpose)
  case quit
}

/// What a message asks for: the effects to carry out, and what the edits among them are for,
/// which the app hands back with their outcome (``ScreenMessage/edited(_:for:)``).
///
/// An array literal is an update of plain changes: `[.edit(.add(1, to: id))]`.
public struct ScreenUpdate: Sendable, Equatable, ExpressibleByArrayLiteral {
  public var effects: [ScreenEffect]
  /// What the edits among ``effects`` are for.
  public var purpose: EditPurpose

  public init(_ effects: [ScreenEffect], purpose: EditPurpose = .change) {
    self.effects = effects
    self.purpose = purpose
  }

  public init(arrayLiteral effects: ScreenEffect...) {
    self.init(effects)
  }
}

/// What the edits of an update are for: how the screen takes in their outcome.
public enum EditPurpose: Sendable, Equatable {
  /// A change to record for undo.
  case change
  /// The answer to a prompt, which stays open if the change is refused.
  case prompt(Prompt)
  /// An undo or a redo of a change; `summary` names it in the status line.
  case replay(CounterChange, undoing: Bool, summary: String)
}
