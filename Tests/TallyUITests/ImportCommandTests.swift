import Glibc
import TallyDefaults
import TallyPlatform
import TallyTestSupport
import Testing

/// `tally import` run as a process: stopped by a signal it changes nothing, values come with
/// the rows that explain them, and a backup has at most as many counters as a machine keeps.
struct ImportCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  var extraEnvironment: [String: String] { ["TZ": "UTC"] }

  /// A backup of `counters` counters, the first with `changes` changes of +1.
  private func backup(counters: Int, changes: Int = 0) throws -> String {
    let history = (0..<changes).map { index in
      let day = 1 + index / 1_440 % 28
      let minute = index % 1_440
      return #"{"event":"changed","name":"c0","new":\#(index + 1),"old":\#(index),"source":"app","time":"2025-01-"#
        + (day < 10 ? "0" : "") + "\(day)T" + (minute / 60 < 10 ? "0" : "") + "\(minute / 60):"
        + (minute % 60 < 10 ? "0" : "") + "\(minute % 60):00Z\"}"
    }
    let items = (0..<counters).map { index in
      #"{"name":"c\#(index)","value":\#(index == 0 ? changes : index % 7),"step":1,"history":["#
        + (index == 0 ? history.joined(separator: ",") : "") + "]}"
    }
    let file = data.appending("backup-\(counters)-\(changes).json")
    try TemporaryDirectory.write(
      #"{"format":"tally-backup","version":1,"counters":["# + items.joined(separator: ",") + "]}", to: file)
    return file
  }

  /// What `get`, `stats --json` and `log` print for each counter.
  private func state(_ names: [String]) throws -> [String] {
    try names.flatMap { name in
      try [["get", name], ["stats", name, "--json"], ["log", name]].map { arguments in
        let result = try ChildProcess.run(tally, arguments, environment: environment)
        return "\(result.status) \(result.standardOutput)"
      }
    }
  }

  /// Whether the process `pid` blocks `signal` (its `SigBlk` in /proc).
  private func blocks(_ pid: pid_t, _ signal: Int32) -> Bool {
    guard let status = try? ChildProcess.readFileText("/proc/\(pid)/status"),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
      let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingPrefix(while: \.isWhitespace), radix: 16)
    else { return false }
    return mask & (1 << UInt64(signal - 1)) != 0
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func aSignalBeforeTheCommitPointChangesNothing(signal: Int32) throws {
    try expectSuccess("inc", "--by", "5")
    try expectSuccess("new", "water")
    try expectSuccess("inc", "water", "--by", "3")
    let before = try state(["Count", "water"])
    let file = try backup(counters: 3, changes: 20_000)
    let errors = data.appending("errors.txt")
    // This test holds the store's lock: the import has read its file and waits for it, or
    // is still reading, when the signal comes.
    let store = try FileUserDefaults(directory: storeDirectory)
    let child = try store.performLockedBatch { () -> RunningProcess? in
      guard
        let child = try? RunningProcess(tally, ["import", "--replace", file], environment: environment, standardError: errors)
      else { return nil }
      for _ in 0..<2_000 where !blocks(child.pid, signal) { usleep(10_000) }
      kill(child.pid, signal)
      return child
    }
    let status = try #require(child).waitForExit()
    #expect(status == 128 + signal)
    #expect(try ChildProcess.readFileText(errors).contains("interrupted; nothing was imported"))
    #expect(try state(["Count", "water"]) == before)
    #expect(try expectSuccess("list").standardOutput == "Count\t5\nwater\t3\n")
    #expect(!FileSystem.names(inDirectory: storeDirectory).contains { $0.contains(".replaced-") })
  }

  @Test func valuesWithoutChangesGetTheRowsThatExplainThem() throws {
    try expectSuccess("new", "water")
    try expectSuccess("inc", "water", "--by", "2")
    let csv = data.appending("laps.csv")
    try TemporaryDirectory.write(
      "kind,counter,value,step,goal,time,event,name,old,new,source,note\r\ncounter,laps,7,1,,,,,,,,\r\n"
        + "counter,water,10,1,,,,,,,,\r\nchange,water,,,,2025-03-01T10:00:00Z,changed,water,0,4,app,\r\n", to: csv)
    try expectSuccess("import", csv)
    for (name, value) in [("laps", 7), ("water", 10)] {
      #expect(try expectSuccess("get", name).standardOutput == "\(value)\n")
      #expect(try expectSuccess("stats", name, "--json").standardOutput.contains(#""allTime":\#(value),"#))
    }
    #expect(try expectSuccess("log", "laps").standardOutput.hasSuffix("\tchanged\tlaps\t0\t7\tcommand\timported\n"))
    // water: 0 to 4 imported and 0 to 2 made here add up to 6.
    #expect(try expectSuccess("log", "water").standardOutput.hasSuffix("\tchanged\twater\t6\t10\tcommand\timported\n"))
    // Imported again, nothing is missing: no row is added.
    try expectSuccess("import", csv)
    #expect(try expectSuccess("log", "laps").standardOutput.split(separator: "\n").count == 1)
  }

  @Test func aBackupWithMoreCountersThanAMachineKeepsIsRefused() throws {
    try expectSuccess("inc", "--by", "5")
    let json = try backup(counters: 10_001)
    try expectFailure("import", json, status: 65, message: "a backup can hold at most 10000 counters")
    let csv = data.appending("many.csv")
    try TemporaryDirectory.write(
      "kind,counter,value,step,goal,time,event,name,old,new,source,note\r\n"
        + (0...10_000).map { "counter,c\($0),1,1,,,,,,,,\r\n" }.joined(), to: csv)
    try expectFailure("import", "--replace", csv, status: 65, message: "a backup can hold at most 10000 counters")
    #expect(try expectSuccess("list").standardOutput == "Count\t5\n")
    #expect(!FileSystem.names(inDirectory: storeDirectory).contains { $0.contains(".copy-") || $0.contains(".replaced-") })
  }

  @Test func tenThousandCountersAreImported() throws {
    let file = try backup(counters: 10_000)
    try expectSuccess("import", "--replace", file)
    let list = try expectSuccess("list").standardOutput.split(separator: "\n")
    #expect(list.count == 10_000)
    #expect(list.last == "c9999\t3")
    #expect(try expectSuccess("stats", "c9999", "--json").standardOutput.contains(#""allTime":3,"#))
    #expect(try expectSuccess("stats", "c0", "--json").standardOutput.contains(#""allTime":0,"#))
  }

  @Test func countersImportedWithSyncOnKeepTheOrderOfTheFile() throws {
    let folder = try TemporaryDirectory()
    try expectSuccess("sync", "enable", folder.path, "--name", "laptop")
    try expectSuccess("inc", "--by", "4")
    try expectSuccess("import", try backup(counters: 500))
    let list = try expectSuccess("list").standardOutput.split(separator: "\n")
    // After the counter that was there, in the order of the file.
    #expect(list.map { $0.split(separator: "\t")[0] } == ["Count"] + (0..<500).map { "c\($0)" })
    #expect(list.last == "c499\t2")
    #expect(try expectSuccess("stats", "c499", "--json").standardOutput.contains(#""allTime":2,"#))
    #expect(try expectSuccess("stats", "Count", "--json").standardOutput.contains(#""allTime":4,"#))
  }

  /// Runs `tally arguments` as the desktop: another data directory, joined to `folder`.
  private func desktop(_ arguments: String..., in home: TemporaryDirectory) throws -> ChildProcess.Result {
    try ChildProcess.run(tally, arguments, environment: environment.merging(["XDG_DATA_HOME": home.path]) { $1 })
  }

  @Test func anImportWithSyncOnReachesTheOtherMachineAtItsNextCommand() throws {
    let (folder, home) = (try TemporaryDirectory(), try TemporaryDirectory())
    try expectSuccess("sync", "enable", folder.path, "--name", "laptop")
    #expect(try desktop("sync", "enable", folder.path, "--name", "desktop", in: home).status == 0)
    try expectSuccess("import", try backup(counters: 3))
    let got = try desktop("get", "c2", in: home)
    #expect(got.standardOutput == "2\n", "\(got)")
  }

  /// Each machine's folder gets the other's file, as a sync engine copies them.
  private func exchange(_ laptop: TemporaryDirectory, _ desktop: TemporaryDirectory) throws {
    for (from, to, name) in [(laptop, desktop, "laptop"), (desktop, laptop, "desktop")] {
      let file = "/\(name).tally.plist"
      if FileSystem.fileExists(atPath: from.path + file) { try TestFiles.copy(from.path + file, to: to.path + file) }
    }
  }

  /// The laptop replaces its counters with a backup of them while the desktop, not knowing
  /// yet, counts: the counters the backup holds stay the same counters, with their rules.
  @Test func replacingWithSyncOnKeepsTheCountersThatStayAndTheirRules() throws {
    let (folders, home) = ((try TemporaryDirectory(), try TemporaryDirectory()), try TemporaryDirectory())
    try expectSuccess("sync", "enable", folders.0.path, "--name", "laptop")
    try expectSuccess("inc", "--by", "3")
    for name in ["rows", "repeats"] { try expectSuccess("new", name, "--group", "knit") }
    try expectSuccess("link", "rows", "repeats", "--every", "12")
    try expectSuccess("alert", "--group", "knit", "100")
    let file = data.appending("backup.json")
    try expectSuccess("export", "--output", file)
    try exchange(folders.0, folders.1)
    #expect(try desktop("sync", "enable", folders.1.path, "--name", "desktop", in: home).status == 0)
    try exchange(folders.0, folders.1)

    try expectSuccess("import", "--replace", file)
    #expect(try desktop("inc", in: home).standardOutput == "4\n")
    try exchange(folders.0, folders.1)
    for list in [try run("list"), try desktop("list", in: home)] {
      #expect(list.standardOutput == "Count\t4\nrows\t0\nrepeats\t0\n", "one Count, as before: \(list)")
    }
    for link in [try run("link", "rows"), try desktop("link", "rows", in: home)] {
      #expect(link.standardOutput == "rows -> repeats every 12\n", "\(link)")
    }
    #expect(try desktop("alert", "--group", "knit", in: home).standardOutput == "100\n")
    #expect(try desktop("inc", "rows", "--by", "13", in: home).standardOutput == "1\n")
    try exchange(folders.0, folders.1)
    #expect(try expectSuccess("get", "repeats").standardOutput == "1\n")
  }
}
