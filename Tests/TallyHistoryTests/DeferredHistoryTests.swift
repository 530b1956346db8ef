import Glibc
import TallyPlatform
import TallyTestSupport
import Testing

@testable import TallyHistory

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

  /// A database with one change, written and closed, as a previous session leaves it.
  private func oneChangeWritten() throws {
    let earlier = try SQLiteHistory.open(directory: directory.path)
    earlier.append([change("2026-11-23T10:00:00Z", 0, 1)], copyingToFolder: false)
  }

  /// What a history started ahead did: which opening made its database, and what was
  /// handed over.
  final class Openings {
    var inline = 0
    var adopted = 0
  }

  /// A history whose opening `ahead` starts now, with the history's own opening (which
  /// repairs and waits for locks) and its adoptions counted.
  private func startedAhead(_ ahead: @escaping @Sendable () throws(HistoryError) -> SQLiteHistory) -> (
    DeferredHistory, Openings
  ) {
    let path = directory.path
    let openings = Openings()
    let history = DeferredHistory(
      open: { () throws(HistoryError) in
        openings.inline += 1
        return try SQLiteHistory.open(directory: path)
      },
      ahead: DeferredHistory.Opening(ahead),
      adopt: { _ in openings.adopted += 1 })
    return (history, openings)
  }

  @Test func anOpeningAheadIsTakenByTheFirstQuestion() throws {
    try oneChangeWritten()
    let path = directory.path
    let (history, openings) = startedAhead { () throws(HistoryError) in
      // As the app's does: the frame's questions prepared on the opening's thread.
      let history = try SQLiteHistory.open(directory: path, busyTimeout: 0)
      history.prepareFrameQueries()
      return history
    }
    // Until the first question it is a history not yet opened.
    #expect(!history.isOpen)
    #expect(history.notice == nil)
    #expect(history.allTime(ofCounter: "count") == 1)
    #expect(history.isOpen)
    #expect((openings.inline, openings.adopted) == (0, 1))
    // Questions after the first use the same database, through the statements prepared there.
    #expect(history.entries(ofCounter: "count", since: nil, until: nil, limit: nil).entries.count == 1)
    #expect(history.lastChange(ofCounter: "count")?.entry.new == 1)
    #expect(openings.adopted == 1)
  }

  /// The opening ahead waits for no lock (the settings that say how long are not read when
  /// it starts): one that found the database locked is done again at the first question,
  /// waiting as the settings say.
  @Test func anOpeningAheadThatFoundTheDatabaseLockedIsDoneAgain() throws {
    try oneChangeWritten()
    let path = directory.path
    let (history, openings) = startedAhead { () throws(HistoryError) in throw .locked(path: path) }
    #expect(history.allTime(ofCounter: "count") == 1)
    #expect(history.notice == nil)
    #expect((openings.inline, openings.adopted) == (1, 0))
  }

  /// The opening ahead repairs nothing (the process may end before it is done): a damaged
  /// database is moved aside and made again at the first question, on the caller's thread.
  @Test func aDamagedDatabaseIsRepairedAtTheFirstQuestion() throws {
    let path = directory.path
    try TestFiles.write(
      Array("this is not a database, but it is long enough to have a header".utf8),
      to: directory.appending(SQLiteHistory.fileName))
    let (history, openings) = startedAhead { () throws(HistoryError) in
      try SQLiteHistory.open(directory: path, busyTimeout: 0, repairing: false)
    }
    #expect(history.allTime(ofCounter: "count") == 0)
    #expect((openings.inline, openings.adopted) == (1, 0))
    #expect(history.notice?.contains("was damaged") == true, "\(history.notice ?? "")")
    #expect(FileSystem.names(inDirectory: path).contains { $0.hasPrefix("history.sqlite.damaged-") })
  }

  /// Any other failure of the opening ahead is the history's: told, and not tried again.
  @Test func anOpeningAheadThatFailedIsTheAnswer() throws {
    let path = directory.path
    let (history, openings) = startedAhead { () throws(HistoryError) in throw .full(path: path) }
    #expect(throws: HistoryError.full(path: path)) { try history.opened() }
    #expect(history.notice == HistoryError.full(path: path).description)
    #expect(history.allTime(ofCounter: "count") == 0)
    #expect((openings.inline, openings.adopted) == (0, 0))
  }

  /// The database opened ahead waits for no lock; once handed over it waits as the settings
  /// say: an append while another process holds the write lock for a moment goes through.
  @Test func onceAdoptedAChangeWaitsForTheLockAsTheSettingsSay() throws {
    try oneChangeWritten()
    let path = directory.path
    let history = DeferredHistory(
      open: { () throws(HistoryError) in try SQLiteHistory.open(directory: path) },
      ahead: DeferredHistory.Opening { () throws(HistoryError) in try SQLiteHistory.open(directory: path, busyTimeout: 0) },
      adopt: { $0.waitForLock(upTo: 10) })
    #expect(history.allTime(ofCounter: "count") == 1)
    let holder = try SQLiteHistory.open(directory: path)
    try holder.connection.execute("BEGIN IMMEDIATE")
    // Let go of the lock a moment later, from a thread of its own. The holder is handed to
    // that thread and not touched here again.
    nonisolated(unsafe) let release = holder
    let letGo = WorkAhead { () -> Bool in
      usleep(200_000)
      return (try? release.connection.execute("COMMIT")) != nil
    }
    history.append([change("2026-11-23T11:00:00Z", 1, 2)], copyingToFolder: false)
    #expect(history.appendProblem == nil)
    #expect(letGo.value())
    #expect(history.allTime(ofCounter: "count") == 2)
  }
}
