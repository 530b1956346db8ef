import TallyModel

/// An import's rows go to the database, opened for them if it was not yet.
extension DeferredHistory: HistoryImportStaging {
  public func stageImport(_ entries: [HistoryEntry], id: String, keepingAside: Bool, interrupted: () -> Bool)
    throws(HistoryImportError) -> [String]
  {
    try database().stageImport(entries, id: id, keepingAside: keepingAside, interrupted: interrupted)
  }

  public func finishImport(id: String) throws(HistoryImportError) {
    try database().finishImport(id: id)
  }

  public func dropStagedImport() {
    try? database().dropStagedImport()
  }

  private func database() throws(HistoryImportError) -> SQLiteHistory {
    do throws(HistoryError) {
      return try opened()
    } catch {
      throw .failed("the history could not be saved: \(error)")
    }
  }
}
