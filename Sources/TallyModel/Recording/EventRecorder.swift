/// Where view models report what happens: ``HistoryRecorder``, or a spy in tests.
public protocol EventRecorder: AnyObject {
  func record(_ event: AppEvent)
  /// Why what was tracked could not be kept, when the last attempt failed; `nil` otherwise.
  var problem: String? { get }
  /// Writes what was tracked and is still buffered, and copies it to the sync folder if asked.
  func flush(copyingToFolder: Bool)
  /// Why no change may be made now: too many wait for a history that cannot be written.
  var refusal: CounterError? { get }
}

extension EventRecorder {
  public var problem: String? { nil }
  public var refusal: CounterError? { nil }
  public func flush(copyingToFolder: Bool) {}
}

/// Something that happened in Tally, typed rather than a string.
public enum AppEvent: Equatable, Sendable {
  /// A screen showed, by its name.
  case screenShown(String)
  /// A value changed by `action` (what the user did: the change's label in the history).
  case counterChanged(id: String, name: String, old: Int, new: Int, action: HistoryEntry.Action)
  case counterCreated(id: String, name: String)
  case counterRenamed(id: String, from: String, to: String)
  case counterDeleted(id: String, name: String, value: Int)
  /// Something of a screen's own, by its name ("onboardingSkipped").
  case screenEvent(String)
}

/// An `EventRecorder` that keeps nothing, for code paths that change nothing.
public final class DiscardingRecorder: EventRecorder {
  public init() {}
  public func record(_ event: AppEvent) {}
}
