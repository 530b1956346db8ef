import TallyModel

/// An `Analytics` that records every event, so a test can assert exactly what an action
/// reported, in order.
public final class AnalyticsSpy: Analytics {
  public private(set) var events: [AnalyticsEvent] = []

  public init() {}

  public func track(_ event: AnalyticsEvent) {
    events.append(event)
  }

  /// Forgets what was recorded so far, to assert only on what follows.
  public func reset() {
    events.removeAll()
  }
}
