import TallyTestSupport
import Testing

/// `tally table`, run as processes on a store in a temporary data directory, in Berlin's time
/// zone (its clock changes on 2026-03-29 and 2026-10-25).
struct TableCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
    try expectSuccess("new", "cars", "--group", "survey")
    try expectSuccess("new", "trucks", "--group", "survey")
  }

  var extraEnvironment: [String: String] { ["TZ": "Europe/Berlin"] }

  private func lines(_ arguments: String...) throws -> [String] {
    let result = try ChildProcess.run(tally, ["table"] + arguments, environment: environment)
    #expect(result.status == 0, "\(result)")
    return result.standardOutput.split(separator: "\n").map(String.init)
  }

  @Test func aChangeOnAnIntervalsFirstSecondIsItsAndEmptyIntervalsAreRows() throws {
    try expectSuccess("inc", "cars", "--at", "2026-11-26T09:14:59Z")
    try expectSuccess("inc", "cars", "--by", "3", "--at", "2026-11-26T09:15:00Z")
    try expectSuccess("inc", "trucks", "--at", "2026-11-26T09:44:00Z")
    let text = try lines("--group", "survey", "--since", "2026-11-26T09:00:00Z", "--until", "2026-11-26T10:00:00Z")
    #expect(
      text == [
        "start             cars  trucks  total",
        "2026-11-26 10:00     1       0      1",
        "2026-11-26 10:15     3       0      3  <- busiest",
        "2026-11-26 10:30     0       1      1",
        "2026-11-26 10:45     0       0      0",
      ])
    let json = try lines("--group", "survey", "--since", "2026-11-26T09:15:00Z", "--until", "2026-11-26T09:30:00Z", "--json")
    #expect(
      json == [
        #"{"counts":{"cars":3,"trucks":0},"end":"2026-11-26T10:30:00+01:00","start":"2026-11-26T10:15:00+01:00","total":3}"#,
        #"{"busiest":{"start":"2026-11-26T10:15:00+01:00","total":3}}"#,
      ])
    // The first interval is the one that holds --since.
    #expect(try lines("--by", "1h", "--since", "2026-11-26T09:20:00Z", "--until", "2026-11-26T09:21:00Z").count == 2)
  }

  /// Names with a ZWJ family, a flag, a combining mark and CJK are padded by the width the
  /// screens use (``Character/terminalWidth``), written as the screens draw them: the numbers
  /// stay right-aligned under each name.
  @Test func wideNamesKeepTheColumnsAligned() throws {
    for name in ["👨‍👩‍👧 family", "🇩🇪", "e\u{301}", "日本語"] { try expectSuccess("new", name, "--group", "wide") }
    try expectSuccess("inc", "日本語", "--at", "2026-11-26T09:14:00Z")
    let text = try lines("--group", "wide", "--since", "2026-11-26T09:00:00Z", "--until", "2026-11-26T09:10:00Z")
    #expect(
      text == [
        "start             👨👩👧 family  🇩🇪  é  日本語  total",
        "2026-11-26 10:00              0   0  0       1      1  <- busiest",
      ], "\(text)")
  }

  @Test(arguments: [("2026-10-25", 25), ("2026-03-29", 23), ("2026-11-26", 24)])
  func aDayIsTheHoursItsClockHas(day: String, hours: Int) throws {
    let rows = try lines("--by", "hour", "--since", day, "--until", day + "T23:59:59Z", "--format", "csv")
    let inDay = rows.dropFirst().filter { $0.hasPrefix(day) }
    #expect(inDay.count == hours)
    #expect(Set(inDay.map { $0.prefix(25) }).count == hours, "each hour its own row, with its offset")
  }

  @Test func daysStartAtDayStartsAtHour() throws {
    try expectSuccess("inc", "cars", "--at", "2026-11-26T02:00:00Z")
    let rows = try lines("--by", "day", "--since", "2026-11-25", "--until", "2026-11-27", "-dayStartsAtHour", "4")
    #expect(rows.count == 3)
    #expect(rows[1].hasPrefix("2026-11-25") && rows[1].contains("  1  <- busiest"), "\(rows)")
  }

  @Test func theCSVIsWhatPythonsCSVModuleReads() throws {
    try expectSuccess("rename", "trucks", "trucks, heavy")
    try expectSuccess("inc", "cars", "--by", "2", "--at", "2026-11-26T09:05:00Z")
    let csv = try ChildProcess.run(
      tally, ["table", "--format", "csv", "--since", "2026-11-26T09:00:00Z", "--until", "2026-11-26T10:00:00Z"],
      environment: environment)
    let script = """
      import csv, sys
      rows = list(csv.DictReader(sys.stdin))
      print(len(rows), rows[0]["start"], rows[0]["cars"], rows[0]["trucks, heavy"], rows[0]["total"])
      """
    let file = data.appending("table.csv")
    try TemporaryDirectory.write(csv.standardOutput, to: file)
    let read = try ChildProcess.run("/usr/bin/python3", ["-c", script], standardInput: file)
    #expect(read.standardOutput == "4 2026-11-26T10:00:00+01:00 2 0 2\n", "\(read)")
  }

  @Test func logAndStatsTakeTheSameIntervals() throws {
    try expectSuccess("inc", "cars", "--at", "2026-11-26T09:14:59Z")
    try expectSuccess("inc", "cars", "--by", "3", "--at", "2026-11-26T09:15:00Z")
    #expect(
      try expectSuccess("log", "cars", "--by", "15m", "--since", "2026-11-26").standardOutput
        == "2026-11-26 10:00\t+1\n2026-11-26 10:15\t+3\n")
    #expect(
      try expectSuccess("log", "cars", "--by", "1h", "--since", "2026-11-26").standardOutput == "2026-11-26 10:00\t+4\n")
  }

  @Test func badIntervalsAndRangesAreUsageErrors() throws {
    try expectFailure("table", "--by", "7m", status: 64, message: "7m")
    try expectFailure("table", "--since", "soon", status: 64, message: "--since soon: give today, yesterday, a date as")
    try expectFailure(
      "table", "--since", "2026-11-26", "--until", "2026-11-25", status: 64, message: "--since must come before --until")
    try expectFailure("table", "--by", "1m", "--since", "2020-01-01", status: 64, message: "more than 100000 intervals")
    try expectFailure("table", "--group", "lab", status: 65, message: "no counter is in the group")
  }
}
