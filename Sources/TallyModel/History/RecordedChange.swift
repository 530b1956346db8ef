/// A change as the history holds it: the entry, and the row it is kept in.
public struct RecordedChange: Equatable, Sendable {
  /// The row's number (`change.seq`); with the entry's counter and time it names the change.
  public var row: Int64
  public var entry: HistoryEntry

  public init(row: Int64, entry: HistoryEntry) {
    self.row = row
    self.entry = entry
  }
}
