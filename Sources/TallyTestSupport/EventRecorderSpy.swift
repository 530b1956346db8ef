import TallyModel

/// An `EventRecorder` that records every event, so a test can assert exactly what an action
/// reported, in order.
public final class EventRecorderSpy: EventRecorder {
  public private(set) var events: [AppEvent] = []

  public init() {}

  public func record(_ event: AppEvent) {
    events.append(event)
  }

  /// Forgets what was recorded so far, to assert only on what follows.
  public func reset() {
    events.removeAll()
  }
}
