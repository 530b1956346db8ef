import FoundationEssentials
import Glibc
import TallyModel
import TallyTestSupport
import Testing

@testable import TallyHistory

/// The history's files in a sync folder: this machine's written a month a file, append
/// only; the other machines' read from where the last reading stopped, as untrusted input.
struct HistoryFolderTests {
  let data: TemporaryDirectory
  let folder: TemporaryDirectory

  init() throws {
    data = try TemporaryDirectory()
    folder = try TemporaryDirectory()
  }

  func laptop() throws -> SQLiteHistory {
    let history = try SQLiteHistory.open(directory: data.path)
    history.attach(folder: folder.path, machine: "laptop") { true }
    return history
  }

  func lines(_ entries: [HistoryEntry]) -> [UInt8] { Array(entries.map { $0.jsonLine + "\n" }.joined().utf8) }

  /// Which names in the folder are history files, and whose.
  @Test func aFileNameSaysWhoseHistoryItIs() {
    let cases: [(String, String?, Bool)] = [
      ("desktop.history.2026-11.jsonl", "desktop", false), ("my-pc_2.lan.history.1999-01.jsonl", "my-pc_2.lan", false),
      ("desktop.history.jsonl", "desktop", true), ("desktop.history.jsonl.1", "desktop", true),
      ("desktop.history.2026-1x.jsonl", nil, false), ("desktop.history.202611.jsonl", nil, false),
      ("desktop.history.2026-11.jsonl.tmp", nil, false), ("desktop.historyX2026-11.jsonl", nil, false),
      (".history.2026-11.jsonl", nil, false), ("history.2026-11.jsonl", nil, false), (".hidden.history.jsonl", nil, false),
      ("dësktop.history.2026-11.jsonl", nil, false), ("a b.history.jsonl", nil, false), ("x\u{1B}].history.jsonl", nil, false),
      ("desktop.tally.plist", nil, false), (".jsonl", nil, false), ("", nil, false),
      ("\(String(repeating: "m", count: 64)).history.2026-11.jsonl", String(repeating: "m", count: 64), false),
      ("\(String(repeating: "m", count: 65)).history.2026-11.jsonl", nil, false),
    ]
    for (name, machine, legacy) in cases {
      let parsed = HistoryFolder.parse(name)
      #expect(parsed?.machine == machine, "\(name)")
      if machine != nil { #expect(parsed?.legacy == legacy, "\(name)") }
    }
  }

  @Test func thisMachinesChangesGoToOneFileAMonthByAppending() throws {
    let history = try laptop()
    history.append([change("2026-10-31T23:59:59Z", 0, 1), change("2026-11-01T00:00:00Z", 1, 2)])
    let november = folder.appending("laptop.history.2026-11.jsonl")
    #expect(TestFiles.read(folder.appending("laptop.history.2026-10.jsonl")) == lines([change("2026-10-31T23:59:59Z", 0, 1)]))
    var before = stat()
    #expect(stat(november, &before) == 0)
    history.append([change("2026-11-02T10:00:00Z", 2, 3)])
    var after = stat()
    #expect(stat(november, &after) == 0)
    #expect(after.st_ino == before.st_ino, "appended, not written anew")
    #expect(TestFiles.read(november) == lines([change("2026-11-01T00:00:00Z", 1, 2), change("2026-11-02T10:00:00Z", 2, 3)]))
  }

  /// A copy records the last row it copied (`setting.copied`), so that the next one reads
  /// only the rows after it, not every row of the years before.
  @Test func aCopyRecordsTheLastRowItCopied() throws {
    let history = try laptop()
    history.append([change("2026-10-31T10:00:00Z", 0, 1), change("2026-11-01T10:00:00Z", 1, 2)])
    let latest = try #require(try history.connection.integer("SELECT max(seq) FROM change"))
    #expect(try history.connection.integer("SELECT value FROM setting WHERE key = 'copied'") == latest)
  }

  @Test func aFileOfThisMachinesThatWasTamperedWithIsWrittenAnewWhole() throws {
    let history = try laptop()
    history.append([change("2026-11-01T10:00:00Z", 0, 1)])
    let november = folder.appending("laptop.history.2026-11.jsonl")
    try TestFiles.write(Array("x\n".utf8), to: november)
    history.append([change("2026-11-02T10:00:00Z", 1, 2)])
    #expect(TestFiles.read(november) == lines([change("2026-11-01T10:00:00Z", 0, 1), change("2026-11-02T10:00:00Z", 1, 2)]))
  }

  @Test func theCopyCatchesUpOnceTheFolderIsBack() throws {
    let history = try laptop()
    TemporaryDirectory.removeTree(folder.path)
    history.append([change("2026-11-01T10:00:00Z", 0, 1)])
    #expect(history.appendProblem == nil, "the database has it")
    mkdir(folder.path, 0o700)
    history.append([change("2026-11-02T10:00:00Z", 1, 2)])
    #expect(
      TestFiles.read(folder.appending("laptop.history.2026-11.jsonl"))
        == lines([change("2026-11-01T10:00:00Z", 0, 1), change("2026-11-02T10:00:00Z", 1, 2)]))
  }

