import TallyHistory
import TallyTestSupport
import Testing

/// The history opened at its first use, and not made by a question on a new machine.
struct DeferredHistoryTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  private func deferred() -> DeferredHistory {
    let path = directory.path
    return DeferredHistory(
      open: { () throws(HistoryError) in try SQLiteHistory.open(directory: path) },
      mayHoldChanges: { SQLiteHistory.exists(inDirectory: path) })
  }

  @Test func aQuestionOnANewMachineMakesNoDatabase() {
    let history = deferred()
    #expect(history.entries(ofCounter: "count", since: nil, until: nil, limit: 1).entries.isEmpty)
    #expect(history.lastChange(ofCounter: "count") == nil)
    #expect(history.allTime(ofCounter: "count") == 0)
    #expect(!history.isOpen)
    #expect(!SQLiteHistory.exists(inDirectory: directory.path))
  }

  @Test func onceAChangeIsWrittenQuestionsReadIt() {
    let history = deferred()
    history.append([change("2026-11-23T10:00:00Z", 0, 1)])
    #expect(history.entries(ofCounter: "count", since: nil, until: nil, limit: 1).entries.last?.new == 1)
    // Another process, later: the database is there, so it is opened.
    let later = deferred()
    #expect(later.allTime(ofCounter: "count") == 1)
    #expect(later.isOpen)
  }
}
