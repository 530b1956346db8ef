import TallyPlatform
import TallySync
import TallyTestSupport
import Testing

/// The commands, as real processes, against a sync folder that an attacker filled: each one
/// ends (under `timeout`, so that a hang fails the test instead of the run), counts exactly,
/// writes nothing outside the folder, and prints no escape code.
struct HostileFolderCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory
  let folder: String
  let outside: String

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
    folder = data.appending("shared")
    outside = data.appending("home")
    try TestFiles.makeDirectory(folder)
    try TestFiles.makeDirectory(outside)
  }

  /// Runs `tally arguments` under `timeout 10`: status 124 means it hung.
  func runBounded(_ arguments: String...) throws -> ChildProcess.Result {
    try ChildProcess.run("/usr/bin/timeout", ["10", tally] + arguments, environment: environment)
  }

  @Test func everyCommandEndsCountsExactlyAndWritesNothingOutside() throws {
    let canaries = [
      "authorized_keys": "ssh-ed25519 AAAA owner@laptop\n", ".bashrc": "export PATH=$HOME/bin:$PATH\n",
    ]
    for (name, text) in canaries { try TestFiles.write(Array(text.utf8), to: outside + "/" + name) }
    try expectSuccess("sync", "enable", folder, "--name", "laptop")

    // Links at every name this machine writes, FIFOs where it reads, a bomb, an escape code.
    for name in ["laptop.tally.plist.tmp", "laptop.history.jsonl", "laptop.history.jsonl.1"] {
      try TestFiles.link(folder + "/" + name, to: outside + "/authorized_keys")
    }
    try TestFiles.link(folder + "/bashrc.tally.plist", to: outside + "/.bashrc")
    for name in ["desktop.tally.plist", "desktop.history.jsonl", "phone.tally.sync-conflict-1.plist"] {
      try TestFiles.makeFIFO(folder + "/" + name)
    }
    try TestFiles.write(Array("bplist00".utf8) + [UInt8](repeating: 0xA1, count: 4000), to: folder + "/bomb.tally.plist")
    try TestFiles.write([], to: folder + "/title\u{1B}]0;owned\u{07}.tally.plist")
    let keyID = SyncFile(
      machine: "evil", instance: "00000000deadbeef", written: .min,
      state: ReplicaState(counters: [
        "syncFolder": CounterReplica(fields: [
          "name": CounterReplica.Field(value: .string("x"), time: HybridTime(milliseconds: .max, counter: .max, machine: "evil"))
        ])
      ]))
    try TestFiles.write(keyID.encoded(), to: folder + "/evil.tally.plist")

    for expected in 1...3 {
      let result = try runBounded("inc")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "\(expected)\n", "\(result)")
    }
    for command in [["get"], ["list"], ["log"], ["stats"], ["sync", "status"], ["sync", "status", "--json"], ["export"]] {
      let result = try ChildProcess.run("/usr/bin/timeout", ["10", tally] + command, environment: environment)
      #expect(result.status == 0, "\(command): \(result)")
      let printed = result.standardOutput + result.standardError
      #expect(
        !printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) },
        "\(command)")
    }
    let status = try runBounded("sync", "status")
    #expect(status.standardOutput.contains("folder: \(folder)"), "\(status)")
    #expect(status.standardOutput.contains("title\\u{1B}]0;owned\\u{7}.tally.plist"), "\(status)")
    #expect(try runBounded("get").standardOutput == "3\n")
    for (name, text) in canaries { #expect(TestFiles.read(outside + "/" + name) == Array(text.utf8), "\(name)") }
    #expect(FileSystem.names(inDirectory: outside).sorted() == canaries.keys.sorted())
  }

  /// A peer that counted 1 and wrote a row of +1,001 in its history file: `stats`' all time
  /// is the merged count, as `get` prints it (docs/sync.md).
  @Test func aPeersRowsThatDoNotAddUpCannotMakeStatsDisagreeWithGet() throws {
    try expectSuccess("sync", "enable", folder, "--name", "laptop")
    try expectSuccess("inc", "--by", "5")
    let peer = ["XDG_DATA_HOME": data.appending("peer"), "PATH": "/usr/bin:/bin"]
    _ = try ChildProcess.run(tally, ["sync", "enable", folder, "--name", "evil"], environment: peer)
    #expect(try ChildProcess.run(tally, ["inc"], environment: peer).standardOutput == "6\n")
    let name = try #require(FileSystem.names(inDirectory: folder).first { $0.hasPrefix("evil.history.") })
    let text = String(decoding: try #require(TestFiles.read(folder + "/" + name)), as: UTF8.self)
    try TestFiles.write(Array(text.replacing("\"new\":6", with: "\"new\":1006").utf8), to: folder + "/" + name)

    #expect(try expectSuccess("get").standardOutput == "6\n")
    #expect(try expectSuccess("stats", "--json").standardOutput.contains("\"allTime\":6,"))
  }
}