  @Test func anOldSingleFileIsReadOnlyUntilTheMachineWritesMonthlyOnes() throws {
    let old = [change("2026-10-01T10:00:00Z", 0, 1), change("2026-11-01T10:00:00Z", 1, 2)]
    try TestFiles.write(lines(old), to: folder.appending("desktop.history.jsonl"))
    let history = try laptop()
    #expect(history.read().entries.map(\.new) == [1, 2])
    #expect(history.read().entries.allSatisfy { $0.machine == "desktop" })
    // The desktop updated: its monthly files hold all of it, and more.
    try TestFiles.write(lines([old[0]]), to: folder.appending("desktop.history.2026-10.jsonl"))
    try TestFiles.write(
      lines([old[1], change("2026-11-02T10:00:00Z", 2, 3)]), to: folder.appending("desktop.history.2026-11.jsonl"))
    #expect(history.refresh())
    #expect(history.read().entries.map(\.new) == [1, 2, 3])
  }

  /// A file written again in place and longer (a copy over it, not a rename: the same
  /// inode) is read anew, not from where the last reading ended.
  @Test func aFileWrittenAgainInPlaceAndLongerIsReadAnew() throws {
    let path = folder.appending("desktop.history.2026-11.jsonl")
    try TestFiles.write(lines([change("2026-11-01T10:00:00Z", 0, 2, counter: "c-0123456789abcdef")]), to: path)
    let history = try laptop()
    #expect(history.read().entries.map(\.counter) == ["c-0123456789abcdef"])
    // The desktop's counter took its own id, and its file was written anew with it.
    let moved = "c-0123456789abcdef-3f9a2b1c0d4e5f60"
    try TestFiles.write(
      lines([change("2026-11-01T10:00:00Z", 0, 2, counter: moved), change("2026-11-02T10:00:00Z", 2, 3, counter: moved)]),
      to: path)
    #expect(history.refresh())
    #expect(history.read().entries.map(\.counter) == [moved, moved])
    // Then appended to: read from where the reading ended.
    try TestFiles.append(lines([change("2026-11-03T10:00:00Z", 3, 4, counter: moved)]), to: path)
    #expect(history.refresh())
    #expect(history.read().entries.map(\.new) == [2, 3, 4])
  }

  @Test func aLineCannotSpeakForAnotherMachine() throws {
    var forged = change("2026-11-01T10:00:00Z", 0, 1_000_000)
    forged.machine = "laptop"
    try TestFiles.write(lines([forged]), to: folder.appending("desktop.history.2026-11.jsonl"))
    let history = try laptop()
    #expect(history.read().entries.map(\.machine) == ["desktop"])
  }

  @Test func absurdFilesAndFIFOsAreSkippedWithANoticeAndNothingWaits() throws {
    let huge = folder.appending("desktop.history.2026-11.jsonl")
    try TestFiles.write([], to: huge)
    #expect(truncate(huge, 65 << 20) == 0)
    try TestFiles.makeFIFO(folder.appending("phone.history.2026-11.jsonl"))
    try TestFiles.write(lines([change("2026-11-01T10:00:00Z", 0, 1)]), to: folder.appending("tablet.history.2026-11.jsonl"))
    let history = try laptop()
    #expect(history.read().entries.map(\.machine) == ["tablet"])
    let notice = try #require(history.notice)
    #expect(notice.contains("desktop.history.2026-11.jsonl in the sync folder was skipped: larger than 64 MiB"), "\(notice)")
    #expect(notice.contains("phone.history.2026-11.jsonl in the sync folder was skipped: not a regular file"), "\(notice)")
  }

  @Test func anEscapeInAFileNameReachesNoTerminal() throws {
    try TestFiles.makeFIFO(folder.appending("desktop.history.2026-11.jsonl"))
    try TestFiles.write([], to: folder.appending("x\u{1B}]0;owned\u{7}.history.2026-11.jsonl"))
    let history = try laptop()
    #expect(history.notice?.contains("\u{1B}") != true)
  }

  @Test func tenYearsOfAnotherMachinesHistoryArriveWhole() throws {
    var count = 0
    for month in 0..<120 {
      let year = 2017 + month / 12
      let name = "desktop.history.\(year)-\(month % 12 + 1 < 10 ? "0" : "")\(month % 12 + 1).jsonl"
      let entries = (0..<100).map { index in
        HistoryEntry(
          time: at("\(year)-\(month % 12 + 1 < 10 ? "0" : "")\(month % 12 + 1)-01T00:00:00Z").addingTimeInterval(
            Double(index) * 3600),
          event: .changed, counter: "count", name: "Count", old: count + index, new: count + index + 1, source: .app)
      }
      count += 100
      try TestFiles.write(lines(entries), to: folder.appending(name))
    }
    let history = try laptop()
    #expect(history.read().entries.count == 12_000)
    #expect(history.allTime(ofCounter: "count") == 12_000)
    #expect(history.notice == nil)
    // Nothing changed: nothing is read again.
    #expect(!history.refresh())
  }

