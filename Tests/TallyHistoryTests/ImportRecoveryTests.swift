import FoundationEssentials
import Glibc
import TallyDefaults
import TallyModel
import TallyPlatform
import TallySettings
import TallyTestSupport
import Testing

@testable import TallyHistory

/// An import is all or nothing when the process is killed at any step: the store's write is
/// the commit point, and whoever opens the history next finishes or undoes what was staged.
struct ImportRecoveryTests {
  let directory: TemporaryDirectory
  let clock = ManualClock(iso: "2026-11-20T08:00:00Z")

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The store and history in the directory as a process opens them, an import cut short
  /// finished or undone on the way.
  private struct Opened {
    let store: FileUserDefaults
    let history: SQLiteHistory
    let model: CountersModel
    let recorder: HistoryRecorder

    var values: [String: Int] { Dictionary(uniqueKeysWithValues: model.list.counters.map { ($0.name, $0.value) }) }

    /// Every row, as (name, old, new, note), oldest first.
    var rows: [String] {
      history.read().entries.filter { $0.event == .changed }.map {
        "\($0.name) \($0.old ?? 0)>\($0.new ?? 0)\($0.note.map { " " + $0 } ?? "")"
      }
    }

    var staged: Int64 {
      get throws { try #require(try history.connection.integer("SELECT count(*) FROM import_row")) }
    }
  }

  private func open(lockTimeout: Double = 5) throws -> Opened {
    let store = try FileUserDefaults(directory: directory.path, lockTimeout: { _ in lockTimeout })
    AppDefaults.register(in: store)
    let history = try SQLiteHistory.open(directory: directory.path)
    history.finishInterruptedImport(committedIn: store)
    let recorder = HistoryRecorder(log: history, clock: clock, source: .command)
    return Opened(
      store: store, history: history, model: CountersModel(userDefaults: store, eventRecorder: recorder), recorder: recorder)
  }

  /// A store with Count at 2, by one change.
  private func before() throws {
    let opened = try open()
    try opened.model.perform(.add(2, to: "count"))
    opened.recorder.flush()
  }

  private let backup = Backup(counters: [
    Backup.Item(
      name: "water", value: 5,
      history: [
        HistoryEntry(
          time: Date(timeIntervalSince1970: 1_763_600_000), event: .changed, counter: "", name: "water", old: 0, new: 5,
          source: .app)
      ]),
    Backup.Item(name: "books", value: 3),
  ])

  private func importing(replacing: Bool, stoppingAfter step: BackupImport.Step) throws {
    let opened = try open()
    var importer = BackupImport(store: opened.store, model: opened.model, history: opened.history)
    importer.now = { clock.now() }
    importer.stoppingAfter = step
    _ = try importer.apply(backup, replacing: replacing)
    #expect(try opened.staged > 0)
  }

  @Test(arguments: [false, true])
  func killedBeforeTheStoreWasWrittenNothingWasImported(replacing: Bool) throws {
    try before()
    try importing(replacing: replacing, stoppingAfter: .staged)
    let next = try open()
    #expect(try next.staged == 0)
    #expect((try next.history.connection.integer("SELECT count(*) FROM setting WHERE key = 'import'")) == 0)
    #expect(next.values == ["Count": 2])
    #expect(next.rows == ["Count 0>2"])
  }

  @Test func killedAfterTheStoreWasWrittenTheNextOpeningFinishesTheMerge() throws {
    try before()
    try importing(replacing: false, stoppingAfter: .committed)
    let next = try open()
    #expect(try next.staged == 0)
    #expect(next.values == ["Count": 2, "water": 5, "books": 3])
    #expect(next.rows == ["water 0>5", "Count 0>2", "books 0>3 imported"])
    #expect(next.history.notices.contains { $0.contains("now complete") })
    // Finished once: opening again does nothing more.
    #expect(try open().rows == next.rows)
  }

  /// A process's history, opened at its first question, finishes the import by the store
  /// its waiting rows are kept in.
  @Test func theHistoryOpenedAtItsFirstQuestionFinishesTheImport() throws {
    try before()
    try importing(replacing: false, stoppingAfter: .committed)
    let path = directory.path
    let history = DeferredHistory(
      open: { () throws(HistoryError) in try SQLiteHistory.open(directory: path) },
      pending: PendingHistory(store: try FileUserDefaults(directory: path)))
    let rows = history.read().entries.filter { $0.event == .changed }.map {
      "\($0.name) \($0.old ?? 0)>\($0.new ?? 0)\($0.note.map { " " + $0 } ?? "")"
    }
    #expect(rows == ["water 0>5", "Count 0>2", "books 0>3 imported"])
    #expect(history.notice?.contains("now complete") == true, "\(history.notice ?? "")")
  }

  @Test func killedAfterTheStoreWasWrittenTheNextOpeningFinishesTheReplace() throws {
    try before()
    try importing(replacing: true, stoppingAfter: .committed)
    let next = try open()
    #expect(next.values == ["water": 5, "books": 3])
    #expect(next.rows == ["water 0>5", "books 0>3 imported"])
    for name in ["water", "books"] {
      let counter = try #require(next.model.list.counter(named: name))
      #expect(next.history.allTime(ofCounter: counter.id) == counter.value)
    }
  }

  @Test func anImportInProgressInAnotherProcessIsLeftAlone() throws {
    try before()
    let importing = try open()
    try importing.store.performLockedBatch {
      _ = try? importing.history.stageImport(
        [HistoryEntry(time: clock.now(), event: .changed, counter: "count", name: "Count", old: 2, new: 9, source: .command)],
        id: HistoryImport.newID(replacing: false), keepingAside: false, interrupted: { false })
      // Another process opens the history meanwhile: it cannot take the store's lock, and
      // undoes nothing.
      let other = Result { try open(lockTimeout: 0.05) }
      #expect((try? other.get().staged) == 1, "\(other)")
    }
    #expect(try importing.staged == 1)
  }

  @Test func anInterruptionWhileStagingStagesNothing() throws {
    try before()
    let opened = try open()
    var importer = BackupImport(store: opened.store, model: opened.model, history: opened.history)
    // Asked at the start, before staging, then every 4,096 rows: a Ctrl-C comes after 8,192.
    var asked = 0
    importer.interruption = {
      asked += 1
      return asked > 4 ? SIGINT : nil
    }
    let rows = (0..<10_000).map {
      HistoryEntry(
        time: Date(timeIntervalSince1970: 1_700_000_000 + Double($0)), event: .changed, counter: "", name: "laps", old: $0,
        new: $0 + 1, source: .app)
    }
    #expect(throws: BackupImport.Failure.interrupted(SIGINT)) {
      try importer.apply(Backup(counters: [Backup.Item(name: "laps", value: 10_000, history: rows)]), replacing: true)
    }
    #expect(try opened.staged == 0)
    #expect(!FileSystem.names(inDirectory: directory.path).contains { $0.contains(".replaced-") })
    let next = try open()
    #expect(next.values == ["Count": 2])
    #expect(next.rows == ["Count 0>2"])
  }
}
