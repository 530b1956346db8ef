import FoundationEssentials
import Glibc
import TallyDefaults
import TallyPlatform
import TallyTestSupport
import Testing

/// `tally import` of other apps' files, run as a process: the format told by content,
/// `--dry-run` that changes nothing, names that clash, `--merge`, a second import, and
/// hostile files refused with the file and the reason.
struct ForeignImportCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  var extraEnvironment: [String: String] { ["TZ": "America/Los_Angeles"] }

  /// A Loop backup (schema 25) of "Walk" (2 done days, one with a note) and an archived "Run".
  private func loopBackup(wal: Bool = false) throws -> String {
    let folder = data.appending("backups")
    if !FileSystem.fileExists(atPath: folder) { try TestFiles.makeDirectory(folder) }
    let path = folder + "/Loop Habits Backup 2026-01-02 101010.db"
    try ForeignFixtures.writeLoop(
      version: 25, habits: [.init(id: 0, name: "Walk", freq: (3, 7)), .init(id: 1, name: "Run", archived: true, freq: (1, 3))],
      rows: [.init(0, "2025-12-30", notes: "Beach"), .init(0, "2025-12-31"), .init(0, "2026-01-01", 0), .init(1, "2025-12-01")],
      to: path, wal: wal)
    return path
  }

  @Test func aDryRunPrintsWhatEachCounterWouldBeAndChangesNothing() throws {
    let file = try loopBackup()
    let before = try expectSuccess("list").standardOutput
    let result = try expectSuccess("import", file, "--dry-run")
    #expect(result.standardOutput.hasPrefix("Loop Habit Tracker: \(file)\n"), "\(result)")
    #expect(result.standardOutput.contains("\"Walk\": 2 changes, total 2, 2025-12-30 to 2025-12-31, goal 3/week\n"), "\(result)")
    #expect(result.standardOutput.contains("\"Run\": 1 changes, total 1, 2025-12-01 to 2025-12-01, goal none, group archived\n"))
    #expect(result.standardOutput.contains("  its frequency, 1 in 3 days, has no Tally goal"))
    #expect(result.standardOutput.hasSuffix("Nothing was changed (--dry-run).\n"))
    #expect(try expectSuccess("list").standardOutput == before)
  }

  @Test(arguments: ["Pacific/Pago_Pago", "Pacific/Kiritimati"])
  func loopDaysStayOnTheirDatesInAZoneFarWestOrEastOfUTC(zone: String) throws {
    let file = try loopBackup()
    let result = try run("import", file, environment: ["TZ": zone])
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.contains("\"Walk\": 2 changes, total 2, 2025-12-30 to 2025-12-31, goal 3/week\n"), "\(result)")
    let table = try run("log", "Walk", environment: ["TZ": zone]).standardOutput
    #expect(table.split(separator: "\n").count == 2, "\(table)")
  }

  @Test func anImportMakesTheCountersAndASecondOneStopsOrWithMergeAddsNothing() throws {
    let file = try loopBackup()
    let first = try expectSuccess("import", "--from", "loop", file).standardOutput
    #expect(first.hasSuffix("Imported 2 counters, 3 changes.\n"), "\(first)")
    try expectOutput("get", "Walk", is: "2\n")
    let log = try expectSuccess("log", "Walk").standardOutput
    #expect(log.contains("Beach"), "\(log)")
    try expectOutput("goal", "Walk", is: "3/week\n")

    try expectFailure(
      "import", file, status: 65, message: "counters with these names exist: \"Walk\", \"Run\"; --merge adds the history to them")
    let again = try expectSuccess("import", "--merge", file).standardOutput
    #expect(again.hasSuffix("Nothing new: every change in the file is already here.\n"), "\(again)")
    try expectOutput("get", "Walk", is: "2\n")
    try expectOutput("get", "Run", is: "1\n")
  }

  @Test func replaceAndADryRunOfATallyBackupAreUsageErrors() throws {
    try expectFailure("import", "--replace", try loopBackup(), status: 64, message: "tally: --replace is for Tally's own backups")
    let backup = data.appending("backup.json")
    try TemporaryDirectory.write(#"{"format":"tally-backup","version":1,"counters":[]}"#, to: backup)
    try expectFailure("import", "--dry-run", backup, status: 64, message: "tally: --dry-run is for another app's file")
  }

  @Test func mergeAddsTheHistoryToACounterOfTheSameName() throws {
    let file = try loopBackup()
    try expectSuccess("new", "walk")
    try expectSuccess("inc", "walk", "--by", "5")
    try expectSuccess("import", "--merge", file)
    try expectOutput("get", "walk", is: "7\n")
  }

  @Test func theSourceIsLeftAsItWas() throws {
    let file = try loopBackup(wal: true)
    let bytes = TestFiles.read(file)
    let folder = data.appending("backups")
    let listing = FileSystem.names(inDirectory: folder).sorted()
    try expectSuccess("import", file)
    #expect(TestFiles.read(file) == bytes)
    // No journal, write-ahead log, shared memory or lock file beside it.
    #expect(FileSystem.names(inDirectory: folder).sorted() == listing)
    #expect(listing == ["Loop Habits Backup 2026-01-02 101010.db"])
  }

  /// Whether the process `pid` blocks `signal` (its `SigBlk` in /proc): the command is running.
  private func blocks(_ pid: pid_t, _ signal: Int32) -> Bool {
    guard let status = try? ChildProcess.readFileText("/proc/\(pid)/status"),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
      let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingPrefix(while: \.isWhitespace), radix: 16)
    else { return false }
    return mask & (1 << UInt64(signal - 1)) != 0
  }

  @Test(arguments: [SIGINT, SIGKILL])
  func ctrlCOrKillBeforeTheCommitPointLeavesNothing(signal: Int32) throws {
    try expectSuccess("inc", "--by", "5")
    let file = try loopBackup()
    // This test holds the store's lock: the import has read its file and waits for it.
    let store = try FileUserDefaults(directory: storeDirectory)
    let child = try store.performLockedBatch { () -> RunningProcess? in
      guard let child = try? RunningProcess(tally, ["import", file], environment: environment) else { return nil }
      for _ in 0..<2_000 where !blocks(child.pid, SIGINT) { usleep(10_000) }
      kill(child.pid, signal)
      return child
    }
    let status = try #require(child).waitForExit()
    #expect(status == (signal == SIGKILL ? 128 + SIGKILL : 130))
    #expect(try expectSuccess("list").standardOutput == "Count\t5\n")
    #expect(try expectSuccess("log").standardOutput.split(separator: "\n").count == 1)
  }

  @Test func harshAndDijoAreFoundInTheirFolders() throws {
    let harsh = data.appending("harsh")
    try TestFiles.makeDirectory(harsh)
    try TemporaryDirectory.write("! Health\nGym: 3/7\n", to: harsh + "/habits")
    try TemporaryDirectory.write("2025-01-01 : Gym : y :  : \n2025-01-02 : Gym : y : Legs : \n", to: harsh + "/log")
    let found = try expectSuccess("import", harsh, "--dry-run").standardOutput
    #expect(found.hasPrefix("harsh: \(harsh)/habits, \(harsh)/log\n"), "\(found)")
    try expectSuccess("import", "--from", "harsh", harsh + "/log")
    try expectOutput("get", "Gym", is: "2\n")

    let dijo = data.appending("dijo")
    try TestFiles.makeDirectory(dijo)
    try TemporaryDirectory.write(
      #"[{"type": "Count", "name": "pushups", "stats": {"2021-03-01": 30}, "goal": 50}]"#, to: dijo + "/habit_record.json")
    try TemporaryDirectory.write(
      #"[{"type": "Bit", "name": "walk", "stats": {"2021-03-01": true}, "goal": true, "auto": true}]"#,
      to: dijo + "/habit_record[auto].json")
    try expectSuccess("import", dijo + "/habit_record.json")
    try expectOutput("get", "pushups", is: "30\n")
    try expectOutput("get", "walk", is: "1\n")
  }

  @Test func hostileFilesAreRefusedNamingTheFileAndChangeNothing() throws {
    let fifo = data.appending("fifo")
    try TestFiles.makeFIFO(fifo)
    try expectFailure("import", "--from", "loop", fifo, status: 74, message: "cannot read \(fifo): not a regular file")
    try expectFailure("import", fifo, status: 74, message: "cannot read \(fifo): not a regular file")
    try expectFailure("import", "/dev/zero", status: 74, message: "cannot read /dev/zero: not a regular file")
    let huge = data.appending("huge.csv")
    try TestFiles.makeSparse(huge, size: 65 << 20)
    try expectFailure("import", "--from", "habitbull", huge, status: 74, message: "cannot read \(huge)")
    let text = data.appending("notes.txt")
    try TemporaryDirectory.write(
      "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nA,,,never,1,\n", to: text)
    try expectFailure("import", text, status: 65, message: "\(text): line 2: a date is YYYY-MM-DD or M/D/YYYY")
    try expectFailure(
      "import", "--from", "loop", text, status: 65, message: "\(text): not an SQLite database; nothing was imported")
    let whole = try #require(TestFiles.read(try loopBackup()))
    let truncated = data.appending("truncated.db")
    try TestFiles.write(Array(whole.prefix(whole.count / 2 + 100)), to: truncated)
    try expectFailure("import", "--from", "loop", truncated, status: 65, message: "\(truncated): a damaged or truncated database")
    let unknown = data.appending("unknown.txt")
    try TemporaryDirectory.write("hello\n", to: unknown)
    try expectFailure(
      "import", unknown, status: 65, message: "\(unknown): neither a Tally export nor a file of Loop Habit Tracker,")
    let later = data.appending("later.db")
    try ForeignFixtures.writeLoop(version: 26, habits: [], rows: [], to: later)
    try expectFailure("import", later, status: 65, message: "\(later): Loop's schema 26 is later than Tally knows")
    let evil = data.appending("bettercounter-export.csv")
    try TemporaryDirectory.write("Evil\u{1B}[2J,1710036000000\n", to: evil)
    try expectFailure("import", evil, status: 65, message: "habit 1 (\"Evil\\u{1B}[2J\")")
    // Nothing was made: the store still holds its first counter alone.
    #expect(try expectSuccess("list").standardOutput.split(separator: "\n").count == 1)
  }
}