  /// The desktop's history files for `months` of 2026, five changes each, and the laptop's
  /// history reading them with a budget of `files` of them (one file's size each).
  func budgeted(months: ClosedRange<Int>, files: Double) throws -> SQLiteHistory {
    for month in months {
      let entries = (0..<5).map { change("2026-0\(month)-0\($0 + 1)T10:00:00Z", $0, $0 + 1) }
      try TestFiles.write(lines(entries), to: folder.appending("desktop.history.2026-0\(month).jsonl"))
    }
    let size = try #require(TestFiles.read(folder.appending("desktop.history.2026-0\(months.lowerBound).jsonl"))).count
    let history = try SQLiteHistory.open(directory: data.path)
    history.attach(folder: folder.path, machine: "laptop", readingBeforeFirstQuestion: false) { true }
    history.folder?.readingBudget = Int(Double(size) * files)
    return history
  }

  /// A folder stuffed with files is read a part at a time: no start reads all of it, and
  /// every part arrives by the readings that follow.
  @Test func eachReadingTakesAtMostItsBudget() throws {
    let history = try budgeted(months: 1...3, files: 1.5)
    #expect(history.refresh())
    #expect(history.read().entries.count == 10, "two files: the budget ran out in the second")
    #expect(history.refresh())
    #expect(history.read().entries.count == 15)
    #expect(!history.refresh())
  }

  /// After every key press the folder's watch reports this machine's own files: the
  /// reading then looks at nothing, and another machine's file named by the watch is read.
  @Test func aRefreshReadsOnlyWhenTheWatchNamedAnotherMachinesFile() throws {
    let history = try laptop()
    history.append([change("2026-11-01T10:00:00Z", 0, 1)])
    #expect(!history.refresh())
    try TestFiles.write(lines([change("2026-11-01T11:00:00Z", 0, 5)]), to: folder.appending("desktop.history.2026-11.jsonl"))
    let own: FolderChanges = .files(["laptop.history.2026-11.jsonl", ".laptop.tally.plist.0123456789abcdef.tmp"])
    #expect(!history.refresh(own))
    #expect(history.allTime(ofCounter: "count") == 1, "not read: the watch named only this machine's files")
    #expect(!history.refresh(.files(["desktop.tally.plist", "notes.txt"])))
    #expect(history.refresh(.files(["desktop.history.2026-11.jsonl"])))
    #expect(history.allTime(ofCounter: "count") == 6)
  }

  /// A reading whose budget ran out goes on at the next one, whatever the watch named.
  @Test func aReadingLeftUnfinishedGoesOnAtTheNextEvent() throws {
    let history = try budgeted(months: 1...2, files: 1)
    #expect(history.refresh())
    #expect(history.read().entries.count == 5)
    #expect(history.refresh(.files(["laptop.history.2026-11.jsonl"])))
    #expect(history.read().entries.count == 10)
    #expect(!history.refresh(.files(["laptop.history.2026-11.jsonl"])))
  }

  @Test func aRebuiltDatabaseTakesBackThisMachinesChangesFromTheFolder() throws {
    let entries = [change("2026-10-01T10:00:00Z", 0, 1), change("2026-11-01T10:00:00Z", 1, 3)]
    try laptop().append(entries)
    // The database and its write-ahead log both lost to a disk error.
    try TestFiles.write(Array(String(repeating: "not a database ", count: 10).utf8), to: data.appending(SQLiteHistory.fileName))
    TestFiles.remove(data.appending(SQLiteHistory.fileName + "-wal"))
    TestFiles.remove(data.appending(SQLiteHistory.fileName + "-shm"))
    let history = try laptop()
    #expect(history.read().entries == entries)
    #expect(history.notices.contains { $0.contains("2 more changes came back from the sync folder") }, "\(history.notices)")
    // Written back to the folder once, not twice.
    #expect(TestFiles.read(folder.appending("laptop.history.2026-11.jsonl")) == lines([entries[1]]))
  }

  @Test func aMachineTakingOverItsNameTakesBackItsHistory() throws {
    let earlier = [change("2026-10-01T10:00:00Z", 0, 1)]
    try TestFiles.write(lines(earlier), to: folder.appending("laptop.history.2026-10.jsonl"))
    let history = try SQLiteHistory.open(directory: data.path)
    history.append([change("2026-11-01T10:00:00Z", 0, 2)])
    history.attach(folder: folder.path, machine: "laptop", adoptingOwnFiles: true) { true }
    #expect(history.read().entries.map(\.new) == [1, 2])
    #expect(history.read().entries.allSatisfy { $0.machine == nil })
    #expect(TestFiles.read(folder.appending("laptop.history.2026-10.jsonl")) == lines(earlier))
  }
}
