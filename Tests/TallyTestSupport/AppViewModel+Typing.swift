import TallyApp
import TallyModel
import TallyScreens

extension AppViewModel {
  /// Types `text` one scalar at a time, as the terminal delivers it: an emoji sequence
  /// arrives as its scalars.
  public func type(_ text: String) {
    for scalar in text.unicodeScalars { receive(.key(.character(Character(scalar)))) }
  }

  public func press(_ keys: Key...) {
    for key in keys { receive(.key(key)) }
  }

  /// Makes a counter named `name` as a user does: `n`, the name, Enter.
  public func createCounter(named name: String) {
    press(.character("n"))
    type(name)
    press(.enter)
  }

  /// The counter screen, on show or under the history; `nil` during onboarding.
  public var counterScreen: CounterViewModel? { screens.first as? CounterViewModel }

  /// The counter screen's view, as the app draws it.
  public var counterView: CounterView { CounterView(model: counterScreen ?? CounterViewModel(), counters: counters.list) }

  /// Draws the screens on show into `canvas`, as the app does, whatever its size.
  public func render(into canvas: inout Canvas) {
    let context = context(width: canvas.width, height: canvas.height, readingHistory: true)
    for screen in drawnScreens { screen.render(into: &canvas, in: context) }
  }

  /// The counter on screen.
  public var current: Counter { counters.list.current }
  public var count: Int { current.value }
  public var undoStack: UndoStack { counterScreen?.undoStack ?? UndoStack() }
  /// The status line's text, if any.
  public var message: String? { counterScreen?.status?.text }

  public var prompt: Prompt? {
    if case .prompt(let prompt)? = counterScreen?.mode { return prompt }
    return nil
  }

  public var confirmation: Confirmation? {
    if case .confirmation(let confirmation)? = counterScreen?.mode { return confirmation }
    return nil
  }

  /// A mouse event on a screen of `width` x `height`, as the run loop hands it in.
  public func click(_ event: MouseEvent, width: Int = 80, height: Int = 24) {
    receive(.keys([], width: width, height: height, unicode: unicode))
    receive(.key(.mouse(event)))
  }
}

extension Screen {
  /// Sends `key` to the screen, in `context` (80x24, no counters, unless given), and
  /// returns what it asks for.
  @discardableResult
  public func press(_ key: Key, in context: ScreenContext = ScreenContext(counters: .none)) -> [ScreenEffect] {
    receive(.key(key), in: context).effects
  }

  /// Sends `message` to the screen over `counters`, at 80x24.
  @discardableResult
  public func receive(_ message: ScreenMessage, counters: CounterList = .none) -> ScreenUpdate {
    receive(message, in: ScreenContext(counters: counters))
  }
}

extension CounterList {
  /// No counters, for the screens that show none.
  public static let none = CounterList(counters: [], currentID: "")
}
