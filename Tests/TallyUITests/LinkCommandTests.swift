import TallyTestSupport
import Testing

/// `tally link` and `tally bounds`, and what `get`, `list`, `stats` and `inc` print for a
/// linked counter, run as processes on a store in a temporary data directory.
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

  @Test func loopsAndBadLinksAreRefused() throws {
    for name in ["rows", "repeats", "pattern"] { try expectSuccess("new", name) }
    try expectSuccess("link", "rows", "repeats", "--every", "12")
    try expectSuccess("link", "repeats", "pattern", "--every", "4")
    try expectFailure("link", "pattern", "rows", "--every", "2", status: 65, message: "would make a loop")
    try expectFailure("link", "rows", "rows", "--every", "2", status: 65, message: "loop")
    try expectFailure("link", "rows", "repeats", "--every", "1", status: 65, message: "every 2 or more")
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
}
