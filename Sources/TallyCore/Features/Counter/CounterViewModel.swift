/// The counter screen's state and actions: the book's counter view controller, without UIKit.
///
/// It loads `"count"` from the injected store when made (the book's `viewDidLoad`), and each
/// increment writes the new value through the store before the screen shows it. The
/// increment is a read-modify-write (`TypedDefaults.update`), so a second `tally` on the
/// same store never loses an increment; and the count is observed, so a value another
/// process saves shows up without a key press.
public final class CounterViewModel {
  /// What the counter screen can do; keys map to these through ``keyBindings``.
  public enum Action: Sendable, Hashable {
    case increment
    case quit
  }

  /// Every key of the counter screen. Adding an action means adding a binding here and a
  /// case to ``perform(_:)``; nothing else changes.
  public static let keyMap = KeyMap<Action>([
    .init([.space, .character("+"), .up, .character("k")], .increment, label: "Space/+/Up/k", summary: "add one"),
    .init([.character("q"), .control("c")], .quit, label: "q", summary: "quit"),
  ])

  /// The value on screen: the last value read from or written to the store.
  public private(set) var count: Int
  /// A one-line message for the status line, such as a save that failed.
  public private(set) var message: String?

  private let userDefaults: UserDefaultsProtocol
  private var observation: DefaultsObservation?

  public init(userDefaults: UserDefaultsProtocol) {
    self.userDefaults = userDefaults
    count = userDefaults.x.object(Int.self, forKey: .count) ?? 0
    observation = userDefaults.x.observe(Int.self, forKey: .count) { [weak self] change in
      self?.count = change.value ?? 0
    }
  }

  /// The count as plain decimal text, like the book's `counterLabel.text`.
  public var countText: String { String(count) }

  /// Runs the action bound to `key`; returns the action, or `nil` if the key means nothing here.
  @discardableResult
  public func handle(_ key: Key) -> Action? {
    guard let action = Self.keyMap.action(for: key) else { return nil }
    perform(action)
    return action
  }

  public func perform(_ action: Action) {
    switch action {
    case .increment: increment()
    case .quit: break
    }
  }

  /// Adds one, saving the new value before it is shown. At `Int.max` the value stays.
  public func increment() {
    increment(by: 1)
  }

  /// Adds `step` (which may be negative), saving the new value before it is shown. A step
  /// past `Int.max` or `Int.min` leaves the value unchanged and says so.
  public func increment(by step: Int) {
    var reachedLimit = false
    let stored = userDefaults.x.update(Int.self, forKey: .count) { current in
      let value = current ?? 0
      let (sum, overflow) = value.addingReportingOverflow(step)
      reachedLimit = overflow
      return overflow ? value : sum
    }
    count = stored ?? 0
    if reachedLimit {
      let limit = step > 0 ? "largest" : "smallest"
      message = "The count is at its \(limit) value (\(count)); it stays there."
    } else if let problem = userDefaults.saveProblem {
      message = "Not saved: \(problem)"
    } else {
      message = nil
    }
  }

  /// Whether the last change reached the store; `false` after a failed save.
  public var isSaved: Bool { userDefaults.saveProblem == nil }
}
