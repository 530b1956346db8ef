import TallyHistory
import TallyModel

extension SQLiteHistory {
  public static func inMemory(entries: [HistoryEntry]) -> SQLiteHistory {
    let history = SQLiteHistory.inMemory()
    history.append(entries)
    return history
  }
}
