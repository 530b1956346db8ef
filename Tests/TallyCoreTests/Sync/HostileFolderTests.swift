import FoundationEssentials
import TallyHistory
import TallyModel
import TallyPlatform
import TallySync
import TallyTestSupport
import Testing

/// The sync folder as an attacker who shares it fills it.
///
/// Links to files outside it, FIFOs and hard links at every name Tally opens, property-list
/// bombs and impossible times: no file outside the folder changes, nothing hangs, and no
/// count is lost.
struct HostileFolderTests {
  let root: TemporaryDirectory
  /// A directory outside the folder, with files an attacker would like written or read.
  let outside: String
  let canaries: [String: [UInt8]]

  init() throws {
    root = try TemporaryDirectory()
    outside = root.appending("outside")
    canaries = [
      "authorized_keys": Array("ssh-ed25519 AAAA owner@laptop\n".utf8),
      ".bashrc": Array("export PATH=$HOME/bin:$PATH\n".utf8),
      "private.tally.plist": SyncFile(
        machine: "private", instance: "feedfeedfeedfeed", written: 0,
        state: ReplicaState(counters: [
          "c-0000000000000001": CounterReplica(contributions: ["feedfeedfeedfeed": Contribution(added: 42)])
        ])
      ).encoded(),
    ]
    try TestFiles.makeDirectory(outside)
    for (name, bytes) in canaries { try TestFiles.write(bytes, to: outside + "/" + name) }
  }

  /// Every canary as it was.
  private func expectCanariesUnchanged(sourceLocation: SourceLocation = #_sourceLocation) {
    for (name, bytes) in canaries {
      #expect(TestFiles.read(outside + "/" + name) == bytes, "\(name) changed", sourceLocation: sourceLocation)
    }
    #expect(FileSystem.names(inDirectory: outside).sorted() == canaries.keys.sorted(), sourceLocation: sourceLocation)
  }

  @Test func linksAtThisMachinesOwnNamesAreReplacedNeverWrittenThrough() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    for name in ["laptop.tally.plist", "laptop.tally.plist.tmp", ".laptop.tally.plist.tmp"] {
      TestFiles.remove(laptop.folder + "/" + name)
      try TestFiles.link(laptop.folder + "/" + name, to: outside + "/authorized_keys")
    }
    #expect(laptop.add(3))
    laptop.pull()
    try laptop.restart()
    #expect(laptop.add(1))

