import TallyTestSupport
import Testing

/// Groups from the command line, run as processes on a store in a temporary data directory:
/// `new --group`, `group`, `list --group`, `stats --group`, and through export and import.
struct GroupCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  var extraEnvironment: [String: String] { ["TZ": "UTC"] }

  @Test func countersArePutInGroupsTakenOutAndListedByGroup() throws {
    try expectSuccess("new", "water", "--group", "Health")
    try expectSuccess("new", "coffee")
    try expectSuccess("group", "coffee", "HEALTH")
    try expectSuccess("new", "emails", "--group", "Work")
    #expect(try expectSuccess("group", "coffee").standardOutput == "Health\n")
    #expect(try expectSuccess("group", "Count").standardOutput == "none\n")
    #expect(try expectSuccess("list", "--group", "health").standardOutput == "water\t0\ncoffee\t0\n")
    #expect(try expectSuccess("list", "--group", "Work", "--json").standardOutput.contains(#""group":"Work""#))
    try expectSuccess("group", "water", "--none")
    #expect(try expectSuccess("list", "--group", "Health").standardOutput == "coffee\t0\n")
    try expectFailure("list", "--group", "Play", status: 65, message: "no counter is in the group \"Play\"")
    try expectFailure("group", "water", "Health", "--none", status: 64, message: "not both")
    try expectFailure("group", "water", "  ", status: 65, message: "a group's name cannot be empty")
    // A bad group is refused before the counter is made.
    try expectFailure("new", "tea", "--group", "", status: 65, message: "a group's name cannot be empty")
    #expect(!(try expectSuccess("list").standardOutput.contains("tea")))
  }

  @Test func statsOfAGroupSumItsCountersAndTheirGoals() throws {
    try expectSuccess("new", "water", "--group", "Health")
    try expectSuccess("new", "coffee", "--group", "Health")
    try expectSuccess("new", "emails", "--group", "Work")
    try expectSuccess("goal", "water", "8/day")
    try expectSuccess("goal", "coffee", "2/day")
    try expectSuccess("inc", "water", "--by", "3")
    try expectSuccess("inc", "coffee", "--by", "2")
    try expectSuccess("inc", "coffee", "--at", "yesterday")
    try expectSuccess("inc", "emails", "--by", "9")
    let text = try expectSuccess("stats", "--group", "health").standardOutput
    #expect(
      text.hasPrefix("group\tHealth\ncounters\t2\nvalue\t6\ntoday\t+5\n")
        && text.hasSuffix("all time\t+6\ngoals\t2, 1 reached\nprogress\t5 of 10\n"), "\(text)")
    let json = try expectSuccess("stats", "--group", "Health", "--json").standardOutput
    #expect(json.contains(#""counters":["water","coffee"]"#) && json.contains(#""goalsReached":1"#), "\(json)")
    #expect(json.contains(#""progress":5"#) && json.contains(#""goalAmount":10"#) && json.contains(#""value":6"#))
    let days = try expectSuccess("stats", "--group", "Health", "--by", "day").standardOutput.split(separator: "\n")
    #expect(days.map { $0.split(separator: "\t").last } == ["+1", "+5"], "\(days)")
    try expectFailure("stats", "water", "--group", "Health", status: 64, message: "not both")
  }

  @Test(arguments: ["json", "csv"])
  func groupsGoThroughExportAndImport(format: String) throws {
    try expectSuccess("new", "water", "--group", "Health")
    try expectSuccess("new", "emails", "--group", "Work")
    let file = data.appending("backup.\(format)")
    try expectSuccess("export", "--format", format, "--output", file)
    try expectSuccess("group", "water", "--none")
    try expectSuccess("rm", "emails")
    try expectSuccess("import", file)
    #expect(try expectSuccess("group", "water").standardOutput == "Health\n")
    #expect(try expectSuccess("group", "emails").standardOutput == "Work\n")
  }
}

/// Groups on the counter screen of the real binary, in tmux.
struct GroupUITests {
  @Test func bracketsShowTheNextGroupAndItsTotalAndACommandRegroupsAtOnce() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    let environment = ["XDG_DATA_HOME": test.app.dataHome]
    for arguments in [
      ["new", "water", "--group", "Health"], ["new", "coffee", "--group", "Health"], ["inc", "water", "--by", "3"],
      ["inc", "coffee", "--by", "2"],
    ] {
      let done = try ChildProcess.run(try Executables.tally(), arguments, environment: environment)
      #expect(done.status == 0, "\(done)")
    }
    try test.app.launch()
    try await test.app.waitFor(text: "No group  [Count]")
    try test.app.press(.character("]"))
    var screen = try await test.app.waitFor(text: "Health  [water]  coffee")
    #expect(screen.contains { $0.contains("Health: 5 in 2 counters") }, "\(screen)")
    try test.app.press(.tab)
    try await test.app.waitFor(text: "coffee: 2")
    // Another process moves coffee out: the screen follows, with no key pressed.
    let moved = try ChildProcess.run(try Executables.tally(), ["group", "coffee", "--none"], environment: environment)
    #expect(moved.status == 0, "\(moved)")
    screen = try await test.app.waitFor(text: "No group   Count  [coffee]")
    #expect(!screen.contains { $0.contains("Health") }, "\(screen)")
  }
}
