import Glibc
import TallyTestSupport
import Testing

/// Counters that work together, run as processes on a store in a temporary data directory:
/// `tally link` and `tally bounds` and what `get`, `list`, `stats` and `inc` print for a
/// linked counter; alerts; limits.
struct LinkCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  @Test func theKnittingExample() throws {
    try expectSuccess("new", "rows")
    try expectSuccess("new", "repeats")
    #expect(try expectSuccess("link", "rows").standardOutput == "none\n")
    try expectSuccess("link", "rows", "repeats", "--every", "12")
    #expect(try expectSuccess("link", "rows").standardOutput == "rows -> repeats every 12\n")
    #expect(try expectSuccess("inc", "rows", "--by", "25").standardOutput == "1\n")
    #expect(try expectSuccess("get", "rows").standardOutput == "1\n")
    #expect(try expectSuccess("get", "repeats").standardOutput == "2\n")
    #expect(try expectSuccess("dec", "rows", "--by", "2").standardOutput == "11\n")
    #expect(try expectSuccess("list").standardOutput == "Count\t0\nrows\t11\nrepeats\t1\n")
    let rows = try expectSuccess("stats", "rows", "--json").standardOutput
    #expect(rows.contains(#""allTime":23"#) && rows.contains(#""every":12"#) && rows.contains(#""within":11"#), "\(rows)")
    #expect(try expectSuccess("stats", "repeats", "--json").standardOutput.contains(#""carried":1"#))
    try expectSuccess("link", "rows", "--clear")
    #expect(try expectSuccess("get", "rows").standardOutput == "23\n")
  }

  /// `rm b; new c`: c is a new counter with nothing of b's: no history, no link to it.
  @Test func aNewCounterTakesNothingOfADeletedOne() throws {
    try expectSuccess("new", "rows")
    try expectSuccess("new", "b")
    try expectSuccess("inc", "b", "--by", "5")
    try expectSuccess("link", "rows", "b", "--every", "2")
    try expectSuccess("rm", "b")
    try expectSuccess("new", "c")
    #expect(try expectSuccess("get", "c").standardOutput == "0\n")
    #expect(try expectSuccess("stats", "c", "--json").standardOutput.contains(#""allTime":0,"#))
    let log = try expectSuccess("log", "c", "--json").standardOutput.split(separator: "\n")
    #expect(log.count == 1 && log[0].contains(#""event":"created","name":"c""#), "only its own making: \(log)")
    #expect(try expectSuccess("link", "rows").standardOutput == "rows -> a deleted counter every 2\n")
    // The counter linked to a deleted one takes its other rules, and a new link or none.
    try expectSuccess("alert", "rows", "10")
    try expectSuccess("bounds", "rows", "--max", "50")
    #expect(try expectSuccess("bounds", "rows").standardOutput == "max 50\n")
    try expectSuccess("link", "rows", "c", "--every", "3")
    #expect(try expectSuccess("inc", "rows", "--by", "7").standardOutput == "1\n")
    #expect(try expectSuccess("get", "c").standardOutput == "2\n")
    try expectSuccess("link", "rows", "--clear")
  }

  /// A link made before `sync enable` still carries after it, through a rename, and on a
  /// machine that joins later: each counting 6 rows, both show rows 0 and one repeat.
  @Test func aLinkMadeBeforeSyncCarriesOnEveryMachine() throws {
    let (folder, desktopData) = (try TemporaryDirectory(), try TemporaryDirectory())
    let desktopEnvironment = environment.merging(["XDG_DATA_HOME": desktopData.path]) { $1 }
    func desktop(_ arguments: String...) throws -> ChildProcess.Result {
      try ChildProcess.run(tally, arguments, environment: desktopEnvironment)
    }
    try expectSuccess("new", "rows")
    try expectSuccess("new", "repeats")
    try expectSuccess("link", "rows", "repeats", "--every", "12")
    try expectSuccess("sync", "enable", folder.path, "--name", "laptop")
    #expect(try expectSuccess("link", "rows").standardOutput == "rows -> repeats every 12\n")
    try expectSuccess("rename", "repeats", "pattern")
    #expect(try expectSuccess("link", "rows").standardOutput == "rows -> pattern every 12\n")
    #expect(try desktop("sync", "enable", folder.path, "--name", "desktop").status == 0)
    for _ in 0..<6 {
      try expectSuccess("inc", "rows")
      #expect(try desktop("inc", "rows").status == 0)
    }
    for run in [{ try self.run("list") }, { try desktop("list") }] {
      #expect(try run().standardOutput == "Count\t0\nrows\t0\npattern\t1\n")
    }
  }

  @Test func loopsAndBadLinksAreRefused() throws {
    for name in ["rows", "repeats", "pattern"] { try expectSuccess("new", name) }
    try expectSuccess("link", "rows", "repeats", "--every", "12")
    try expectSuccess("link", "repeats", "pattern", "--every", "4")
    try expectFailure("link", "pattern", "rows", "--every", "2", status: 65, message: "would make a loop")
    try expectFailure("link", "rows", "rows", "--every", "2", status: 65, message: "loop")
    try expectFailure("link", "rows", "repeats", "--every", "1", status: 64, message: "--every 1: a link carries every 2 or more")
    try expectFailure("link", "rows", "repeats", status: 64, message: "give both")
    try expectFailure("link", "rows", "--every", "3", "--clear", status: 64, message: "not both")
  }

  @Test func boundsRefuseChangesPastThemAndChangeNothing() throws {
    try expectFailure("new", "cups", "--min", "1", status: 65, message: "past its min 1")
    try expectFailure("get", "cups", status: 65, message: "no counter is named")
    try expectSuccess("new", "seats", "--min", "0", "--max", "3")
    #expect(try expectSuccess("bounds", "seats").standardOutput == "min 0 max 3\n")
    try expectFailure("dec", "seats", status: 65, message: "past its min 0; nothing was changed")
    try expectSuccess("inc", "seats", "--by", "3")
    try expectFailure("set", "seats", "4", status: 65, message: "would take seats to 4, past its max 3")
    try expectFailure("bounds", "seats", "--max", "2", status: 65, message: "past its max 2")
    try expectSuccess("bounds", "seats", "--min", "-5")
    #expect(try expectSuccess("bounds", "seats").standardOutput == "min -5 max 3\n")
    try expectSuccess("bounds", "seats", "--clear")
    #expect(try expectSuccess("bounds", "seats").standardOutput == "none\n")
    #expect(try expectSuccess("inc", "seats").standardOutput == "4\n")
  }

  // MARK: `tally alert`, for a counter and a group, and what reaching one prints, run as processes

  @Test func anAlertIsSetPrintedReplacedAndClearedAndReachingItIsSaidOnStandardError() throws {
    try expectSuccess("new", "cells")
    #expect(try expectSuccess("alert", "cells").standardOutput == "none\n")
    try expectSuccess("alert", "cells", "100")
    #expect(try expectSuccess("alert", "cells").standardOutput == "100\n")
    let passing = try expectSuccess("inc", "cells", "--by", "120")
    #expect(passing.standardOutput == "120\n" && passing.standardError == "tally: cells reached 100\n", "\(passing)")
    #expect(try expectSuccess("inc", "cells").standardError.isEmpty, "staying over rings no more")
    try expectSuccess("set", "cells", "99")
    #expect(try expectSuccess("inc", "cells").standardError == "tally: cells reached 100\n", "back under, then up: again")
    try expectSuccess("alert", "cells", "--every", "10")
    #expect(try expectSuccess("alert", "cells").standardOutput == "every 10\n")
    #expect(try expectSuccess("inc", "cells", "--by", "25").standardError == "tally: cells reached 120\n")
    try expectSuccess("alert", "cells", "--clear")
    #expect(try expectSuccess("inc", "cells", "--by", "25").standardError.isEmpty)
    try expectFailure("alert", "cells", "5", "--every", "5", status: 64, message: "not both")
    try expectFailure("alert", "--group", "lab", "5", status: 65, message: "no counter is in the group")
  }

  @Test func aGroupsAlertRingsOnItsTotalAndWatchSaysSo() throws {
    for name in ["lymphocytes", "neutrophils"] { try expectSuccess("new", name, "--group", "cells") }
    try expectSuccess("alert", "--group", "cells", "10")
    #expect(try expectSuccess("alert", "--group", "Cells").standardOutput == "10\n")
    try expectSuccess("inc", "lymphocytes", "--by", "6")
    let watching = try RunningProcess(tally, ["watch", "--group", "cells", "--json"], environment: environment)
    #expect(watching.readLine(timeout: 5)?.contains("alert") == false)
    let reaching = try expectSuccess("inc", "neutrophils", "--by", "4")
    #expect(reaching.standardError == "tally: cells reached 10\n", "\(reaching)")
    #expect(watching.readLine(timeout: 5)?.contains(#""alert":"cells reached 10""#) == true)
    #expect(watching.stop(with: SIGTERM) == 0)
  }

  // MARK: Limits as processes: `tally goal NAME 'at most 3/day'`, `stats`, and a backup's round trip

  var extraEnvironment: [String: String] { ["TZ": "UTC"] }

  @Test func withinTheLimitIsReachedAndOverItIsNotAndStreaksCountDaysWithin() throws {
    try expectSuccess("new", "coffee")
    try expectSuccess("goal", "coffee", "<=2/day")
    #expect(try expectSuccess("goal", "coffee").standardOutput == "at most 2/day\n")
    try expectSuccess("inc", "coffee", "--by", "5", "--at", "2026-11-20")
    try expectSuccess("inc", "coffee", "--at", "2026-11-21")
    try expectSuccess("inc", "coffee", "--at", "today")
    let within = try expectSuccess("stats", "coffee", "--json").standardOutput
    #expect(within.contains(#""goal":"at most 2/day""#) && within.contains(#""goalReached":true"#), "\(within)")
    #expect(within.contains(#""bestStreak":"#) && !within.contains(#""currentStreak":0"#), "\(within)")
    #expect(try expectSuccess("stats", "coffee").standardOutput.contains("progress\t1 of at most 2 today, within the limit\n"))
    try expectSuccess("inc", "coffee", "--by", "2")
    let over = try expectSuccess("stats", "coffee", "--json").standardOutput
    #expect(over.contains(#""goalReached":false"#) && over.contains(#""currentStreak":0"#), "\(over)")
    #expect(try expectSuccess("stats", "coffee").standardOutput.contains("progress\t3 of at most 2 today\n"))
  }

  @Test(arguments: ["json", "csv"])
  func aLimitSurvivesExportAndImport(format: String) throws {
    try expectSuccess("new", "coffee")
    try expectSuccess("goal", "coffee", "at most 3/week")
    let file = data.appending("backup.\(format)")
    try expectSuccess("export", "--format", format, "-o", file)
    try expectSuccess("goal", "coffee", "--clear")
    try expectSuccess("import", file)
    #expect(try expectSuccess("goal", "coffee").standardOutput == "at most 3/week\n")
  }
}
