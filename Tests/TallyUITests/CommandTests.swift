import FoundationEssentials
import Glibc
import TallyDefaults
import TallyModel
import TallySettings
import TallyTestSupport
import Testing

@testable import TallyHistory

/// Every subcommand run as a process on a store in a temporary data directory.
struct CommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory
  /// Dates given and printed (`--at`, `log`, `--since`) are the local calendar's: pinned, so
  /// the tests pass on a host in any time zone.
  var extraEnvironment: [String: String] { ["TZ": "UTC"] }

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  @Test func valueCommandsPrintTheResultingValue() throws {
    try expectOutput("inc", is: "1\n")
    try expectOutput("inc", "--by", "9", is: "10\n")
    try expectOutput("dec", is: "9\n")
    try expectOutput("dec", "--by", "20", is: "-11\n")
    try expectOutput("set", "42", is: "42\n")
    try expectOutput("set", "-5", is: "-5\n")
    try expectOutput("get", is: "-5\n")
    try expectOutput("reset", is: "0\n")
    try expectOutput("get", "Count", is: "0\n")
  }

  @Test func namedCountersAreFoundIgnoringCase() throws {
    try expectOutput("new", "Laps", is: "")
    try expectOutput("inc", "laps", is: "1\n")
    try expectOutput("inc", "LAPS", "--by", "2", is: "3\n")
    try expectOutput("set", "laps", "10", is: "10\n")
    try expectOutput("dec", "laps", is: "9\n")
    try expectOutput("reset", "laps", is: "0\n")
    try expectOutput("get", "Count", is: "0\n")
  }

  @Test func theCountersStepIsTheDefaultAmount() throws {
    let store = try FileUserDefaults(directory: storeDirectory)
    AppDefaults.register(in: store)
    try CountersModel(userDefaults: store, eventRecorder: DiscardingRecorder()).perform(.setStep(5, of: "count"))
    try expectOutput("inc", is: "5\n")
    try expectOutput("dec", is: "0\n")
    try expectOutput("inc", "--by", "1", is: "1\n")
  }

  @Test func listAndRenameAndRemove() throws {
    try run("new", "laps")
    try run("new", "☕ coffee")
    try run("inc", "☕ coffee", "--by", "3")
    try expectOutput("list", is: "Count\t0\nlaps\t0\n☕ coffee\t3\n")
    try expectOutput("rename", "laps", "swims", is: "")
    try expectOutput("rm", "count", is: "")
    try expectOutput("list", is: "swims\t0\n☕ coffee\t3\n")
  }

  @Test func jsonOutput() throws {
    try run("new", "漢字")
    try run("set", "漢字", "7")
    try expectOutput("get", "漢字", "--json", is: #"{"current":false,"name":"漢字","step":1,"value":7}"# + "\n")
    try expectOutput(
      "list", "--json",
      is: #"[{"current":true,"name":"Count","step":1,"value":0},{"current":false,"name":"漢字","step":1,"value":7}]"# + "\n")
    try run("goal", "漢字", "8/week")
    try expectOutput(
      "get", "漢字", "--json", is: #"{"current":false,"goal":"8/week","name":"漢字","step":1,"value":7}"# + "\n")
  }

  @Test func quietPrintsNothingButStillWorks() throws {
    try expectOutput("inc", "--quiet", is: "")
    try expectOutput("get", "-q", is: "")
    try expectOutput("list", "-q", is: "")
    try expectOutput("get", is: "1\n")
    try expectFailure("get", "nope", "--quiet", status: 65, message: "no counter is named")
  }

  @Test func unknownCountersAndBadValuesExitWith65() throws {
    try expectFailure("inc", "nope", status: 65, message: "no counter is named \"nope\"; `tally list` shows the counters")
    try expectFailure("new", "count", status: 65, message: "a counter named \"count\" already exists")
    try expectFailure("new", String(repeating: "x", count: 33), status: 65, message: "at most 32 characters")
    try expectFailure("rm", "count", status: 65, message: "the last counter cannot be deleted")
    try run("new", "laps")
    try expectFailure("rename", "laps", "COUNT", status: 65, message: "already exists")
  }

  @Test func aStepPastTheLimitLeavesTheValueAndExitsWith65() throws {
    try run("set", String(Int.max))
    try expectFailure("inc", status: 65, message: "largest value")
    try expectOutput("get", is: "\(Int.max)\n")
    try run("set", String(-Int.max))
    try expectFailure("dec", "--by", "2", status: 65, message: "smallest value")
    try expectOutput("get", is: "\(-Int.max)\n")
    // Int.min is no count (docs/counter-screen.md).
    try expectFailure("set", String(Int.min), status: 65, message: "smallest value")
  }

  @Test func usageErrorsExitWith64() throws {
    try expectFailure("inc", "--bogus", status: 64, message: "Unknown option '--bogus'")
    try expectFailure("set", "a", "b", "c", status: 64, message: "give a value, or a name and a value")
    try expectFailure("set", status: 64, message: "give a value")
    try expectFailure("rename", "only-one", status: 64, message: "Missing expected argument")
    try expectFailure("inc", "--by", "x", status: 64, message: "--by")
    try expectFailure("frobnicate", status: 64, message: "Unexpected argument 'frobnicate'")
  }

  @Test func anUnreadableStoreExitsWith74AndIsLeftAlone() throws {
    mkdir(storeDirectory, 0o700)
    mkdir(storeDirectory + "/defaults.plist", 0o700)
    try expectFailure("inc", status: 74, message: "cannot read")
    try expectFailure("list", status: 74, message: "cannot read")
    var info = stat()
    #expect(stat(storeDirectory + "/defaults.plist", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
  }

  @Test func aStoreLockedTooLongExitsWith75AndChangesNothing() throws {
    try run("set", "5")
    let holder = open(storeDirectory, O_RDONLY | O_DIRECTORY)
    defer { close(holder) }
    flock(holder, LOCK_EX)
    var locked = environment
    locked["TALLY_LOCK_TIMEOUT"] = "0.2"
    let result = try ChildProcess.run(tally, ["inc"], environment: locked)
    #expect(result.status == 75, "\(result)")
    #expect(result.standardError.contains("is locked by another tally"), "\(result)")
    flock(holder, LOCK_UN)
    try expectOutput("get", is: "5\n")
  }

  private func writeStore(_ bytes: [UInt8]) throws {
    mkdir(storeDirectory, 0o700)
    guard let file = fopen(storeDirectory + "/defaults.plist", "w") else { throw TestSupportError("cannot write the store") }
    fwrite(bytes, 1, bytes.count, file)
    fclose(file)
  }

  /// `{"count": 41}` as a binary property list (the format macOS keeps preferences in), written
  /// by Python's `plistlib.dumps(..., fmt=plistlib.FMT_BINARY)`.
  private static let binaryStore: [UInt8] = [
    0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xD1, 0x01, 0x02, 0x55, 0x63, 0x6F, 0x75, 0x6E, 0x74, 0x10, 0x29,
    0x08, 0x0B, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x13,
  ]

  @Test(arguments: [["get"], ["inc"], ["dec"], ["set", "3"], ["reset"], ["list"], ["new", "laps"], ["log"], ["stats"]])
  func aDamagedStoreIsReportedByEveryCommandWithWhereItWent(arguments: [String]) throws {
    try run("set", "5")
    let damaged = Array("<plist><dict><key>count</key><integer>5</integer>".utf8)
    try writeStore(damaged)
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == 74, "\(result)")
    #expect(result.standardOutput.isEmpty, "\(result)")
    #expect(result.standardError.contains("could not be read"), "\(result)")
    let movedTo = try #require(
      result.standardError.split(separator: " ").first { $0.contains("defaults.plist.corrupt-") }, "\(result)")
    #expect(try ChildProcess.readFileText(String(movedTo)) == String(decoding: damaged, as: UTF8.self))
  }

  @Test func keysThatDifferOnlyInNormalisationAreReportedNotMerged() throws {
    try writeStore(
      Array("<plist><dict><key>caf\u{E9}</key><integer>1</integer><key>cafe\u{301}</key><integer>2</integer></dict></plist>".utf8)
    )
    let result = try run("get")
    #expect(result.status == 74, "\(result)")
    #expect(result.standardError.contains("Unicode normalisation"), "\(result)")
  }

  @Test func storesFoundationReadsAreRead() throws {
    try run("set", "5")
    try writeStore(Array("<plist version=\"1.0\"><dict><key>count</key><integer>0x29</integer></dict></plist>".utf8))
    try expectOutput("get", is: "41\n")
    try writeStore(Self.binaryStore)
    try expectOutput("get", is: "41\n")
    try expectOutput("inc", is: "42\n")
    #expect(try ChildProcess.readFileText(storeDirectory + "/defaults.plist").contains("<integer>42</integer>"))
  }

  @Test(arguments: [("x\u{FFFF}", "noncharacters"), ("x\u{1}y", "control characters"), ("\u{FFFE}", "noncharacters")])
  func aCounterNameXMLCannotCarryIsRefused(name: String, reason: String) throws {
    try expectFailure("new", name, status: 65, message: "a counter's name cannot contain \(reason)")
    try run("new", "laps")
    try expectFailure("rename", "laps", name, status: 65, message: reason)
    try expectOutput("list", is: "Count\t0\nlaps\t0\n")
  }

  @Test(arguments: [["list"], ["get"], ["inc"], ["list", "--json"]])
  func aClosedStandardOutputIsNotACrash(arguments: [String]) throws {
    try run("new", "laps")
    let result = try ChildProcess.run(tally, arguments, environment: environment, closedOutput: true)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardError.isEmpty, "\(result)")
  }

  @Test func everyChangeIsLoggedAsACommand() throws {
    try run("inc")
    try run("inc", "--by", "4")
    try run("new", "laps")
    try run("set", "laps", "9")
    try run("rename", "laps", "swims")
    let log = try run("log")
    #expect(log.status == 0)
    let fields = log.standardOutput.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().joined(separator: "|")
    }
    #expect(fields == ["changed|Count|0|1|command", "changed|Count|1|5|command"])
    let swims = try run("log", "swims")
    #expect(
      swims.standardOutput.split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().joined(separator: "|")
      }
        == ["created|laps||0|command", "changed|laps|0|9|command", "renamed|swims|||command"])
  }

  @Test func logAsJSONAndSince() throws {
    try run("inc")
    let json = try run("log", "--json")
    let lines = json.standardOutput.split(separator: "\n")
    #expect(lines.count == 1)
    let entry = try #require(HistoryEntry(jsonLine: Array(lines[0].utf8)))
    #expect(entry.event == .changed && entry.old == 0 && entry.new == 1 && entry.source == .command)
    try expectOutput("log", "--since", "2999-01-01", is: "")
    #expect(try run("log", "--since", "2000-01-01").standardOutput.split(separator: "\n").count == 1)
    try expectFailure("log", "--since", "last tuesday", status: 64, message: "give today, yesterday, a date as 2026-11-20")
  }

  @Test func logTheLastNChangesAndUntilADate() throws {
    for day in ["2026-11-01", "2026-11-05", "2026-11-08", "2026-11-10"] { try run("inc", "--at", day) }
    func values(_ arguments: String...) throws -> [String] {
      try ChildProcess.run(tally, ["log"] + arguments, environment: environment)
        .standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[4]) }
    }
    #expect(try values("-n", "2") == ["3", "4"])
    #expect(try values("--max-count", "0") == [])
    #expect(try values("-n", "9") == ["1", "2", "3", "4"])
    // Before the day's start: a week from the 1st is the 1st to the 7th.
    #expect(try values("--since", "2026-11-01", "--until", "2026-11-08") == ["1", "2"])
    #expect(try values("--until", "2026-11-08", "-n", "1") == ["2"])
    try expectFailure("log", "--until", "soon", status: 64, message: "--until soon: give today, yesterday, a date as")
    try expectFailure("log", "-n", "-1", status: 64, message: "-n")
  }

  @Test func statsSumTheChanges() throws {
    try run("inc", "--by", "10")
    try run("dec", "--by", "3")
    try expectOutput("stats", is: "today\t+7\nthis week\t+7\nall time\t+7\n")
    try expectOutput("stats", "--json", is: #"{"allTime":7,"name":"Count","thisWeek":7,"today":7}"# + "\n")
  }

  @Test func theHistoryIsOpenedOnlyWhenUsed() throws {
    try run("get")
    try run("list")
    #expect(access(storeDirectory + "/history.sqlite", F_OK) != 0, "get and list never make the database")
    try run("inc")
    #expect(access(storeDirectory + "/history.sqlite", F_OK) == 0)
  }

  @Test func aHistoryFromALaterTallyStopsOnlyWhatShowsTheHistory() throws {
    try run("inc")
    // A later Tally's schema: what shows the history says so and exits 74; the counts work.
    let database = storeDirectory + "/history.sqlite"
    try SQLiteConnection(path: database, create: false).execute("PRAGMA user_version = 9")
    let stats = try run("stats")
    #expect(stats.status == 74)
    #expect(stats.standardError.contains("was written by a later Tally (schema 9"), "\(stats)")
    #expect(try run("get").standardOutput == "1\n")
    let inc = try run("inc")
    #expect(inc.status == 0)
    #expect(inc.standardOutput == "2\n")
    #expect(inc.standardError.contains("the history could not be saved"), "\(inc)")
  }

  @Test func theOldHistoryLogIsImportedOnceAndKeptAside() throws {
    // A history log as a Tally before the database wrote it, with a damaged line.
    mkdir(storeDirectory, 0o700)
    let line = HistoryEntry(time: Date(), event: .changed, counter: "count", name: "Count", old: 0, new: 3, source: .command)
    try TemporaryDirectory.write(line.jsonLine + "\n{broken\n", to: storeDirectory + "/history.jsonl")
    // The store that Tally left beside it, with the value the log explains.
    let store = try FileUserDefaults(directory: storeDirectory)
    store.x.set(3, forKey: DefaultsKey("count"))
    let first = try run("stats")
    #expect(first.status == 0)
    #expect(first.standardOutput.hasPrefix("today\t+3\n"), "\(first)")
    #expect(first.standardError.contains("the history log (1 change, 1 damaged lines skipped) was imported"), "\(first)")
    #expect(first.standardError.contains("history.jsonl.imported-"), "\(first)")
    #expect(access(storeDirectory + "/history.jsonl", F_OK) != 0)
    let second = try run("stats")
    #expect(second.standardOutput.hasPrefix("today\t+3\n"))
    #expect(second.standardError.isEmpty, "imported once")
  }

  @Test func aWriteThatFailsExitsWith74AndChangesNothing() throws {
    try run("set", "5")
    // A directory where the temporary file goes makes every save fail.
    mkdir(storeDirectory + "/defaults.plist.tmp", 0o700)
    try expectFailure(
      "inc", status: 74, message: "cannot save to \(storeDirectory)/defaults.plist: Is a directory; nothing was changed")
    rmdir(storeDirectory + "/defaults.plist.tmp")
    try expectOutput("get", is: "5\n")
  }

  @Test func aValueOfTheWrongTypeIsCopiedAsideBeforeItIsReplaced() throws {
    mkdir(storeDirectory, 0o700)
    let text = "<plist><dict><key>count</key><string>twelve</string></dict></plist>"
    let file = fopen(storeDirectory + "/defaults.plist", "w")
    fputs(text, file)
    fclose(file)
    let result = try run("inc")
    #expect(result.status == 0)
    #expect(result.standardOutput == "1\n")
    #expect(result.standardError.contains("count holds a <string>, not an <integer>"), "\(result)")
    let copy = try #require(result.standardError.split(separator: " ").last.map { String($0.dropLast()) })
    #expect(try ChildProcess.readFileText(copy) == text)
  }

  @Test func aStandardOutputThatCannotBeWrittenExitsWith74() throws {
    let errors = data.appending("stderr")
    let pid = try ChildProcess.spawn(tally, ["get"], environment: environment, standardOutput: "/dev/full", standardError: errors)
    #expect(ChildProcess.wait(for: pid) == 74)
    #expect(try ChildProcess.readFileText(errors).contains("cannot write to standard output: No space left on device"))
  }

  @Test func aFIFOInPlaceOfTheStoreIsAnErrorNotAHang() throws {
    mkdir(storeDirectory, 0o700)
    mkfifo(storeDirectory + "/defaults.plist", 0o600)
    try expectFailure("get", status: 74, message: "not a regular file")
  }

  @Test func theLockTimeoutComesFromTheEnvironment() throws {
    try run("set", "1")
    let holder = open(storeDirectory, O_RDONLY | O_DIRECTORY)
    defer { close(holder) }
    flock(holder, LOCK_EX)
    var locked = environment
    locked["TALLY_LOCK_TIMEOUT"] = "0.3"
    let result = try ChildProcess.run(tally, ["inc"], environment: locked)
    #expect(result.status == 75)
    #expect(result.standardError.contains("for over 0.3 s"), "\(result)")
  }
}