/// A Loop backup imported, then one of its habits' year map on screen.
struct ForeignImportUITests {
  @Test func aLoopHabitImportedShowsItsDaysOnTheYearMap() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    test.app.launchEnvironment["TZ"] = "UTC"
    let today = Int((Date().timeIntervalSince1970 / 86_400).rounded(.down))
    let dates = [1, 2, 4].map { String(UTCTime.text(for: Date(timeIntervalSince1970: Double(today - $0) * 86_400)).prefix(10)) }
    let file = test.app.dataHome + "-loop.db"
    try ForeignFixtures.writeLoop(
      version: 25, habits: [.init(id: 0, name: "Stretch")], rows: dates.map { ForeignFixtures.LoopRow(0, $0) }, to: file)
    let environment = ["XDG_DATA_HOME": test.app.dataHome, "TZ": "UTC"]
    let result = try ChildProcess.run(try Executables.tally(), ["import", file], environment: environment)
    #expect(result.status == 0, "\(result)")

    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    try test.app.press(.tab)
    try await test.app.waitFor(text: "Stretch: 3")
    try test.app.press(.character("H"))
    let screen = try await test.app.waitFor(text: "3 counted on 3 days")
    #expect(screen[0].hasPrefix("  Year "), "\(screen)")
  }
}
