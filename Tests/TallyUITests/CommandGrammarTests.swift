import TallyTestSupport
import Testing

/// One grammar for every command: the time options, negative numbers, and errors that all
/// start `tally: ` with the documented status; run as processes in Berlin's time zone.
struct CommandGrammarTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  var extraEnvironment: [String: String] { ["TZ": "Europe/Berlin"] }

  /// The new values `log` prints, oldest first.
  private func logged(_ arguments: String...) throws -> [String] {
    let result = try ChildProcess.run(tally, ["log"] + arguments, environment: environment)
    #expect(result.status == 0, "\(result)")
    return result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[4]) }
  }

  /// Changes to 1 on 2026-01-15 at 18:30 (17:30 UTC), 2 yesterday and 3 now.
  private func countOnThreeDays() throws {
    try expectOutput("inc", "--at", "2026-01-15 18:30", is: "1\n")
    try expectOutput("inc", "--at", "yesterday", is: "2\n")
    try expectOutput("inc", "--at", "today", is: "3\n")
  }

  @Test func sinceAndUntilTakeWhatAtTakes() throws {
    try countOnThreeDays()
    #expect(try logged("--since", "today") == ["3"])
    #expect(try logged("--since", "yesterday") == ["2", "3"])
    #expect(try logged("--until", "today") == ["1", "2"])
    #expect(try logged("--since", "yesterday", "--until", "today") == ["2"])
    #expect(try logged("--since", "2026-01-15 18:00", "--until", "2026-01-15 19:00") == ["1"])
    #expect(try logged("--since", "2026-01-15T17:30:00Z", "--until", "2026-01-15T17:31:00+00:00") == ["1"])
    #expect(try logged("--since", "2026-01-15", "--until", "2026-01-16") == ["1"])
  }

  @Test func onIsOneWholeDay() throws {
    try countOnThreeDays()
    #expect(try logged("--on", "today") == ["3"])
    #expect(try logged("--on", "yesterday") == ["2"])
    #expect(try logged("--on", "2026-01-15") == ["1"])
    #expect(try logged("--on", "2026-01-14") == [])
    // Hours are the day's, not today's.
    #expect(try expectSuccess("log", "--by", "hour", "--on", "2026-01-15").standardOutput == "2026-01-15 18:00\t+1\n")
    #expect(try expectSuccess("table", "--on", "2026-01-15", "--by", "day").standardOutput.contains("2026-01-15      1      1"))
    #expect(try expectSuccess("table", "--on", "yesterday", "--by", "day", "--format", "csv").standardOutput.hasSuffix(",1,1\n"))
  }

  @Test func aDayBeginsAtTheHourTheSettingGives() throws {
    // 02:00 on the 16th belongs to the 15th when a day starts at 04:00.
    try expectOutput("inc", "--at", "2026-01-16 02:00", is: "1\n")
    #expect(try logged("--on", "2026-01-16") == ["1"])
    #expect(try logged("--on", "2026-01-15") == [])
    #expect(try logged("--on", "2026-01-15", "-dayStartsAtHour", "4") == ["1"])
    #expect(try logged("--since", "2026-01-16", "-dayStartsAtHour", "4") == [])
  }

  @Test(arguments: [
    ["log", "--since", "today", "--until", "yesterday"], ["log", "--since", "2026-01-16", "--until", "2026-01-15 12:00"],
    ["log", "--since", "today", "--until", "today"], ["table", "--since", "today", "--until", "yesterday"],
    ["table", "--since", "2026-01-16T10:00:00Z", "--until", "2026-01-16T09:00:00Z"],
  ])
  func sinceAfterUntilIsOneUsageError(arguments: [String]) throws {
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == 64, "\(result)")
    #expect(result.standardError == "tally: --since must come before --until (nothing is in between)\n", "\(result)")
    #expect(result.standardOutput.isEmpty)
  }

  @Test(arguments: [
    (["log", "--on", "today", "--since", "yesterday"], "give --on or --since and --until, not both"),
    (["table", "--on", "today", "--until", "today"], "give --on or --since and --until, not both"),
    (["log", "--since", "soon"], "--since soon: give today, yesterday, a date as 2026-11-20"),
    (["log", "--on", "2026-02-30"], "--on 2026-02-30: give today"),
    (["table", "--until", "noon"], "--until noon: give today"),
    (["inc", "--at", "tomorrow"], "--at tomorrow: give today"),
  ])
  func aTimeOptionNamesWhatIsWrongWithIt(arguments: [String], message: String) throws {
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == 64, "\(result)")
    #expect(result.standardError.hasPrefix("tally: \(message)"), "\(result)")
  }

  @Test func negativeNumbersAreValues() throws {
    try expectSuccess("new", "laps", "--group", "swim")
    try expectOutput("inc", "laps", "--by", "-3", "--at", "today", is: "-3\n")
    try expectOutput("dec", "laps", "--by", "-5", "--note", "back", is: "2\n")
    try expectOutput("set", "laps", "-5", is: "-5\n")
    try expectOutput("bounds", "laps", "--min", "-10", "--max", "-1", is: "")
    try expectOutput("bounds", "laps", is: "min -10 max -1\n")
    try expectOutput("alert", "laps", "-7", is: "")
    try expectOutput("alert", "laps", is: "-7\n")
    try expectOutput("alert", "--group", "swim", "-8", is: "")
    try expectOutput("alert", "--group", "swim", is: "-8\n")
    try expectOutput("new", "reps", "--min", "-4", is: "")
  }

  @Test(arguments: [
    (["link", "laps", "Count", "--every", "-3"], "--every -3: a link carries every 2 or more"),
    (["link", "laps", "Count", "--every", "0"], "--every 0: a link carries every 2 or more"),
    (["alert", "laps", "--every", "-2"], "--every -2: an alert rings every 1 or more"),
    (["alert", "laps", "--every", "0"], "--every 0: an alert rings every 1 or more"),
    (["log", "-n", "-3"], "-n -3: give a number of changes, 0 or more"),
    (["alert", "laps", "soon"], "soon: give a whole number from \(Int.min) to \(Int.max)"),
    (["set", "twelve"], "twelve: give a whole number from \(Int.min) to \(Int.max)"),
    (["set", "laps", "99999999999999999999"], "99999999999999999999: give a whole number from \(Int.min) to \(Int.max)"),
  ])
  func aValueAnOptionNeverTakesIsAUsageErrorThatNamesIt(arguments: [String], message: String) throws {
    try expectSuccess("new", "laps")
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == 64, "\(result)")
    #expect(result.standardError.hasPrefix("tally: \(message)\n"), "\(result)")
    #expect(try expectSuccess("link", "laps").standardOutput == "none\n")
    #expect(try expectSuccess("alert", "laps").standardOutput == "none\n")
  }

  @Test(arguments: [
    ["inc", "--bogus"], ["nosuch"], ["log", "--by", "7m"], ["inc", "--by"], ["inc", "--by", "many"], ["link"],
    ["alert", "laps", "--evry", "3"], ["set", "laps", "--quiet", "--now"], ["get", "a", "--group", "b"],
    ["table", "--format", "xml"],
    ["config", "nosuch"], ["-count"],
  ])
  func everyParserErrorIsTallysUsageError(arguments: [String]) throws {
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == 64, "\(result)")
    #expect(result.standardError.hasPrefix("tally: "), "\(result)")
    #expect(!result.standardError.contains("Error: "), "\(result)")
    #expect(result.standardError.contains("Usage: "), "\(result)")
    #expect(result.standardOutput.isEmpty)
  }

  @Test(arguments: [["help", "nosuch"], ["nosuch", "--help"], ["help", "config", "nosuch"], ["config", "nosuch", "--help"]])
  func helpForAnUnknownCommandIsAUsageError(arguments: [String]) throws {
    try expectFailure(arguments, status: 64, message: "tally: unknown command \"nosuch\"")
    #expect(try expectSuccess("help", "inc").standardOutput.contains("USAGE: tally inc"))
    #expect(try expectSuccess("config", "set", "--help").standardOutput.contains("USAGE: tally config set"))
  }

  private func expectFailure(_ arguments: [String], status: Int32, message: String) throws {
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == status, "\(result)")
    #expect(result.standardError.hasPrefix(message), "\(result)")
    #expect(result.standardOutput.isEmpty, "\(result)")
  }

  @Test(arguments: ["la\u{200B}ps", "\u{202E}spal", "a\u{2066}b", "\u{FEFF}x"])
  func aNameWithAnInvisibleOrReversingCharacterIsRefused(name: String) throws {
    let codePoint = try #require(name.unicodeScalars.first { $0.properties.generalCategory == .format })
    let hex = String(codePoint.value, radix: 16, uppercase: true)
    let message = "tally: a counter's name cannot contain invisible or direction-changing characters (it holds U+\(hex))"
    try expectFailure(["new", name], status: 65, message: message)
    try expectSuccess("new", "laps")
    try expectFailure(["rename", "laps", name], status: 65, message: message)
    try expectFailure(["new", "reps", "--group", name], status: 65, message: "tally: a group's name cannot contain")
    try expectOutput("list", is: "Count\t0\nlaps\t0\n")
    try expectOutput("new", "👨‍👩‍👧 family", is: "")
    try expectOutput("new", "🇯🇵", is: "")
  }
}
