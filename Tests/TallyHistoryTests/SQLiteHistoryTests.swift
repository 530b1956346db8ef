import FoundationEssentials
import Glibc
import TallyModel
import TallyPlatform
import TallyTestSupport
import Testing

@testable import TallyHistory

func change(_ time: String, _ old: Int, _ new: Int, counter: String = "count") -> HistoryEntry {
  HistoryEntry(time: at(time), event: .changed, counter: counter, name: "Count", old: old, new: new, source: .command)
}

struct SQLiteHistoryTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func changesReadBackOldestFirstAndOutliveTheProcess() throws {
    let history = try SQLiteHistory.open(directory: directory.path)
    history.append([change("2026-11-23T10:00:00Z", 0, 1)])
    history.append([change("2026-11-23T10:00:01Z", 1, 2), change("2026-11-20T09:00:00Z", 5, 6)])
    #expect(history.appendProblem == nil)
    let reopened = try SQLiteHistory.open(directory: directory.path)
    #expect(reopened.read().entries.map(\.new) == [6, 1, 2])
    #expect(reopened.allTime(ofCounter: "count") == 3)
    #expect(reopened.notices.isEmpty)
  }

  /// The all-time total is exact at the ends of the range: a change of nearly 2^64 (a set
  /// from `-Int.max` to `Int.max`) and a running sum past `Int64` do not turn it into a
  /// rounded real, as one SQL sum did (found by `CountingModelProcessTests`).
  @Test func theAllTimeTotalIsExactAtTheEndsOfTheRange() throws {
    let history = try SQLiteHistory.open(directory: directory.path)
    history.append([change("2026-11-23T10:00:00Z", 0, -Int.max), change("2026-11-23T10:00:01Z", -Int.max, -Int.max + 1)])
    #expect(history.allTime(ofCounter: "count") == -Int.max + 1)
    history.append([change("2026-11-23T10:00:02Z", -Int.max + 1, Int.max), change("2026-11-23T10:00:03Z", Int.max, 7)])
    #expect(history.allTime(ofCounter: "count") == 7)
    history.append([change("2026-11-23T10:00:04Z", 7, -Int.max)])
    let reopened = try SQLiteHistory.open(directory: directory.path)
    #expect(reopened.allTime(ofCounter: "count") == -Int.max)
    #expect(HistoryEntry.total(reopened.read().entries) == -Int.max)
    // Rows taken out (an import that replaces them) take their share out exactly.
    try reopened.connection.run("DELETE FROM change WHERE new = 7")
    #expect(reopened.allTime(ofCounter: "count") == -7)
  }

  @Test func nothingIsEverRotatedAway() throws {
    // The old log kept about 7,000 lines; the database keeps every one.
    let history = try SQLiteHistory.open(directory: directory.path)
    let start = at("2025-01-01T00:00:00Z")
    let entries = (0..<20_000).map { index in
      HistoryEntry(
        time: start.addingTimeInterval(Double(index) * 600), event: .changed, counter: "count", name: "Count", old: index,
        new: index + 1, source: .app)
    }
    history.append(entries)
    history.append([change("2026-11-23T10:00:00Z", 20_000, 20_001)])
    let reopened = try SQLiteHistory.open(directory: directory.path)
    #expect(reopened.read().entries.count == 20_001)
    #expect(reopened.allTime(ofCounter: "count") == 20_001)
    #expect(reopened.entries(ofCounter: "count", since: nil, until: nil, limit: 1).entries.map(\.new) == [20_001])
  }

  /// Every `tally inc` opens the database, appends and closes it: the write-ahead log must
  /// not grow with the number of commands (each would then read it whole on opening).
  @Test func theWriteAheadLogDoesNotGrowWithEveryProcess() throws {
    for index in 0..<300 {
      let history = try SQLiteHistory.open(directory: directory.path)
      history.append([change("2026-11-23T10:00:00Z", index, index + 1)])
    }
    var info = stat()
    let wal = stat(directory.appending(SQLiteHistory.fileName + "-wal"), &info) == 0 ? Int(info.st_size) : 0
    #expect(wal < 1 << 20, "the log is \(wal) bytes after 300 processes")
    #expect(try SQLiteHistory.open(directory: directory.path).read().entries.count == 300)
  }

  /// A command leaves a small log for the next one to fold; the app, which quits seldom and
  /// starts where speed shows, folds all of it: its next start reads no log.
  @Test func theAppFoldsTheWholeLogWhenItCloses() throws {
    func logSize() -> Int {
      var info = stat()
      return stat(directory.appending(SQLiteHistory.fileName + "-wal"), &info) == 0 ? Int(info.st_size) : 0
    }
    do {
      let command = try SQLiteHistory.open(directory: directory.path)
      command.append([change("2026-11-23T10:00:00Z", 0, 1)])
    }
    #expect(logSize() > 0, "a command's close folds only a log past the limit")
    do {
      let app = try SQLiteHistory.open(directory: directory.path, logFoldedAbove: 0)
      app.append([change("2026-11-23T10:01:00Z", 1, 2)])
    }
    #expect(logSize() == 0)
    #expect(try SQLiteHistory.open(directory: directory.path).read().entries.map(\.new) == [1, 2])
  }

  @Test func theDatabaseIsReadableByItsOwnerOnly() throws {
    let history = try SQLiteHistory.open(directory: directory.path)
    history.append([change("2026-11-23T10:00:00Z", 0, 1)])
    var info = stat()
    #expect(stat(directory.appending(SQLiteHistory.fileName), &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
  }

  @Test func theOldLogIsImportedWholeOnceAndKeptAside() throws {
    let rotated = [change("2026-10-01T10:00:00Z", 0, 1), change("2026-10-02T10:00:00Z", 1, 2)]
    let current = [change("2026-11-01T10:00:00Z", 2, 5)]
    try TestFiles.write(Array(rotated.map { $0.jsonLine + "\n" }.joined().utf8), to: directory.appending("history.jsonl.1"))
    try TestFiles.write(Array((current[0].jsonLine + "\n{damaged\n").utf8), to: directory.appending("history.jsonl"))

    let history = try SQLiteHistory.open(directory: directory.path)
    #expect(history.read().entries == rotated + current)
    #expect(history.notices.count == 1)
    #expect(history.notices.first?.contains("3 changes, 1 damaged lines skipped") == true, "\(history.notices)")
    #expect(!FileSystem.fileExists(atPath: directory.appending("history.jsonl")))
    let kept = FileSystem.names(inDirectory: directory.path).filter { $0.contains(".imported-") }
    #expect(kept.count == 2, "both old files kept aside: \(kept)")

    // An old Tally writes the log again: the database is not fed twice.
    try TestFiles.write(Array((current[0].jsonLine + "\n").utf8), to: directory.appending("history.jsonl"))
    let again = try SQLiteHistory.open(directory: directory.path)
    #expect(again.read().entries.count == 3)
    #expect(again.notices.isEmpty)
  }

  @Test func aDatabaseThatIsNotOneIsMovedAsideAndANewOneMade() throws {
    let path = directory.appending(SQLiteHistory.fileName)
    try TestFiles.write(Array("this is not a database, but it is long enough to have a header".utf8), to: path)
    let history = try SQLiteHistory.open(directory: directory.path)
    #expect(history.notices.first?.contains("was damaged") == true, "\(history.notices)")
    #expect(history.notices.first?.contains("0 changes came back") == true, "\(history.notices)")
    let aside = FileSystem.names(inDirectory: directory.path).filter { $0.hasPrefix("history.sqlite.damaged-") }
    #expect(aside.count == 1)
    #expect(
      TestFiles.read(directory.appending(aside[0])).map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("this is not") == true)
    history.append([change("2026-11-23T10:00:00Z", 0, 1)])
    #expect(history.appendProblem == nil)
    #expect(try SQLiteHistory.open(directory: directory.path).read().entries.count == 1)
  }

  @Test func aSchemaFromALaterTallyIsRefusedAndLeftAlone() throws {
    let history = try SQLiteHistory.open(directory: directory.path)
    history.append([change("2026-11-23T10:00:00Z", 0, 1)])
    try history.connection.execute("PRAGMA user_version = 99")
    #expect(throws: HistoryError.futureFormat(path: directory.appending(SQLiteHistory.fileName), version: 99)) {
      try SQLiteHistory.open(directory: directory.path)
    }
    #expect(try history.connection.integer("SELECT count(*) FROM change") == 1)
  }

  @Test func aLockedDatabaseIsReportedNotWaitedOnForever() throws {
    let holder = try SQLiteHistory.open(directory: directory.path)
    let other = try SQLiteHistory.open(directory: directory.path, busyTimeout: 0.2)
    try holder.connection.execute("BEGIN IMMEDIATE")
    other.append([change("2026-11-23T10:00:00Z", 0, 1)])
    #expect(other.appendProblem?.contains("locked by another process") == true, "\(other.appendProblem ?? "")")
    try holder.connection.execute("COMMIT")
    other.append([change("2026-11-23T10:00:00Z", 0, 1)])
    #expect(other.appendProblem == nil)
  }

  /// A FIFO, a directory or a link to nothing at the database's name, or at its `-wal` or
  /// `-shm`, is refused before anything opens it (SQLite would wait on a FIFO for ever), and
  /// left where it is: not moved aside as damaged, not removed.
  @Test(arguments: ["history.sqlite", "history.sqlite-wal", "history.sqlite-shm"])
  func aFIFOAtTheDatabaseOrItsLogIsRefusedAndLeftAlone(name: String) throws {
    if name != SQLiteHistory.fileName {
      // A database with its -wal and -shm, closed (released) before one of them is replaced.
      try SQLiteHistory.open(directory: directory.path).append([change("2026-11-23T10:00:00Z", 0, 1)])
      TestFiles.remove(directory.appending(name))
    }
    let fifo = directory.appending(name)
    try TestFiles.makeFIFO(fifo)
    #expect(throws: HistoryError.readOnly(path: fifo, reason: "not a regular file; it is left alone")) {
      try SQLiteHistory.open(directory: directory.path)
    }
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(!FileSystem.names(inDirectory: directory.path).contains { $0.contains(".damaged-") })
  }

  @Test func aDirectoryOrALinkToNothingAtTheDatabaseIsRefused() throws {
    let path = directory.appending(SQLiteHistory.fileName)
    try TestFiles.makeDirectory(path)
    #expect(throws: HistoryError.readOnly(path: path, reason: "Is a directory; it is left alone")) {
      try SQLiteHistory.open(directory: directory.path)
    }
    rmdir(path)
    let elsewhere = directory.appending("elsewhere.sqlite")
    try TestFiles.link(path, to: elsewhere)
    #expect(throws: HistoryError.readOnly(path: path, reason: "not a regular file; it is left alone")) {
      try SQLiteHistory.open(directory: directory.path)
    }
    #expect(!FileSystem.fileExists(atPath: elsewhere), "no database is made where a dangling link points")
  }

  /// A link to a database is read through, as the store reads a link to its file.
  @Test func aLinkToADatabaseIsReadThrough() throws {
    let elsewhere = try TemporaryDirectory()
    try SQLiteHistory.open(directory: elsewhere.path).append([change("2026-11-23T10:00:00Z", 0, 1)])
    try TestFiles.link(directory.appending(SQLiteHistory.fileName), to: elsewhere.appending(SQLiteHistory.fileName))
    #expect(try SQLiteHistory.open(directory: directory.path).read().entries.map(\.new) == [1])
  }

  @Test func twoProcessesAppendingAtOnceLoseNothing() throws {
    let first = try SQLiteHistory.open(directory: directory.path)
    let second = try SQLiteHistory.open(directory: directory.path)
    for index in 0..<50 {
      first.append([change("2026-11-23T10:00:00Z", 2 * index, 2 * index + 1)])
      second.append([change("2026-11-23T10:00:00Z", 2 * index + 1, 2 * index + 2)])
    }
    #expect(first.read().entries.count == 100)
    #expect(second.allTime(ofCounter: "count") == 100)
    let utc = GoalCalendar(utcOffset: { _ in 0 }, zone: "UTC")
    #expect(first.totals(ofCounter: "count", per: .day, calendar: utc, from: nil).values.map(\.net) == [100])
  }

  @Test func oneCountersChangesByTimeWithALimit() {
    let history = SQLiteHistory.inMemory(entries: [
      change("2026-11-20T10:00:00Z", 0, 1), change("2026-11-21T10:00:00Z", 1, 2),
      change("2026-11-22T10:00:00Z", 0, 9, counter: "count-2"), change("2026-11-23T10:00:00Z", 2, 3),
      change("2026-11-19T10:00:00Z", 5, 0),
    ])
    func news(since: String?, until: String?, limit: Int?) -> [Int?] {
      history.entries(ofCounter: "count", since: since.map(at), until: until.map(at), limit: limit).entries.map(\.new)
    }
    #expect(news(since: nil, until: nil, limit: nil) == [0, 1, 2, 3])
    #expect(news(since: nil, until: nil, limit: 2) == [2, 3])
    #expect(news(since: "2026-11-20T10:00:00Z", until: "2026-11-23T10:00:00Z", limit: nil) == [1, 2])
    #expect(news(since: nil, until: "2026-11-22T00:00:00Z", limit: 1) == [2])
    #expect(news(since: nil, until: nil, limit: 0) == [])
  }

  @Test func oneCountersChangesNewestFirstAPageAtATimeAndHowManyItHas() throws {
    let history = SQLiteHistory.inMemory(entries: [
      change("2026-11-20T10:00:00Z", 0, 1), change("2026-11-21T10:00:00Z", 1, 2),
      change("2026-11-22T10:00:00Z", 0, 9, counter: "count-2"), change("2026-11-23T10:00:00Z", 2, 3),
      change("2026-11-19T10:00:00Z", 5, 0),
    ])
    func page(skipping: Int, limit: Int) -> [Int?] {
      history.entries(ofCounter: "count", newestFirstSkipping: skipping, limit: limit).entries.map(\.new)
    }
    #expect(page(skipping: 0, limit: 3) == [3, 2, 1])
    #expect(page(skipping: 3, limit: 3) == [0])
    #expect(page(skipping: 4, limit: 3) == [])
    #expect(history.entryCount(ofCounter: "count") == 4)
    #expect(history.entryCount(ofCounter: "count-2") == 1)
    #expect(history.entryCount(ofCounter: "none") == 0)
    // The count follows renames and deletions of rows.
    history.renameCounters(["count-2": "count"])
    #expect(history.entryCount(ofCounter: "count") == 5)
    #expect(history.entryCount(ofCounter: "count-2") == 0)
    try history.connection.execute("DELETE FROM change WHERE new = 0")
    #expect(history.entryCount(ofCounter: "count") == 4)
    #expect(history.entryCount(ofCounter: "count") == history.read().entries.count)
  }

  @Test func renamedCountersTakeTheirHistoryAndTotalsAlong() {
    let history = SQLiteHistory.inMemory(entries: [change("2026-11-23T10:00:00Z", 0, 4, counter: "count-2")])
    let utc = GoalCalendar(utcOffset: { _ in 0 }, zone: "UTC")
    #expect(history.totals(ofCounter: "count-2", per: .day, calendar: utc, from: nil).count == 1)
    history.renameCounters(["count-2": "c-0123456789abcdef"])
    #expect(history.allTime(ofCounter: "c-0123456789abcdef") == 4)
    #expect(history.allTime(ofCounter: "count-2") == 0)
    #expect(history.totals(ofCounter: "c-0123456789abcdef", per: .day, calendar: utc, from: nil).values.map(\.net) == [4])
    #expect(history.totals(ofCounter: "count-2", per: .day, calendar: utc, from: nil).isEmpty)
  }

  @Test func replacingKeepsACopyTheSQLiteShellCanRead() throws {
    let history = try SQLiteHistory.open(directory: directory.path)
    history.append([change("2026-11-23T10:00:00Z", 0, 4)])
    let kept = try history.keepAsideAndClear()
    #expect(history.read().entries.isEmpty)
    #expect(history.allTime(ofCounter: "count") == 0)
    let copy = try SQLiteConnection(path: try #require(kept.first), create: false)
    #expect(try copy.integer("SELECT count(*) FROM change") == 1)
  }

  /// Streaks once found are kept, and each day's change keeps them true (a frame then reads
  /// one row for them): a run grows, a gap starts a new one, a reset that undoes a met day
  /// makes them be found again.
  @Test func keptStreaksFollowEveryChange() {
    let history = SQLiteHistory.inMemory()
    let utc = GoalCalendar(utcOffset: { _ in 0 }, zone: "UTC")
    let first = utc.day(of: at("2026-11-01T10:00:00Z"))
    func streaks(on day: Int) -> [Int] {
      let found = history.streaks(ofCounter: "count", per: .day, calendar: utc, reaching: 1, current: first + day - 1)
      let defined = GoalSummary.streaks(
        in: PeriodTotal.byPeriod(history.read().entries, per: .day, calendar: utc), reaching: 1, current: first + day - 1)
      #expect(found == defined, "day \(day)")
      return [found.current, found.best]
    }
    history.append([change("2026-11-01T10:00:00Z", 0, 1)])
    #expect(streaks(on: 1) == [1, 1])
    for day in 2...5 {
      history.append([change("2026-11-0\(day)T10:00:00Z", day - 1, day)])
      #expect(streaks(on: day) == [day, day])
    }
    history.append([change("2026-11-08T10:00:00Z", 5, 6)])
    #expect(streaks(on: 8) == [1, 5])
    history.append([change("2026-11-09T10:00:00Z", 6, 7), change("2026-11-10T10:00:00Z", 7, 8)])
    #expect(streaks(on: 10) == [3, 5])
    // A reset on the 10th takes back what the day counted: the 10th is no longer met.
    history.append([change("2026-11-10T11:00:00Z", 8, 0)])
    #expect(streaks(on: 10) == [2, 5])
    #expect(streaks(on: 11) == [0, 5])
  }

  /// The 02:20 case: with days starting at 04:00, +3 at 23:00 and +2 at 01:00 both belong
  /// to the day that began at 04:00 yesterday, and `stats`' today and the goal's agree.
  @Test func statsAndTheGoalUseOneCalendar() throws {
    let history = SQLiteHistory.inMemory(entries: [
      change("2026-11-22T23:00:00Z", 0, 3), change("2026-11-23T01:00:00Z", 3, 5),
    ])
    let calendar = GoalCalendar(utcOffset: { _ in 0 }, dayStartsAtHour: 4, zone: "UTC")
    let now = at("2026-11-23T02:20:00Z")
    let summary = HistorySummary(history: history, counter: "count", now: now, calendar: calendar)
    let goal = try #require(
      GoalSummary.of(
        Counter(id: "count", name: "Count", value: 5, goal: Goal(amount: 8, period: .day)), history: history, now: now,
        calendar: calendar))
    #expect(summary.today == 5)
    #expect(goal.progress == summary.today)
    #expect(goal.progressText == "5 of 8 today")
  }
}
