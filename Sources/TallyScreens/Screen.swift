import FoundationEssentials
import TallyDefaults
import TallyModel

/// The contract every screen follows: messages in, effects out, drawn into a canvas
/// (docs/architecture.md, "Where to change what": a new screen).
public protocol Screen: AnyObject {
  /// What a click can hit on this screen.
  associatedtype Target
  /// The screen's name, as `EventRecorder` reports it when it shows.
  var name: ScreenName { get }
  /// Whether the screen is drawn over the one under it, which stays visible around it.
  var isOverlay: Bool { get }
  func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate
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

/// What a screen is given with each message and frame; it reads nothing live.
public struct ScreenContext {
  public var counters: CounterList
  public var width: Int
  public var height: Int
  public var unicode: Bool
  public var now: Date
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

/// What a screen asks for: an edit of the counters, or something the app does.
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
  /// Find the counter's last change, for a note on it (``ScreenMessage/lastChangeFound(_:)``).
  case findLastChange(counterID: String)
  /// Put `note` on a change (`nil` takes it off), for `purpose` (``ScreenMessage/noteSet(_:for:)``).
  case setNote(String?, of: RecordedChange, for: EditPurpose)
  case quit
}

/// The effects a message asks for, and what their edits are for (handed back with their
/// outcome); an array literal is an update of plain changes.
public struct ScreenUpdate: Sendable, Equatable, ExpressibleByArrayLiteral {
  public var effects: [ScreenEffect]
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
