import TallyModel

/// A page of the Changes view.
public struct ChangesPage: Equatable, Sendable {
  /// Newest first.
  public var entries: [HistoryEntry]
  /// How many newer changes come before the page.
  public var skipped: Int
  /// How many the counter has in all.
  public var count: Int
}
