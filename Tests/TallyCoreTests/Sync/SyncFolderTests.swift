import Glibc
import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallySettings
import TallySync
import TallyTestSupport
import Testing

/// The folder as untrusted input, conflict copies, two machines with one name, a folder
/// that goes away, joining, and what never touches the folder.
struct SyncFolderTests {
  let root: TemporaryDirectory

  init() throws {
    root = try TemporaryDirectory()
  }

  @Test func joiningKeepsTheCountsAndSameNamedCountersAddUp() throws {
    let laptop = try SyncedMachine("laptop", in: root, folder: root.appending("shared"), joining: false) { model in
      try model.perform(.create(named: "laps", selecting: false))
      let id = try #require(model.list.counter(named: "laps")?.id)
      try model.perform(.add(30, to: id))
    }
    let desktop = try SyncedMachine("desktop", in: root, folder: root.appending("shared"), joining: false) { model in
      try model.perform(.create(named: "Laps", selecting: false))
      try model.perform(.create(named: "coffee", selecting: false))
      let id = try #require(model.list.counter(named: "laps")?.id)
      try model.perform(.add(20, to: id))
    }
    try laptop.join()
    let join = try desktop.join()
    laptop.pull()
    #expect(join.shared.contains(SyncSetup.Join.Shared(name: "Laps", here: 20, total: 50)))
    #expect(laptop.value("laps") == 50)
    #expect(desktop.value("laps") == 50)
    #expect(laptop.value("coffee") == 0)
    #expect(Set(laptop.model.list.counters.map(\.name)) == ["Count", "Laps", "coffee"])
  }

  /// Every press wakes the folder's watch with this machine's own writes: they are known by
  /// their identity and merge nothing, while another machine's file, or this machine's
  /// replaced by someone else, is merged (and this machine's written back).
  @Test func theWatchMergesOtherMachinesWritesAndPassesOverThisMachinesOwn() throws {
    let shared = root.appending("shared")
    let laptop = try SyncedMachine("laptop", in: root, folder: shared)
    let desktop = try SyncedMachine("desktop", in: root, folder: shared)
    let sync = try #require(laptop.sync)
    #expect(sync.changeDescriptor != nil)
    _ = sync.processFolderChanges()
    laptop.add(1)
    let own = sync.processFolderChanges()
    guard case .files(let names) = own.changes else {
      Issue.record("the watch named no files: \(own.changes)")
      return
    }
    #expect(names.contains("laptop.tally.plist"))
    #expect(!own.countersChanged)
    let ownFile = shared + "/laptop.tally.plist"
    let older = try #require(TestFiles.read(ownFile))
    desktop.add(2)
    #expect(sync.processFolderChanges().countersChanged)
    laptop.model.reload()
    #expect(laptop.value("Count") == 3)
    // Someone puts back an older copy of the laptop's own file: it is written anew.
    try TestFiles.write(older, to: shared + "/.put-back")
    #expect(rename(shared + "/.put-back", ownFile) == 0)
    _ = sync.processFolderChanges()
    let restored = try SyncFile(decoding: try #require(TestFiles.read(ownFile)))
    #expect(restored.state == laptop.state)
    #expect(restored.state != (try SyncFile(decoding: older)).state)
  }

  @Test func leavingAndJoiningAgainCountsNothingTwice() throws {
    let shared = root.appending("shared")
    let laptop = try SyncedMachine("laptop", in: root, folder: shared)
    let desktop = try SyncedMachine("desktop", in: root, folder: shared)
    laptop.add(5)
    desktop.pull()
    #expect(desktop.value("Count") == 5)
    SyncSetup.disable(store: desktop.store)
    try desktop.restart()
    #expect(desktop.sync == nil)
    desktop.add(1)
    try desktop.join()
    laptop.pull()
    #expect(desktop.value("Count") == 6)
    #expect(laptop.value("Count") == 6)
  }

  @Test func damagedFilesAreSkippedReportedAndNeverWritten() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let damaged: [String: [UInt8]] = [
      "empty.tally.plist": [],
      "garbage.tally.plist": Array("not a property list at all".utf8),
      "truncated.tally.plist": Array(
        SyncFile(machine: "truncated", instance: "1", written: 0, state: ReplicaState()).encoded().prefix(60)),
      "future.tally.plist": Array(
        PropertyListCodec.encode(["format": .integer(99), "machine": .string("future")]).utf8),
      "hostile.tally.plist": Array(
        PropertyListCodec.encode([
          "format": .integer(1), "machine": .string("hostile"), "instance": .string("2"), "written": .integer(0),
          "counters": .dictionary(["ok": .dictionary(["contributions": .dictionary(["x": .array([.integer(-5), .integer(0)])])])]
          ),
        ]).utf8),
      "badid.tally.plist": Array(
        PropertyListCodec.encode([
          "format": .integer(1), "machine": .string("badid"), "instance": .string("3"), "written": .integer(0),
          "counters": .dictionary(["has space": .dictionary([:])]),
        ]).utf8),
    ]
    for (name, bytes) in damaged { try TestFiles.write(bytes, to: laptop.folder + "/" + name) }
    try TestFiles.makeSparse(laptop.folder + "/huge.tally.plist", size: SyncFile.maximumSize + 1)

    laptop.pull()
    laptop.add(2)
    laptop.pull()

    #expect(laptop.value("Count") == 2)
    let problems = try #require(laptop.sync?.status.problems)
    #expect(problems.count == damaged.count + 1, "\(problems)")
    #expect(problems.contains { $0.hasPrefix("huge.tally.plist was skipped: it is too large") })
    #expect(problems.contains { $0.hasPrefix("future.tally.plist was skipped: it has format 99") })
    for (name, bytes) in damaged { #expect(TestFiles.read(laptop.folder + "/" + name) == bytes, "\(name)") }
    #expect(laptop.sync?.status.summary?.hasPrefix("Sync: ") == true)
  }

  @Test func machineFilesAreTheirNamesAndTheEnginesCopies() {
    let machineFiles = [
      "laptop.tally.plist", "laptop.tally.sync-conflict-20261123-101010-ABCDEFG.plist",
      "laptop.tally (desktop's conflicted copy 2026-11-23).plist", "tally.tally.plist",
    ]
    let others = [
      ".laptop.tally.plist", "laptop.tally.plist.tmp", "laptop.plist", "laptop.tall.plist", "laptop.history.jsonl", ".tally",
    ]
    #expect(machineFiles.filter(SyncFile.isMachineFile) == machineFiles)
    #expect(others.filter(SyncFile.isMachineFile) == [])
  }

  @Test func aFileMergedBeforeIsReadAgainOnlyWhenItChanged() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let desktop = try SyncedMachine("desktop", in: root)
    desktop.add(5)
    try laptop.receive(from: desktop)
    laptop.pull()
    #expect(laptop.value("Count") == 5)

    // Damaged without changing its size, inode or time: a new process does not read it again.
    let path = laptop.folder + "/desktop.tally.plist"
    let size = try #require(TestFiles.read(path)).count
    try TestFiles.writeKeepingTime([UInt8](repeating: UInt8(ascii: "x"), count: size), to: path)
    try laptop.restart()
    #expect(laptop.value("Count") == 5)
    #expect(laptop.sync?.status.problems == [])
    #expect(laptop.sync?.status.machines.map(\.name) == ["desktop"])

    // Written again, it is read again.
    desktop.add(1)
    try laptop.receive(from: desktop)
    try laptop.restart()
    #expect(laptop.value("Count") == 6)
  }

