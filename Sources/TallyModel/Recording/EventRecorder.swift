/// Where view models report what happens, injected: the composition root passes the real one
/// (`HistoryRecorder`) to the app's view model and to the counters model; tests pass an
/// `EventRecorderSpy` and assert the exact events.
public protocol EventRecorder: AnyObject {
  func record(_ event: AppEvent)
  /// Why what was tracked could not be kept, when the last attempt failed; `nil` otherwise.
  var problem: String? { get }
  /// Writes what was tracked and is still buffered, before someone reads it back (the
  /// history's last change, for a note); with sync on, copies it to the folder too unless
  /// `copyingToFolder` is false.
  func flush(copyingToFolder: Bool)
  /// Why no change may be made now, when none may: too many changes wait for a history that
  /// cannot be written.
  var refusal: CounterError? { get }
}

extension EventRecorder {
  public var problem: String? { nil }
  public var refusal: CounterError? { nil }
  /// Nothing is buffered.
  public func flush(copyingToFolder: Bool) {}
}

/// Something that happened in Tally, typed rather than a string.
public enum AppEvent: Equatable, Sendable {
  /// A screen came into view.
  case screenShown(ScreenName)
  /// A counter's value changed.
  case counterChanged(id: String, name: String, old: Int, new: Int)
  case counterCreated(id: String, name: String)
  case counterRenamed(id: String, from: String, to: String)
  case counterDeleted(id: String, name: String, value: Int)
  case onboardingFinished
  case onboardingSkipped
}

/// The screens of the interactive app.
public enum ScreenName: String, Sendable, Equatable {
  case onboarding
  case counter
  case help
  case history
  case board
}

/// An `EventRecorder` that keeps nothing, for code paths that change nothing, such as shell
/// completion reading the counters' names.
public final class DiscardingRecorder: EventRecorder {
  public init() {}
  public func record(_ event: AppEvent) {}
}
