import Glibc
import TallyTestSupport
import Testing

private let python = "/usr/bin/python3"

/// `tally goal`, `stats` with a goal, `inc --at`, `export` and `import`, run as processes on a
/// store in a temporary data directory.
struct GoalCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  var extraEnvironment: [String: String] { ["TZ": "UTC"] }

  @Test func aGoalIsSetPrintedAndCleared() throws {
    try expectSuccess("new", "water")
    #expect(try expectSuccess("goal", "water").standardOutput == "none\n")
    try expectSuccess("goal", "water", "8/day")
    #expect(try expectSuccess("goal", "WATER").standardOutput == "8/day\n")
    try expectFailure("goal", "water", "8/fortnight", status: 65, message: "not \"8/fortnight\"")
    try expectFailure("goal", "water", "8/day", "--clear", status: 64, message: "not both")
    try expectFailure("goal", "tea", "3", status: 65, message: "no counter is named \"tea\"")
    #expect(try expectSuccess("goal", "water").standardOutput == "8/day\n")
    try expectSuccess("goal", "water", "--clear")
    #expect(try expectSuccess("goal", "water").standardOutput == "none\n")
  }

  @Test func statsShowTheGoalProgressAndStreaks() throws {
    try expectSuccess("new", "water")
    try expectSuccess("goal", "water", "2/day")
    try expectSuccess("inc", "water", "--by", "2", "--at", "yesterday")
    try expectSuccess("inc", "water", "--at", "today")
    let text = try expectSuccess("stats", "water").standardOutput
    #expect(text.contains("goal\t2/day\nprogress\t1 of 2 today\nstreak\t1\nbest streak\t1\n"), "\(text)")
    #expect(
      try expectSuccess("stats", "water", "--json").standardOutput
        == #"{"allTime":3,"bestStreak":1,"currentStreak":1,"goal":"2/day","goalReached":false,"name":"water","progress":1,"thisWeek":\#(text.contains("this week\t+3") ? 3 : 1),"today":1}"#
        + "\n")
    try expectSuccess("inc", "water")
    #expect(try expectSuccess("stats", "water").standardOutput.contains("progress\t2 of 2 today, goal reached\nstreak\t2\n"))
  }

  /// A reset is not progress backwards: down 5, a reset and 3 more are 3 of 8 today, as the
  /// day's net change says.
  @Test func afterGoingDownAResetStartsTheDaysProgressOver() throws {
    try expectSuccess("new", "tea")
    try expectSuccess("goal", "tea", "8/day")
    try expectSuccess("dec", "tea", "--by", "5")
    try expectSuccess("reset", "tea")
    try expectSuccess("inc", "tea", "--by", "3")
    let text = try expectSuccess("stats", "tea").standardOutput
    #expect(text.hasPrefix("today\t+3\n"), "\(text)")
    #expect(text.contains("progress\t3 of 8 today\n"), "\(text)")
  }

  /// A new counter is within its limit, with a streak of 1 from the day it was made; `at
  /// most 0/day`, the limit to quit a habit, is one.
  @Test func aNewCounterIsWithinItsLimitWithAStreakAndALimitCanBe0() throws {
    try expectSuccess("new", "coffee")
    try expectSuccess("goal", "coffee", "at most 2/day")
    #expect(
      try expectSuccess("stats", "coffee", "--json").standardOutput
        == #"{"allTime":0,"bestStreak":1,"currentStreak":1,"goal":"at most 2/day","goalReached":true,"name":"coffee","progress":0,"thisWeek":0,"today":0}"#
        + "\n")
    try expectSuccess("goal", "coffee", "at most 0/day")
    let text = try expectSuccess("stats", "coffee").standardOutput
    #expect(text.contains("progress\t0 of at most 0 today, within the limit\nstreak\t1\n"), "\(text)")
    try expectSuccess("inc", "coffee")
    #expect(try expectSuccess("stats", "coffee").standardOutput.contains("progress\t1 of at most 0 today\nstreak\t0\n"))
    try expectFailure("goal", "coffee", "0/day", status: 65, message: "not \"0/day\"")
  }

  @Test func incAtPutsTheChangeInTheHistoryAtThatTime() throws {
    try expectSuccess("inc", "--at", "2026-01-15 18:30")
    try expectSuccess("dec", "--by", "3", "--at", "2026-01-14")
    let log = try expectSuccess("log").standardOutput.split(separator: "\n").map {
      $0.split(separator: "\t").prefix(5).joined(separator: " ")
    }
    // Oldest first, by the time each change is for.
    #expect(log == ["2026-01-14 12:00:00 changed Count 1 -2", "2026-01-15 18:30:00 changed Count 0 1"])
    try expectFailure("inc", "--at", "next tuesday", status: 64, message: "--at next tuesday: give today, yesterday")
    try expectFailure("inc", "--at", "2999-01-01", status: 64, message: "is in the future")
    #expect(try expectSuccess("get").standardOutput == "-2\n")
  }

  @Test func theHourADayStartsMovesWhatYesterdayMeans() throws {
    try expectSuccess("inc", "--at", "yesterday")
    try expectSuccess("inc", "--at", "yesterday", "-dayStartsAtHour", "4")
    let times = try expectSuccess("log").standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0].suffix(8) }
    // Sorted: between midnight and 04:00 the later-starting "yesterday" is the earlier change.
    #expect(times.sorted() == ["12:00:00", "16:00:00"])
    try expectFailure("inc", "-dayStartsAtHour", "four", status: 64, message: "dayStartsAtHour")
  }

  @Test func logAndStatsSumTheChangesPerBucket() throws {
    try expectSuccess("inc", "--by", "3", "--at", "2026-11-02T10:00:00Z")
    try expectSuccess("dec", "--at", "2026-11-02T10:30:00Z")
    try expectSuccess("inc", "--by", "5", "--at", "2026-11-20T08:00:00Z")
    #expect(try expectSuccess("log", "--by", "day").standardOutput == "2026-11-02\t+2\n2026-11-20\t+5\n")
    #expect(try expectSuccess("log", "--by", "hour", "--since", "2026-11-02").standardOutput.hasPrefix("2026-11-02 10:00\t+2\n"))
    #expect(try expectSuccess("stats", "--by", "month").standardOutput == "2026-11\t+7\n")
    #expect(
      try expectSuccess("log", "--by", "week", "--json", "-n", "1").standardOutput
        == "{\"bucket\":\"2026-11-16\",\"net\":5,\"start\":\"2026-11-16T00:00:00Z\"}\n")
    try expectFailure("log", "--by", "fortnight", status: 64, message: "  - 15m\n  - 30m\n  - hour\n  - day\n  - week\n  - month")
  }

  @Test(arguments: ["json", "csv"])
  func exportThenImportIntoAnEmptyStoreGivesTheSameExport(format: String) throws {
    try expectSuccess("new", "water")
    try expectSuccess("goal", "water", "8/day")
    try expectSuccess("inc", "water", "--by", "3", "--at", "yesterday")
    try expectSuccess("new", #"a, "quoted" name"#)
    try expectSuccess("set", #"a, "quoted" name"#, "-7")
    let file = data.appending("backup.\(format)")
    try expectSuccess("export", "--format", format, "-o", file)
    let exported = try expectSuccess("export", "--format", format).standardOutput
    #expect(try ChildProcess.readFileText(file) == exported)

    let other = try TemporaryDirectory()
    let otherEnvironment = ["XDG_DATA_HOME": other.path, "PATH": "/usr/bin:/bin"]
    let imported = try ChildProcess.run(tally, ["import", file], environment: otherEnvironment)
    #expect(imported.status == 0, "\(imported)")
    let again = try ChildProcess.run(tally, ["export", "--format", format], environment: otherEnvironment)
    #expect(again.standardOutput == exported)
    #expect(
      try ChildProcess.run(tally, ["list"], environment: otherEnvironment).standardOutput
        == "Count\t0\nwater\t3\na, \"quoted\" name\t-7\n")
  }

  @Test func aBadFileChangesNothing() throws {
    try expectSuccess("inc", "--by", "5")
    let before = try ChildProcess.readFileText(storeDirectory + "/defaults.plist")
    let history = try expectSuccess("log").standardOutput
    let file = data.appending("bad.csv")
    let text =
      "kind,counter,value,step,goal,time,event,name,old,new,source\r\ncounter,Count,9,1,,,,,,,\r\ncounter,new,x,1,,,,,,,\r\n"
    try TemporaryDirectory.write(text, to: file)
    try expectFailure("import", file, status: 65, message: "bad.csv: line 3: value must be a whole number")
    try expectFailure("import", data.appending("missing.json"), status: 74, message: "cannot read")
    #expect(try ChildProcess.readFileText(storeDirectory + "/defaults.plist") == before)
    #expect(try expectSuccess("log").standardOutput == history)
    #expect(try expectSuccess("get").standardOutput == "5\n")
  }

  @Test func replacingKeepsTheOldStoreAndHistoryAside() throws {
    try expectSuccess("inc", "--by", "5")
    let file = data.appending("one.json")
    try TemporaryDirectory.write(
      #"{"format":"tally-backup","version":1,"counters":[{"name":"books","value":12,"step":1,"goal":{"amount":300,"period":"none"},"history":[]}]}"#,
      to: file)
    let result = try expectSuccess("import", "--replace", file)
    #expect(result.standardError.contains("defaults.plist.copy-"), "\(result)")
    #expect(result.standardError.contains("history.sqlite.replaced-"), "\(result)")
    #expect(try expectSuccess("list").standardOutput == "books\t12\n")
    #expect(try expectSuccess("goal", "books").standardOutput == "300\n")
    // The old history is replaced; the value imported without changes gets the row that
    // explains it.
    let log = try expectSuccess("log").standardOutput
    #expect(log.hasSuffix("\tchanged\tbooks\t0\t12\tcommand\timported\n"), "\(log)")
    #expect(log.split(separator: "\n").count == 1, "\(log)")
  }

  @Test func aClosedStandardOutputIsNotACrash() throws {
    for index in 0..<200 { try expectSuccess("new", "counter \(index)") }
    for format in ["json", "csv"] {
      let result = try ChildProcess.run(tally, ["export", "--format", format], environment: environment, closedOutput: true)
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
    }
  }

  @Test(.enabled(if: access(python, X_OK) == 0, "python3 is not installed"))
  func pythonsCSVModuleReadsTheExport() throws {
    try expectSuccess("new", #"say "hi", then ☕"#)
    try expectSuccess("inc", #"say "hi", then ☕"#, "--by", "4")
    try expectSuccess("goal", #"say "hi", then ☕"#, "3/week")
    let file = data.appending("backup.csv")
    try expectSuccess("export", "--format", "csv", "-o", file)
    let script = """
      import csv, sys
      rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
      print(rows[0][:5]); print(rows[2][:5]); print(rows[-1][1], rows[-1][6], rows[-1][9])
      """
    let result = try ChildProcess.run(python, ["-c", script, file], environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.standardOutput == """
        ['kind', 'counter', 'value', 'step', 'goal']
        ['counter', 'say "hi", then ☕', '4', '1', '3/week']
        say "hi", then ☕ changed 4

        """)
  }
}