    expectCanariesUnchanged()
    #expect(laptop.value("Count") == 4)
    // This machine's file is a file of its own again, which another machine reads.
    let desktop = try SyncedMachine("desktop", in: root)
    try desktop.receiveOwnFile(of: laptop)
    desktop.pull()
    #expect(desktop.value("Count") == 4)
  }

  @Test func aLinkedPeerFileIsNeitherMergedNorRepublished() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    try TestFiles.link(laptop.folder + "/private.tally.plist", to: outside + "/private.tally.plist")
    try TestFiles.link(laptop.folder + "/desktop.tally.plist", to: outside + "/.bashrc")
    laptop.pull()
    laptop.add(1)

    #expect(laptop.state.counters["c-0000000000000001"] == nil)
    let problems = try #require(laptop.sync?.status.problems)
    #expect(problems.contains { $0.hasPrefix("private.tally.plist was skipped") }, "\(problems)")
    #expect(problems.contains { $0.hasPrefix("desktop.tally.plist was skipped") }, "\(problems)")
    #expect(!problems.joined().contains("export PATH"))
    let own = try SyncFile(decoding: try #require(TestFiles.read(laptop.folder + "/laptop.tally.plist")))
    #expect(own.state.counters["c-0000000000000001"] == nil)
    expectCanariesUnchanged()
  }

  @Test func fifosAtEveryNameNeitherBlockNorAreWritten() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    for name in ["laptop.tally.plist.tmp", "desktop.tally.plist", "phone.tally.sync-conflict-1.plist"] {
      try TestFiles.makeFIFO(laptop.folder + "/" + name)
    }
    laptop.pull()
    #expect(laptop.add(2))
    try laptop.restart()
    #expect(laptop.value("Count") == 2)
    let problems = try #require(laptop.sync?.status.problems)
    #expect(problems.contains { $0.hasPrefix("desktop.tally.plist was skipped") }, "\(problems)")
    // Its own file's name held a FIFO: the rename put a file in its place.
    TestFiles.remove(laptop.folder + "/laptop.tally.plist")
    try TestFiles.makeFIFO(laptop.folder + "/laptop.tally.plist")
    #expect(laptop.add(1))
    laptop.pull()
    #expect(laptop.value("Count") == 3)
  }

  @Test func theHistoryCopyIsNeverWrittenThroughALinkOrAHardLink() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let sync = try #require(laptop.sync)
    let history = try SQLiteHistory.open(directory: laptop.dataDirectory)
    history.attach(to: sync)
    let entry = HistoryEntry(
      time: Date(timeIntervalSince1970: 1_800_000_000), event: .changed, counter: "count", name: "Count", old: 0, new: 1,
      source: .command)
    history.append([entry])
    // The copy is replaced by a link to .bashrc: the next append does not follow it.
    let copy = laptop.folder + "/laptop.history.2027-01.jsonl"
    #expect(TestFiles.read(copy) != nil)
    TestFiles.remove(copy)
    try TestFiles.link(copy, to: outside + "/.bashrc")
    history.append([entry])
    expectCanariesUnchanged()
    // A hard link to a file outside (a shared disk lets a peer make one).
    TestFiles.remove(copy)
    try TestFiles.hardLink(copy, to: outside + "/authorized_keys")
    history.append([entry])
    expectCanariesUnchanged()
    // A FIFO there does not block.
    TestFiles.remove(copy)
    try TestFiles.makeFIFO(copy)
    history.append([entry])
    expectCanariesUnchanged()
    // And the copy catches up as a file of its own.
    history.append([entry])
    let lines = try #require(TestFiles.read(copy)).split(separator: UInt8(ascii: "\n"))
    #expect(lines.count == 5)
  }

  @Test func aLinkedHistoryCopyOfAnotherMachineIsNotRead() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let sync = try #require(laptop.sync)
    let secret =
      #"{"time":"2026-11-20T10:00:00Z","event":"changed","counter":"count","name":"secret","old":0,"new":1,"source":"command"}"#
    try TestFiles.write(Array((secret + "\n").utf8), to: outside + "/secret.jsonl")
    try TestFiles.link(laptop.folder + "/desktop.history.jsonl", to: outside + "/secret.jsonl")
    try TestFiles.link(laptop.folder + "/desktop.history.2026-11.jsonl", to: outside + "/secret.jsonl")
    let history = try SQLiteHistory.open(directory: laptop.dataDirectory)
    history.attach(to: sync)
    #expect(!history.read().entries.contains { $0.name == "secret" })
    #expect(history.notice?.contains("desktop.history.2026-11.jsonl") == true)
  }

  @Test func binaryPropertyListBombsAreRefusedUnread() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    // A binary property list of 4,000 nested arrays: Foundation's decoder would recurse
    // through all of them.
    try TestFiles.write(Self.nestedBinaryArrays(4000), to: laptop.folder + "/bomb.tally.plist")
    laptop.pull()
    #expect(laptop.add(1))
    let problems = try #require(laptop.sync?.status.problems)
    #expect(
      problems.contains { $0.hasPrefix("bomb.tally.plist was skipped: it is damaged: a binary property list") }, "\(problems)")
    #expect(laptop.value("Count") == 1)
  }

  @Test func aFileThatFailedIsNotParsedAgainUntilItChanges() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let path = laptop.folder + "/broken.tally.plist"
    try TestFiles.write(Array("not a property list, at all".utf8), to: path)
    laptop.pull()
    let first = try #require(laptop.sync?.status.problems.first { $0.hasPrefix("broken.tally.plist") })
    #expect(first.contains("not a property list"))
    // Other bytes of the same size and time: a new process gives the reason remembered.
    try TestFiles.writeKeepingTime(Array("bplist00 and more bytes..".utf8) + [0x20, 0x20], to: path)
    try laptop.restart()
    #expect(laptop.sync?.status.problems.contains(first) == true, "\(laptop.sync?.status.problems ?? [])")
    // Written again, it is read again.
    try TestFiles.write(Array("bplist00".utf8), to: path)
    try laptop.restart()
    #expect(laptop.sync?.status.problems.contains { $0.hasPrefix("broken.tally.plist") && $0.contains("binary") } == true)
  }

  @Test func impossibleWrittenTimesAreShownNotTrapped() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    for (name, written) in [("early", Int64.min), ("late", Int64.max)] {
      let file = SyncFile(machine: name, instance: "0123456789abcdef" + name, written: written, state: ReplicaState())
      try TestFiles.write(file.encoded(), to: laptop.folder + "/\(name).tally.plist")
    }
    laptop.pull()
    let lines = try #require(laptop.sync?.status.lines(now: Platform.wallClockMilliseconds()))
    #expect(lines.contains { $0.hasPrefix("machine: early") })
    #expect(lines.contains { $0.hasPrefix("machine: late") && $0.hasSuffix("(in the future)") })
  }

  /// A binary property list (`bplist00`) whose root is `depth` arrays, each holding the next.
  static func nestedBinaryArrays(_ depth: Int) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for index in 0..<depth {
      offsets.append(bytes.count)
      if index == depth - 1 {
        bytes.append(0xA0)  // an empty array
      } else {
        bytes += [0xA1, UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)]  // one 2-byte reference
      }
    }
    let tableOffset = bytes.count
    for offset in offsets {
      bytes += [UInt8(offset >> 24 & 0xFF), UInt8(offset >> 16 & 0xFF), UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF)]
    }
    var trailer = [UInt8](repeating: 0, count: 6)
    trailer += [4, 2]  // offset size, reference size
    trailer += Self.bigEndian(UInt64(depth)) + Self.bigEndian(0) + Self.bigEndian(UInt64(tableOffset))
    return bytes + trailer
  }

  private static func bigEndian(_ value: UInt64) -> [UInt8] {
    (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }
}
