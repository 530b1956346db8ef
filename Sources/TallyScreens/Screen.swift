import FoundationEssentials
import TallyDefaults
import TallyLocalization
import TallyModel

/// The contract every screen follows: messages in, effects out, drawn into a canvas.
///
/// docs/architecture.md, "Where to change what", has the recipe for a new screen. Nothing here names a screen:
/// what is one screen's own (its requests, answers, history question) stays in its folder.
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
  /// What the screen shows of the history (answered in ``ScreenContext/history``); `nil` for none.
  func historyQuestion(in context: ScreenContext) -> (any HistoryQuestion)?
  /// Seconds until what the screen shows changes by itself ("2 min ago"), for a redraw; `nil`: never.
  func redrawsIn(_ context: ScreenContext) -> Double?
  /// The lines the help (`?`) lists over this screen: its keys as bound, full or short.
  func keyHelp(short: Bool) -> [KeyHelp]
}

/// A line of the help: keys and what they do.
public struct KeyHelp: Sendable, Equatable {
  public var keys: String
  public var action: String

  /// A line in the user's language: its words are English texts marked where they are written
  /// (a key map's descriptions, `trMarked`); key names, which are not translated, stay.
  public init(keys: String, action: String) {
    self.keys = tr(verbatim: keys)
    self.action = tr(verbatim: action)
  }
}

extension Screen {
  public var isOverlay: Bool { false }
  public func keyHelp(short: Bool) -> [KeyHelp] { [] }
  public func historyQuestion(in context: ScreenContext) -> (any HistoryQuestion)? { nil }
  public func redrawsIn(_ context: ScreenContext) -> Double? { nil }
}

/// What a screen asks of the history, as a value: the app reads the answer when the question
/// changes, never at a frame that asks the same, and hands it in ``ScreenContext/history``.
public protocol HistoryQuestion: Sendable, Equatable {
  associatedtype Answer: Sendable
  /// The answer read from `history`, keeping what `last` (the answer before) read where it holds.
  func answer(from history: HistoryReader, calendar: GoalCalendar, now: Date, last: Answer?) -> Answer
}

extension HistoryQuestion {
  /// Whether `other` is the same question.
  public func isSame(as other: (any HistoryQuestion)?) -> Bool { (other as? Self) == self }

  /// The answer, reusing `last` if it answered a question of this kind.
  public func answer(from history: HistoryReader, calendar: GoalCalendar, now: Date, reusing last: (any Sendable)?)
    -> any Sendable
  {
    answer(from: history, calendar: calendar, now: now, last: last as? Answer)
  }
}

/// What a screen is given with each message and frame; it reads nothing live.
public struct ScreenContext {
  public var counters: CounterList
  public var width: Int
  public var height: Int
  public var unicode: Bool
  public var now: Date
  public var calendar: GoalCalendar
  /// Whether the history is open: after the first frame, which never waits for it.
  public var historyIsOpen: Bool
  /// The answer to the screen's ``Screen/historyQuestion(in:)``, as the app read it.
  public var history: (any Sendable)?

  public init(
    counters: CounterList, width: Int = 80, height: Int = 24, unicode: Bool = true, now: Date = Date(timeIntervalSince1970: 0),
    calendar: GoalCalendar = GoalCalendar(utcOffset: { _ in 0 }), historyIsOpen: Bool = false, history: (any Sendable)? = nil
  ) {
    (self.counters, self.width, self.height, self.unicode) = (counters, width, height, unicode)
    (self.now, self.calendar, self.historyIsOpen, self.history) = (now, calendar, historyIsOpen, history)
  }
}

/// What a screen hears: a key or a click, or what became of an effect it asked for.
public enum ScreenMessage: Sendable {
  case key(Key)
  /// What ``CountersModel`` made of the edits, a change each or why not, for the update's purpose.
  case edited([Result<CounterChange?, CounterError>], for: (any Sendable)?)
  /// The answer to a ``ScreenEffect/ask(_:)``: a value of the asking screen's own.
  case answered(any Sendable)
  /// A save of the store and an append to the history were tried, with what went wrong.
  case saveTried(storeProblem: StoreError?, historyProblem: String?)
  /// The user changed the screens' settings while the app runs.
  case settingsChanged(ScreenSettings)
}

/// What a screen asks for: an edit of the counters, another screen, or a request of its own.
public enum ScreenEffect: Sendable, Equatable {
  case edit(CounterEdit)
  /// Show a screen over this one.
  case open(ScreenName)
  /// Close every screen and show this one alone.
  case openAlone(ScreenName)
  /// Close this screen, showing the one under it.
  case close
  /// Something the app does for the screen beyond the counters; its answer comes back as
  /// ``ScreenMessage/answered(_:)``.
  case ask(ScreenRequest)
  case quit
}

/// What the app does for a screen beyond the counters, with its ``ScreenServices``: a type of
/// the screen's own, in its folder.
public protocol ScreenTask: Sendable, Equatable {
  /// Does it; what it returns, if anything, goes back to the screen.
  func perform(with services: ScreenServices) -> (any Sendable)?
}

/// A ``ScreenTask`` as an effect.
public struct ScreenRequest: Sendable, Equatable {
  public let task: any ScreenTask

  public init(_ task: some ScreenTask) { self.task = task }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.task.isSame(as: rhs.task) }
}

extension ScreenTask {
  /// The effect that asks for it.
  public var asked: ScreenEffect { .ask(ScreenRequest(self)) }

  fileprivate func isSame(as other: any ScreenTask) -> Bool { (other as? Self) == self }
}

/// What the app lends a ``ScreenTask``: the history, the screens' state in the store, the recorder.
public protocol ScreenServices: AnyObject {
  var history: HistoryReader { get }
  /// Where the screens' notes go; `nil` when none is kept.
  var notes: HistoryWriter? { get }
  var state: SettingStorage { get }
  func record(_ event: AppEvent)
  /// Writes the changes of this burst of keys, still buffered, so that a question sees them.
  func writeBufferedChanges()
}

/// The effects a message asks for, and what their edits are for (handed back with their
/// outcome, a value of the screen's own; `nil`: a plain change); an array literal is an
/// update of plain changes.
public struct ScreenUpdate: Sendable, Equatable, ExpressibleByArrayLiteral {
  public var effects: [ScreenEffect]
  public var purpose: (any Sendable & Equatable)?

  public init(_ effects: [ScreenEffect], purpose: (any Sendable & Equatable)? = nil) {
    self.effects = effects
    self.purpose = purpose
  }

  public init(arrayLiteral effects: ScreenEffect...) {
    self.init(effects)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.effects == rhs.effects else { return false }
    guard let purpose = lhs.purpose else { return rhs.purpose == nil }
    return purpose.isSame(as: rhs.purpose)
  }
}

extension Equatable {
  fileprivate func isSame(as other: Any?) -> Bool { (other as? Self) == self }
}
