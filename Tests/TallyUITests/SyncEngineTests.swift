import TallyPlatform
import TallyTestSupport
import Testing

/// The simplest sync engine, copying files between folders in any order, under the real
/// `tally` binary: three machines (three data directories, each with its own folder).
struct SyncEngineTests {
  let tally: String
  let root: TemporaryDirectory
  let machines = ["laptop", "desktop", "phone"]

  init() throws {
    tally = try Executables.tally()
    root = try TemporaryDirectory()
  }

  private func folder(_ machine: String) -> String { root.appending("folder-\(machine)") }

  @discardableResult
  private func run(on machine: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> ChildProcess.Result
  {
    let environment = ["XDG_DATA_HOME": root.appending("data-\(machine)"), "PATH": "/usr/bin:/bin"]
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == 0, "\(machine): \(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }

  /// `cp` of one file, from one machine's folder to another's.
  private func copy(_ file: String, from source: String, to destination: String) throws {
    let path = folder(source) + "/" + file
    guard TestFiles.read(path) != nil else { return }
    try TestFiles.copy(path, to: folder(destination) + "/" + file)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func copiesInAnyOrderGiveExactTotals(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    for machine in machines { try run(on: machine, ["sync", "enable", folder(machine), "--name", machine]) }
    try run(on: "laptop", ["new", "laps"])
    var totals = ["Count": 0, "laps": 0]
    for _ in 0..<40 {
      let machine = machines[random.next(below: 3)]
      switch random.next(below: 3) {
      case 0:
        let amount = random.next(below: 9) + 1
        let counter = random.next(below: 2) == 0 ? "Count" : "laps"
        let known = try run(on: machine, ["list"]).standardOutput.contains("\(counter)\t")
        guard known else { continue }
        let subtract = random.next(below: 3) == 0
        try run(on: machine, [subtract ? "dec" : "inc", counter, "--by", String(amount), "-q"])
        totals[counter, default: 0] += subtract ? -amount : amount
      case 1:
        // One machine's file, copied from any folder that has it to any other.
        let file = machines[random.next(below: 3)] + ".tally.plist"
        try copy(file, from: machines[random.next(below: 3)], to: machine)
      default:
        try run(on: machine, ["get", "-q"])
      }
    }
    // The engine settles: each machine's own file reaches every folder.
    for machine in machines { try run(on: machine, ["get", "-q"]) }
    for source in machines {
      for destination in machines where destination != source { try copy(source + ".tally.plist", from: source, to: destination) }
    }
    for machine in machines {
      let listed = try run(on: machine, ["list"]).standardOutput
      #expect(listed == "Count\t\(totals["Count"] ?? 0)\nlaps\t\(totals["laps"] ?? 0)\n", "\(machine)")
    }
  }

  @Test func statusNamesTheOtherMachinesAndTheProblems() throws {
    let shared = root.appending("shared")
    try run(on: "laptop", ["sync", "enable", shared, "--name", "laptop"])
    let joined = try run(on: "desktop", ["inc", "--by", "2"])
    #expect(joined.standardOutput == "2\n")
    let enable = try run(on: "desktop", ["sync", "enable", shared, "--name", "desktop"])
    #expect(enable.standardOutput.contains("their values add up"))
    try TestFiles.write(Array("junk".utf8), to: shared + "/junk.tally.plist")

    let status = try run(on: "laptop", ["sync", "status", "--json"]).standardOutput
    #expect(status.contains(#""machine":"laptop""#))
    #expect(status.contains(#""name":"desktop""#))
    #expect(status.contains(#""problems":["junk.tally.plist was skipped: it is damaged"#))
    #expect(try run(on: "laptop", ["get"]).standardOutput == "2\n")

    let text = try run(on: "desktop", ["sync", "status"]).standardOutput
    #expect(text.contains("machine: laptop, wrote "))
    #expect(try run(on: "desktop", ["sync", "disable"]).standardOutput.contains("its counts stay here"))
    #expect(try run(on: "desktop", ["sync", "status"]).standardOutput.hasPrefix("Sync is off"))
  }

  @Test func logAndStatsCountEveryMachine() throws {
    let shared = root.appending("shared")
    try run(on: "laptop", ["inc", "--by", "2"])
    try run(on: "laptop", ["sync", "enable", shared, "--name", "laptop"])
    try run(on: "desktop", ["sync", "enable", shared, "--name", "desktop"])
    try run(on: "desktop", ["inc", "--by", "5"])
    try run(on: "laptop", ["dec"])

    let log = try run(on: "laptop", ["log"]).standardOutput.split(separator: "\n").map { $0.split(separator: "\t").suffix(3) }
    #expect(log.map { $0.map(String.init) } == [["0", "2", "command"], ["2", "7", "command@desktop"], ["7", "6", "command"]])
    let stats = try run(on: "desktop", ["stats", "--json"]).standardOutput
    #expect(stats.contains(#""allTime":6"#), "\(stats)")
  }

  /// A name made again after a rename away is another counter, with its own history.
  ///
  /// The laptop renames `x` to `z`; then the desktop, which never knew `x`, makes a new `x`.
  /// Once the files cross (the desktop's history files written anew under the id its `x`
  /// takes), both machines show two counters, and each one's stats and log hold its own
  /// changes alone.
  @Test func aNameMadeAgainAfterARenameAwayIsAnotherCounterWithItsOwnHistory() throws {
    for machine in ["laptop", "desktop"] { try run(on: machine, ["sync", "enable", folder(machine), "--name", machine]) }
    try run(on: "laptop", ["new", "x"])
    try run(on: "laptop", ["inc", "x", "--by", "5"])
    try run(on: "laptop", ["rename", "x", "z"])
    try run(on: "desktop", ["new", "x"])
    try run(on: "desktop", ["inc", "x", "--by", "2"])
    for _ in 0..<2 {
      for (source, destination) in [("laptop", "desktop"), ("desktop", "laptop")] {
        for name in FileSystem.names(inDirectory: folder(source)) where name.hasPrefix(source + ".") {
          try copy(name, from: source, to: destination)
        }
        // A command that opens the history: it moves its changes, and copies them again.
        try run(on: destination, ["stats"])
      }
    }
    for machine in ["laptop", "desktop"] {
      #expect(try run(on: machine, ["list"]).standardOutput == "Count\t0\nz\t5\nx\t2\n", "\(machine)")
      let z = try run(on: machine, ["stats", "z", "--json"]).standardOutput
      #expect(z.contains(#""allTime":5"#), "\(machine): \(z)")
      let x = try run(on: machine, ["stats", "x", "--json"]).standardOutput
      #expect(x.contains(#""allTime":2"#), "\(machine): \(x)")
      let log = try run(on: machine, ["log", "x"]).standardOutput.split(separator: "\n")
      let source = "command" + (machine == "laptop" ? "@desktop" : "")
      #expect(
        log.map { $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().map(String.init) } == [
          ["created", "x", "", "0", source], ["changed", "x", "0", "2", source],
        ], "\(machine): \(log)")
    }
  }

  @Test func settingsFollowTheUserAndTheLockTimeoutStaysOnItsMachine() throws {
    for machine in ["laptop", "desktop"] { try run(on: machine, ["sync", "enable", folder(machine), "--name", machine]) }
    try run(on: "laptop", ["config", "set", "theme", "mono"])
    try run(on: "laptop", ["config", "set", "lockTimeout", "30"])
    try copy("laptop.tally.plist", from: "laptop", to: "desktop")
    #expect(try run(on: "desktop", ["config", "get", "theme"]).standardOutput == "mono\n")
    #expect(try run(on: "desktop", ["config", "get", "lockTimeout"]).standardOutput == "5\n")

    // Concurrent sets, neither machine having seen the other's: the later one wins on both.
    try run(on: "laptop", ["config", "set", "keys.increment", "k"])
    try run(on: "desktop", ["config", "set", "keys.increment", "space,+"])
    try copy("laptop.tally.plist", from: "laptop", to: "desktop")
    try copy("desktop.tally.plist", from: "desktop", to: "laptop")
    for machine in ["laptop", "desktop"] {
      #expect(try run(on: machine, ["config", "get", "keys.increment"]).standardOutput == "Space,+\n", "\(machine)")
    }
    #expect(try run(on: "laptop", ["config", "get", "lockTimeout"]).standardOutput == "30\n")
    let listed = try run(on: "laptop", ["config", "list"]).standardOutput
    #expect(listed.contains("lockTimeout = 30 (user; default: 5; this machine only)"))
  }

  @Test func aMachineThatLostItsDataTakesOverItsOwnFileWithReplaceMachine() throws {
    let shared = root.appending("shared")
    try run(on: "laptop", ["sync", "enable", shared, "--name", "laptop"])
    try run(on: "desktop", ["sync", "enable", shared, "--name", "desktop"])
    try run(on: "laptop", ["inc", "--by", "5"])
    try run(on: "laptop", ["config", "set", "theme", "mono"])

    // The laptop is set up again: its data directory is gone, its file is still in the folder.
    _ = try ChildProcess.run("/bin/rm", ["-rf", root.appending("data-laptop")], environment: [:])
    let clash = try run(on: "laptop", ["sync", "enable", shared, "--name", "laptop"])
    #expect(clash.standardError.contains("another machine also calls itself \"laptop\""))
    #expect(clash.standardError.contains("--name laptop --replace-machine"), "\(clash)")

    let replaced = try run(on: "laptop", ["sync", "enable", shared, "--name", "laptop", "--replace-machine"])
    #expect(replaced.standardOutput.contains("It took over the file of the earlier \"laptop\""), "\(replaced)")
    #expect(replaced.standardError.isEmpty, "\(replaced)")
    #expect(try run(on: "laptop", ["get"]).standardOutput == "5\n")
    #expect(try run(on: "laptop", ["config", "get", "theme"]).standardOutput == "mono\n")
    try run(on: "laptop", ["inc"])
    #expect(try run(on: "desktop", ["get"]).standardOutput == "6\n")
    #expect(try run(on: "desktop", ["sync", "status", "--json"]).standardOutput.contains(#""problems":[]"#))
    #expect(try run(on: "laptop", ["sync", "status", "--json"]).standardOutput.contains(#""problems":[]"#))
    // The earlier laptop's history is kept, in the folder for the others too.
    let log = try run(on: "desktop", ["log"]).standardOutput.split(separator: "\n").map { $0.split(separator: "\t").suffix(3) }
    #expect(log.map { $0.map(String.init) } == [["0", "5", "command@laptop"], ["5", "6", "command@laptop"]], "\(log)")
  }

  @Test func aBadNameOrFolderIsRefusedAndChangesNothing() throws {
    let environment = ["XDG_DATA_HOME": root.appending("data-bad"), "PATH": "/usr/bin:/bin"]
    let result = try ChildProcess.run(
      tally, ["sync", "enable", root.appending("f"), "--name", "my/laptop"], environment: environment)
    #expect(result.status == 64)
    #expect(result.standardError.contains("a machine's name can hold only ASCII letters"))
    try TestFiles.write([], to: root.appending("a-file"))
    let notAFolder = try ChildProcess.run(tally, ["sync", "enable", root.appending("a-file/sync")], environment: environment)
    #expect(notAFolder.status == 74)
    #expect(notAFolder.standardError.contains("cannot use \(root.appending("a-file/sync")) as the sync folder"))
    #expect(try ChildProcess.run(tally, ["sync", "status"], environment: environment).standardOutput.hasPrefix("Sync is off"))
  }
}

/// A small seeded random number generator, so that each run of a seed is the same run.
struct SplitMix {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
