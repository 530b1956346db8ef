/// A change as the history holds it: the entry, and the row it is kept in.
///
/// What ``HistoryReader/lastChange(ofCounter:)`` finds and ``HistoryWriter/setNote(_:of:)`` puts
/// a note on (`N` on the counter screen, and its undo).
public struct RecordedChange: Equatable, Sendable {
  /// The row's number in the history (`change.seq` in the database); with the entry's
  /// counter and time it names the change, so that a row taken by another change since is
  /// never noted.
  public var row: Int64
  public var entry: HistoryEntry

  public init(row: Int64, entry: HistoryEntry) {
    self.row = row
    self.entry = entry
  }
}
