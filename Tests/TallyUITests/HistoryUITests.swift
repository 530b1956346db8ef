import FoundationEssentials
import TallyModel
import TallyTestSupport
import Testing

/// The history the app keeps, seen on screen and through `tally log`.
struct HistoryUITests {
  @Test func hShowsTheDashboardsViewsAndReopensTheLastOne() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    try test.app.press(.space, times: 3)
    try await test.app.waitFor(text: "Count: 3")

    try test.app.press(.character("H"))
    var screen = try await test.app.waitFor(text: "3 counted on 1 day")
    #expect(screen[0].hasPrefix("  Year   Day   Days   Changes"), "\(screen)")
    #expect(screen.contains { $0.hasPrefix(" Mon ") }, "\(screen)")
    try test.app.press(.tab)
    screen = try await test.app.waitFor(text: "▲ now")
    #expect(screen.contains { $0.contains("(today)") }, "\(screen)")
    try test.app.press(.tab)
    try await test.app.waitFor(text: "Today +3   This week +3   All time +3")
    try test.app.press(.tab)
    // Presses that arrive together are one change.
    screen = try await test.app.waitFor(regex: "1–[1-3] of [1-3], newest first")
    #expect(screen.contains { $0.contains("→ 3") }, "\(screen)")
    // Shift-Tab goes back; the view last shown is the one H opens next.
    try test.app.press(.backTab)
    try await test.app.waitFor(text: "Today +3")
    try test.app.press(.escape)
    try await test.app.waitFor(text: "Count: 3")
    try test.app.press(.character("H"))
    try await test.app.waitFor(text: "All time +3")
  }

  @Test func theViewLastShownIsTheOneHOpensInTheNextRun() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    try test.app.press(.character("H"))
    try await test.app.waitFor(text: "0 counted on 0 days")
    try test.app.press(.character("4"))
    try await test.app.waitFor(text: "No changes yet")
    try test.app.press(.escape)
    try await test.app.waitFor(text: "Count: 0")
    try test.app.press(.character("q"))
    #expect(try await test.app.waitForExit() == 0)

    let next = try UITestCase(persistent: true)
    next.app.launchEnvironment["XDG_DATA_HOME"] = test.app.dataHome
    try next.app.launch()
    try await next.app.waitFor(text: "Count: 0")
    try next.app.press(.character("H"))
    try await next.app.waitFor(text: "No changes yet")
  }

  @Test func theYearGoesBackAYearAndAClickOnADayOpensIt() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    test.app.launchEnvironment["TZ"] = "UTC"
    let environment = ["XDG_DATA_HOME": test.app.dataHome, "TZ": "UTC"]
    for _ in 0..<2 {
      let inc = try ChildProcess.run(try Executables.tally(), ["inc", "--at", "yesterday"], environment: environment)
      #expect(inc.status == 0, "\(inc)")
    }
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 2")
    try test.app.press(.character("H"))
    try await test.app.waitFor(text: "2 counted on 1 day")

    try test.app.press(.left)
    try await test.app.waitFor(text: "(t: back to today)")
    try await test.app.waitFor(text: "0 counted on 0 days")
    try test.app.press(.character("t"))
    try await test.app.waitFor(text: "2 counted on 1 day")

    // Yesterday's cell: weeks are columns from the fifth, Monday to Sunday rows from the fifth.
    let today = Int((Date().timeIntervalSince1970 / 86_400).rounded(.down))
    let firstDay = (Int((Double(today + 3) / 7).rounded(.down)) - 52) * 7 - 3
    let index = today - 1 - firstDay
    try test.app.click(column: 5 + index / 7, row: 4 + index % 7)
    let screen = try await test.app.waitFor(text: "+2 in 2 changes")
    #expect(!screen.contains { $0.contains("(today)") }, "\(screen)")
  }

  @Test func changesInTheAppAreLoggedAsTheApp() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    for expected in 1...3 {
      try test.app.press(.character("k"))
      try await test.app.waitFor(text: "Count: \(expected)")
    }
    // A burst saved in one write is one entry.
    try test.app.type(String(repeating: "k", count: 50))
    try await test.app.waitFor(text: "Count: 53")
    try test.app.press(.character("q"))
    #expect(try await test.app.waitForExit() == 0)
    // The app folds its write-ahead log into the database when it quits: the next start
    // reads none of it.
    let logSize = TestFiles.read(test.app.storeDirectory + "/history.sqlite-wal")?.count ?? 0
    #expect(logSize == 0)

    let log = try ChildProcess.run(try Executables.tally(), ["log", "--json"], environment: ["XDG_DATA_HOME": test.app.dataHome])
    let entries = log.standardOutput.split(separator: "\n").compactMap { HistoryEntry(jsonLine: Array($0.utf8)) }
    #expect(entries.prefix(3).map(\.new) == [1, 2, 3])
    #expect(entries.last?.new == 53)
    #expect(entries.count < 10, "\(entries.count) entries for 53 presses")
    #expect(entries.reduce(0) { $0 + $1.netChange } == 53)
    #expect(entries.allSatisfy { $0.source == .app && $0.event == .changed })
  }

  @Test func anInMemoryRunKeepsNoHistoryOnDisk() async throws {
    let test = try UITestCase()
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    try test.app.press(.space, times: 2)
    try await test.app.waitFor(text: "Count: 2")
    try test.app.press(.character("H"))
    try await test.app.waitFor(text: "2 counted on 1 day")
    try test.app.press(.character("q"))
    try test.app.press(.character("q"))
    #expect(try await test.app.waitForExit() == 0)
    #expect((try? ChildProcess.readFileText(test.app.storeDirectory + "/history.jsonl")) == nil)
    #expect((try? ChildProcess.readFileText(test.app.storeDirectory + "/defaults.plist")) == nil)
  }
}

/// Goals on the counter screen and in its history, in the real binary.
struct GoalUITests {
  @Test func gSetsAGoalAndReachingItShowsInWords() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    try test.app.press(.character("g"))
    try await test.app.waitFor(text: "Goal for Count")
    try test.app.type("3/day")
    try test.app.press(.enter)
    try await test.app.waitFor(text: "0 of 3 today")
    try test.app.press(.space, times: 2)
    let partway = try await test.app.waitFor(text: "2 of 3 today")
    #expect(!partway.contains { $0.contains("goal reached") }, "\(partway)")
    try test.app.press(.space)
    try await test.app.waitFor(text: "3 of 3 today  ██████████  ✓ goal reached  streak 1")

    try test.app.press(.character("H"))
    try test.app.press(.character("3"))  // the Days view
    let history = try await test.app.waitFor(text: "Goal 3/day: 3 of 3 today ✓ reached   streak 1, best 1")
    #expect(history.contains { $0.contains("+3 ✓") }, "\(history)")
    try test.app.press(.escape)
    try test.app.press(.character("u"))
    try await test.app.waitFor(text: "2 of 3 today")
    try test.app.press(.character("q"))
    #expect(try await test.app.waitForExit() == 0)
    let goal = try ChildProcess.run(
      try Executables.tally(), ["goal", "Count"], environment: ["XDG_DATA_HOME": test.app.dataHome])
    #expect(goal.standardOutput == "3/day\n")
  }
}
