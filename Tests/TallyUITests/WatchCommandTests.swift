import Glibc
import TallyTestSupport
import Testing

/// `tally get --format` and `tally watch`, run as processes on a store in a temporary data
/// directory.
struct WatchCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  var extraEnvironment: [String: String] { ["TZ": "UTC"] }

  /// `tally watch` with `arguments`, its output read as it comes.
  private func watch(_ arguments: String..., home: String? = nil) throws -> RunningProcess {
    var environment = self.environment
    if let home { environment["XDG_DATA_HOME"] = home }
    return try RunningProcess(tally, ["watch"] + arguments, environment: environment)
  }

  @Test func getPrintsATemplateForEachCounterNamedOrOfAGroup() throws {
    try expectSuccess("new", "water", "--group", "Health")
    try expectSuccess("new", "coffee", "--group", "Health")
    try expectSuccess("goal", "water", "8/day")
    try expectSuccess("inc", "water", "--by", "3")
    try expectSuccess("inc", "coffee")
    #expect(
      try expectSuccess("get", "water", "coffee", "--format", "{name}: {value} ({progress}) {group}").standardOutput
        == "water: 3 (3 of 8 today) Health\ncoffee: 1 () Health\n")
    #expect(try expectSuccess("get", "--group", "health", "--format", "{name}").standardOutput == "water\ncoffee\n")
    #expect(try expectSuccess("get", "water", "coffee").standardOutput == "3\n1\n")
    #expect(try expectSuccess("get", "water", "--format", "{last}").standardOutput == "just now\n")
    try expectFailure(
      "get", "--format", "{count}", status: 64, message: "{count} is not a field; the fields are {name}, {value}")
    try expectFailure("get", "--format", "{name", status: 64, message: "a { with no } after it")
    try expectFailure("get", "water", "tea", "--format", "{name}", status: 65, message: "no counter is named \"tea\"")
  }

  @Test func aWatchPrintsAtStartAndAtEachChangeByAnotherProcessAndNothingElse() throws {
    try expectSuccess("new", "water")
    let watching = try watch("water", "Count")
    #expect(watching.readLine(timeout: 5) == "water 0  Count 0")
    try expectSuccess("inc", "water", "--by", "2")
    #expect(watching.readLine(timeout: 5) == "water 2  Count 0")
    try expectSuccess("inc")
    #expect(watching.readLine(timeout: 5) == "water 2  Count 1")
    // A change to something it does not show prints nothing; neither does time passing.
    try expectSuccess("new", "tea")
    #expect(watching.readLine(timeout: 1) == nil)
    #expect(watching.stop(with: SIGTERM) == 0)
  }

  @Test func aWatchSeesAnotherMachinesChangeThroughTheSyncFolder() throws {
    let folder = data.appending("shared")
    let desktop = data.appending("desktop")
    try expectSuccess("sync", "enable", folder, "--name", "laptop")
    let desktopEnvironment = environment.merging(["XDG_DATA_HOME": desktop]) { $1 }
    let enabled = try ChildProcess.run(tally, ["sync", "enable", folder, "--name", "desktop"], environment: desktopEnvironment)
    #expect(enabled.status == 0, "\(enabled)")
    let watching = try watch("--json")
    let first = try #require(watching.readLine(timeout: 5))
    #expect(first == #"{"class":"none","text":"0","tooltip":"Count: 0"}"#)
    let inc = try ChildProcess.run(tally, ["inc", "--by", "4"], environment: desktopEnvironment)
    #expect(inc.status == 0, "\(inc)")
    #expect(watching.readLine(timeout: 5) == #"{"class":"none","text":"4","tooltip":"Count: 4"}"#)
    #expect(watching.stop(with: SIGINT) == 0)
  }

  @Test func theJSONLineIsWaybarsWithTheGoalsClassAndPercentage() throws {
    try expectSuccess("new", "water", "--group", "Health")
    try expectSuccess("goal", "water", "4/day")
    let watching = try watch("--group", "Health", "--json", "--format", "{name} {value}")
    #expect(
      watching.readLine(timeout: 5) == #"{"class":"below","percentage":0,"text":"water 0","tooltip":"water: 0 (0 of 4 today)"}"#)
    try expectSuccess("inc", "water", "--by", "4")
    // The value is saved a moment before its history, which may show as a line of its own:
    // the last line says both.
    var lines: [String] = []
    while lines.last?.contains("reached") != true, let line = watching.readLine(timeout: 5) { lines.append(line) }
    #expect(
      lines.last == #"{"class":"reached","percentage":100,"text":"water 4","tooltip":"water: 4 (4 of 4 today)"}"#, "\(lines)")
    #expect(lines.count <= 2, "\(lines)")
    #expect(watching.stop(with: SIGHUP) == 0)
  }

  /// A goal's progress of `Int.max` is 100 percent: the percentage is worked out wide, not
  /// by a conversion that traps.
  @Test func theLargestProgressIsAHundredPercent() throws {
    try expectSuccess("new", "water")
    try expectSuccess("goal", "water", "4/day")
    try expectSuccess("set", "water", "9223372036854775807")
    let watching = try watch("water", "--json", "--format", "{name}")
    #expect(
      watching.readLine(timeout: 5)
        == #"{"class":"reached","percentage":100,"text":"water","tooltip":"water: 9223372036854775807 (9223372036854775807 of 4 today)"}"#
    )
    #expect(watching.stop(with: SIGHUP) == 0)
  }

  @Test func aWatchEndsByItselfWhenItsReaderDoes() throws {
    let result = try ChildProcess.run(
      "/bin/sh", ["-c", "\"$0\" watch --format '{name}={value}' | head -1", tally], environment: environment)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput == "Count=0\n")
    #expect(result.standardError.isEmpty, "\(result)")
  }

  @Test func aBadWatchIsAUsageErrorBeforeAnythingIsPrinted() throws {
    try expectFailure("watch", "--format", "{value", status: 64, message: "a { with no } after it")
    try expectFailure("watch", "nothing", status: 65, message: "no counter is named \"nothing\"")
    try expectFailure("watch", "Count", "--group", "x", status: 64, message: "not both")
  }
}
