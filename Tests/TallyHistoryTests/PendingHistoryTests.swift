import FoundationEssentials
import Glibc
import TallyDefaults
import TallyModel
import TallyPlatform
import TallyTestSupport
import Testing

@testable import TallyHistory

/// One commit point for a change: its row is saved in the store with the value, and the
/// history holds it once, whatever stops between the two writes.
struct PendingHistoryTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// How a process reaches the history database.
  enum Reach {
    /// It opens and writes it.
    case opens
    /// It never gets to write it: killed between the store's write and the history's, or
    /// the database cannot be opened.
    case never
  }

  /// A `tally` process over the data directory, as a command opens it.
  final class Process {
    let store: FileUserDefaults
    let history: DeferredHistory
    let recorder: HistoryRecorder
    let model: CountersModel

    init(directory: String, reach: Reach = .opens, capacity: Int = PendingHistory.limit) throws {
      store = try FileUserDefaults(directory: directory, lockTimeout: { _ in 1 })
      let pending = PendingHistory(store: store, capacity: capacity)
      history = DeferredHistory(
        open: { () throws(HistoryError) in
          guard reach == .opens else { throw .locked(path: directory) }
          return try SQLiteHistory.open(directory: directory, busyTimeout: 0.2)
        },
        pending: pending)
      recorder = HistoryRecorder(log: history, clock: SystemClock(), source: .command)
      model = CountersModel(userDefaults: store, eventRecorder: recorder)
    }

    /// Changes the first counter by `delta`, as `tally inc` does; the value after.
    @discardableResult
    func add(_ delta: Int) throws -> Int {
      if history.pending?.unheld.isEmpty == false { _ = try? history.opened() }
      try model.perform(.add(delta, to: "count"))
      recorder.flush()
      return model.list.current.value
    }

    var value: Int { model.list.current.value }
  }

  private func rowCount() throws -> Int {
    let history = try SQLiteHistory.open(directory: directory.path)
    return history.read().entries.count
  }

  @Test func aRowLeftInTheStoreIsAppendedByTheNextProcess() throws {
    let killed = try Process(directory: directory.path, reach: .never)
    try killed.add(3)
    try killed.add(4)
    #expect(killed.history.pending?.unheld.count == 2)

    let next = try Process(directory: directory.path)
    #expect(next.history.allTime(ofCounter: "count") == 7)
    #expect(next.history.entries(ofCounter: "count", since: nil, until: nil, limit: nil).entries.map(\.new) == [3, 7])
    try next.add(1)
    #expect(try rowCount() == 3)
    // The rows the history holds leave the store with the next write: one waits, the last.
    #expect(next.history.pending?.rows.map(\.entry.new) == [8])
  }

  @Test func aRowIsAppendedOnceHoweverManyProcessesAppendIt() throws {
    let first = try Process(directory: directory.path)
    try first.add(2)
    // Two processes that both find the last row waiting in the store.
    let second = try Process(directory: directory.path)
    let third = try Process(directory: directory.path)
    #expect(second.history.allTime(ofCounter: "count") == 2)
    #expect(third.history.allTime(ofCounter: "count") == 2)
    try second.add(1)
    try third.add(1)
    #expect(try rowCount() == 3)
    #expect(try Process(directory: directory.path).history.allTime(ofCounter: "count") == 4)
  }

  @Test func whileTheHistoryIsLockedItsAnswersCountTheWaitingRows() throws {
    try Process(directory: directory.path).add(5)
    let holder = try SQLiteConnection(path: StoreLocation.join(directory.path, SQLiteHistory.fileName), create: false)
    try holder.execute("BEGIN IMMEDIATE")
    try holder.execute("INSERT INTO setting (key, value) VALUES ('held', 1)")

    let during = try Process(directory: directory.path)
    try during.add(2)
    try during.add(-1)
    #expect(during.history.appendProblem?.contains("locked") == true)
    #expect(during.value == 6)
    #expect(during.history.allTime(ofCounter: "count") == 6)
    #expect(during.history.entryCount(ofCounter: "count") == 3)
    let today = GoalCalendar(utcOffset: { _ in 0 }, zone: "UTC")
    let days = during.history.totals(ofCounter: "count", per: .day, calendar: today, from: nil)
    #expect(days.values.reduce(0) { $0 + $1.net } == 6)
    #expect(
      during.history.entries(ofCounter: "count", newestFirstSkipping: 0, limit: 2).entries.map(\.new) == [6, 7])

    try holder.execute("ROLLBACK")
    let after = try Process(directory: directory.path)
    #expect(after.history.allTime(ofCounter: "count") == 6)
    #expect(try rowCount() == 3)
  }

  @Test func tooManyWaitingRowsRefuseTheNextChangeAndLoseNone() throws {
    let process = try Process(directory: directory.path, reach: .never, capacity: 3)
    for _ in 0..<3 { try process.add(1) }
    #expect(throws: CounterError.historyBacklog(3)) { try process.add(1) }
    #expect(process.value == 3)
    let next = try Process(directory: directory.path)
    #expect(next.history.allTime(ofCounter: "count") == 3)
    try next.add(1)
    #expect(try rowCount() == 4)
  }

  @Test func aDatabaseDamagedInUseIsKeptAsideAndMadeAgainWithEveryCount() throws {
    let process = try Process(directory: directory.path)
    for _ in 0..<40 { try process.add(1) }
    let path = StoreLocation.join(directory.path, SQLiteHistory.fileName)
    let database = try SQLiteConnection(path: path, create: false)
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    // Every page after the first, the schema's, overwritten.
    let size = try #require(try FileSystem.identity(atPath: path)).byteCount
    let file = fopen(path, "r+")
    defer { fclose(file) }
    fseek(file, 4096, SEEK_SET)
    let garbage = [UInt8](repeating: 0xA5, count: Int(size) - 4096)
    fwrite(garbage, 1, garbage.count, file)
    fflush(file)

    let next = try Process(directory: directory.path)
    try next.add(1)
    #expect(next.history.allTime(ofCounter: "count") == 41)
    #expect(FileSystem.names(inDirectory: directory.path).contains { $0.hasPrefix("history.sqlite.damaged-") })
    #expect(try Process(directory: directory.path).history.allTime(ofCounter: "count") == 41)
  }

  @Test(arguments: ["CREATE TABLE notes (text); INSERT INTO notes VALUES ('mine')", "PRAGMA user_version = 99"])
  func aDatabaseNotThisTallysIsLeftAsItIs(sql: String) throws {
    let path = StoreLocation.join(directory.path, SQLiteHistory.fileName)
    try SQLiteConnection(path: path).execute(sql)
    let before = try FileSystem.readFile(atPath: path, atMost: 1 << 20)

    let process = try Process(directory: directory.path)
    try process.add(2)
    #expect(process.value == 2)
    #expect(process.history.appendProblem != nil)
    #expect(try FileSystem.readFile(atPath: path, atMost: 1 << 20) == before)
    #expect(!FileSystem.fileExists(atPath: path + "-wal"))

    // Moved away by hand: the next process starts a history with the change.
    try FileSystem.rename(path, to: path + ".mine")
    #expect(try Process(directory: directory.path).history.allTime(ofCounter: "count") == 2)
  }

  @Test func aValueWithoutRowsGetsOneRowThatExplainsItOnce() throws {
    // A store from a Tally that could lose a row: value 9, and rows for 4 of it.
    let earlier = try Process(directory: directory.path)
    try earlier.add(4)
    let store = try FileUserDefaults(directory: directory.path)
    store.x.set(9, forKey: DefaultsKey("count"))
    store.setPropertyListValue(nil, forKey: DefaultsKey.historyPending.name)
    let database = try SQLiteConnection(path: StoreLocation.join(directory.path, SQLiteHistory.fileName), create: false)
    try database.execute("INSERT INTO setting (key, value) VALUES ('reconcile', 1)")

    let next = try Process(directory: directory.path)
    #expect(next.history.allTime(ofCounter: "count") == 9)
    let rows = next.history.entries(ofCounter: "count", since: nil, until: nil, limit: nil).entries
    #expect(rows.map(\.note) == [nil, "imported"])
    #expect(rows.last.map { [$0.old, $0.new] } == [4, 9])
    #expect(try Process(directory: directory.path).history.allTime(ofCounter: "count") == 9)
    #expect(try rowCount() == 2)
  }

  @Test func theCheckAgainstTheValuesTakesAValueAndItsRowTogether() throws {
    // A process that read the store before another one counted and appended its row.
    let early = try Process(directory: directory.path)
    try Process(directory: directory.path).add(1)
    let database = try SQLiteConnection(path: StoreLocation.join(directory.path, SQLiteHistory.fileName), create: false)
    try database.execute("INSERT INTO setting (key, value) VALUES ('reconcile', 1)")

    // Its check reads the store again: the value and the row agree, nothing is added.
    #expect(early.history.allTime(ofCounter: "count") == 1)
    #expect(try rowCount() == 1)
  }

  /// Wherever a process stops, the next one's history adds up to the value.
  ///
  /// Random changes, each process stopped at a random point: before its change, between the
  /// store's write and the history's, or not at all.
  @Test(arguments: [1, 2, 3, 4, 5])
  func whereverAProcessStopsTheRowsAddUpToTheValue(seed: UInt64) throws {
    var random = PeriodTotalsTests.SeededGenerator(state: seed)
    var expected = 0
    for _ in 0..<12 {
      let stop = Int.random(in: 0..<3, using: &random)
      let process = try Process(directory: directory.path, reach: stop == 1 ? .never : .opens)
      let delta = Int.random(in: -5...9, using: &random)
      if stop != 2 { expected = try process.add(delta) }
      let next = try Process(directory: directory.path)
      #expect(next.value == expected)
      #expect(next.history.allTime(ofCounter: "count") == expected)
    }
    #expect(try Process(directory: directory.path).history.read().entries.reduce(0) { $0 + $1.netChange } == expected)
  }
}