  @Test func anotherMachinesHistoryIsReadFromWhereTheLastReadingStopped() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let history = try SQLiteHistory.open(directory: laptop.dataDirectory)
    history.attach(to: try #require(laptop.sync))
    let copy = laptop.folder + "/desktop.history.2026-11.jsonl"
    func line(_ new: Int) -> String {
      HistoryEntry(
        time: at("2026-11-23T10:00:0\(new)Z"), event: .changed, counter: "count", name: "Count", old: new - 1, new: new,
        source: .command
      ).jsonLine + "\n"
    }
    try TestFiles.write(Array(line(1).utf8), to: copy)
    #expect(history.refresh())
    #expect(history.read().entries.map(\.machine) == ["desktop"])

    // Damaged without changing its size or inode: nothing is read again.
    try TestFiles.writeKeepingTime([UInt8](repeating: UInt8(ascii: "x"), count: line(1).utf8.count), to: copy)
    #expect(!history.refresh())
    #expect(history.read().entries.count == 1)
    try TestFiles.writeKeepingTime(Array(line(1).utf8), to: copy)

    // Appended to: only the new line is read, and a line not yet ended waits. (Changed in
    // place and longer, it is read anew: HistoryFolderTests.aFileWrittenAgainInPlaceAndLongerIsReadAnew.)
    try TestFiles.append(Array((line(2) + #"{"counter":"#).utf8), to: copy)
    #expect(history.refresh())
    #expect(history.read().entries.map(\.new) == [1, 2])
    #expect(history.notice == nil)

    // Replaced by another file (a sync engine renames a new version in): read again whole.
    try TestFiles.replace(Array((line(2) + line(3)).utf8), at: copy)
    #expect(history.refresh())
    #expect(history.read().entries.map(\.new) == [2, 3])
    #expect(history.allTime(ofCounter: "count") == 2)

    // Gone: its changes go with it.
    TestFiles.remove(copy)
    #expect(history.refresh())
    #expect(history.read().entries.isEmpty)
  }

  @Test func aDamagedStateMergesEveryFileAgain() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let desktop = try SyncedMachine("desktop", in: root)
    desktop.add(5)
    try laptop.receive(from: desktop)
    laptop.pull()
    #expect(laptop.value("Count") == 5)

    // The state in the store and this machine's own file both lost: the desktop's file,
    // unchanged since it was merged, is what brings its 5 back.
    laptop.store.setPropertyListValue(.string("damaged"), forKey: DefaultsKey.syncState.name)
    TestFiles.remove(laptop.folder + "/laptop.tally.plist")
    try laptop.restart()
    #expect(laptop.state.counters.values.map(\.value) == [5])
  }

  @Test func conflictCopiesMergeIn() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let desktop = try SyncedMachine("desktop", in: root)
    desktop.add(5)
    let older = try #require(TestFiles.read(desktop.folder + "/desktop.tally.plist"))
    desktop.add(3)
    let newer = try #require(TestFiles.read(desktop.folder + "/desktop.tally.plist"))
    // The engine kept the older version as the file and the newer as a conflict copy.
    try TestFiles.write(older, to: laptop.folder + "/desktop.tally.plist")
    try TestFiles.write(newer, to: laptop.folder + "/desktop.tally.sync-conflict-20261123-101010-ABCDEFG.plist")
    try TestFiles.write(older, to: laptop.folder + "/desktop.tally (laptop's conflicted copy 2026-11-23).plist")
    laptop.pull()
    #expect(laptop.value("Count") == 8)
    #expect(laptop.sync?.status.problems == [])
    #expect(laptop.sync?.status.machines.map(\.name) == ["desktop"])
  }

  @Test func twoMachinesWithOneNameAreReportedNotMerged() throws {
    let shared = root.appending("shared")
    let first = try SyncedMachine("first", in: root, folder: shared, joining: false)
    let second = try SyncedMachine("second", in: root, folder: shared, joining: false)
    try first.join(as: "laptop")
    first.add(4)
    let firstFile = try #require(TestFiles.read(shared + "/laptop.tally.plist"))
    try second.join(as: "laptop")
    second.add(1)
    second.pull()

    #expect(second.sync?.status.ownFileTaken == true)
    #expect(second.sync?.status.problems.contains { $0.contains("another machine also calls itself \"laptop\"") } == true)
    #expect(second.value("Count") == 1)
    #expect(TestFiles.read(shared + "/laptop.tally.plist") == firstFile)
  }

  @Test func countingGoesOnWhileTheFolderIsGoneAndCatchesUp() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let desktop = try SyncedMachine("desktop", in: root)
    try TestFiles.move(laptop.folder, to: root.appending("unmounted"))
    laptop.add(3)
    laptop.pull()
    #expect(laptop.value("Count") == 3)
    #expect(laptop.sync?.status.isReachable == false)
    #expect(laptop.sync?.status.summary?.contains("is not there") == true)

    try TestFiles.move(root.appending("unmounted"), to: laptop.folder)
    try laptop.restart()
    try desktop.receiveOwnFile(of: laptop)
    desktop.pull()
    #expect(desktop.value("Count") == 3)
  }

  @Test func aRunningAppSeesAChangeThatACommandHereMergedFirst() throws {
    let shared = root.appending("shared")
    let laptop = try SyncedMachine("laptop", in: root, folder: shared)
    let desktop = try SyncedMachine("desktop", in: root, folder: shared)  // the running app
    laptop.add(5)
    // A command on the desktop (another process, the same data directory) reads the folder
    // first and saves the merged counters; then the app hears of the laptop's file.
    let commandStore = try FileUserDefaults(directory: desktop.dataDirectory)
    Environment.prepare(commandStore, argumentDomain: [:])
    #expect(try #require(CounterSync.configured(in: commandStore)).pull())
    #expect(desktop.sync?.pull() == true)
    desktop.model.reload()
    #expect(desktop.value("Count") == 5)
  }

  @Test func aMachineFileGrowsWithCountersNotWithPresses() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    laptop.add(1)
    let before = try #require(TestFiles.read(laptop.folder + "/laptop.tally.plist")).count
    for _ in 0..<200 { laptop.add(1) }
    let after = try #require(TestFiles.read(laptop.folder + "/laptop.tally.plist")).count
    #expect(after - before < 16)
  }
}
