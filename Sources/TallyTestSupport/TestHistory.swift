import TallyHistory
import TallyModel

extension SQLiteHistory {
  /// A history in an in-memory database holding `entries`, as written in that order.
  public static func inMemory(entries: [HistoryEntry]) -> SQLiteHistory {
    let history = SQLiteHistory.inMemory()
    history.append(entries)
    return history
  }
}
