import TallyModel

/// An `EventRecorder` that keeps every event, in order.
public final class EventRecorderSpy: EventRecorder {
  public private(set) var events: [AppEvent] = []

  public init() {}

  public func record(_ event: AppEvent) {
    events.append(event)
  }

  public func reset() {
    events.removeAll()
  }
}
