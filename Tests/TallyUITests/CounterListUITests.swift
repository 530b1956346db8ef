import TallyTestSupport
import Testing

/// Several named counters in the real terminal: making, switching, renaming, deleting,
/// resetting with a confirmation, undo, help, and what a later launch remembers.
struct CounterListUITests {
  let test: UITestCase
  var app: TerminalApp { test.app }

  init() throws {
    test = try UITestCase()
    test.skipOnboarding()
  }

  @Test func creatingSwitchingRenamingAndDeletingACounter() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")

    try app.press(.character("n"))
    try await app.waitFor(text: "New counter's name:")
    try app.type("laps")
    try app.press(.enter)
    try await app.waitFor(text: "laps: 0")
    try app.press(.space, times: 2)
    try await app.waitFor(text: "laps: 2")

    try app.press(.tab)
    try await app.waitFor(text: "Count: 0")
    try app.press(.backTab)
    try await app.waitFor(text: "laps: 2")

    try app.press(.character("e"))
    try app.press(.control("u"))
    try app.type("☕ cups")
    try app.press(.enter)
    let renamed = try await app.waitFor(text: "☕ cups: 2")
    #expect(renamed[0].contains("[☕ cups]"), "the tab shows the new name")

    try app.press(.character("d"))
    try await app.waitFor(text: "Delete ☕ cups (2)? y/N")
    try app.press(.character("y"))
    try await app.waitFor(text: "Count: 0")
    try await app.waitForAbsence(of: "☕ cups")
  }

  @Test func resetAsksFirstAndOnlyYesResets() async throws {
    test.set(12, forKey: .count)
    try app.launch()
    try await app.waitFor(text: "Count: 12")

    try app.press(.character("r"))
    try await app.waitFor(text: "Reset Count to 0? y/N")
    try app.press(.enter)
    try await app.waitFor(text: "Not reset.")
    try await app.waitFor(text: "Count: 12")

    try app.press(.character("r"))
    try await app.waitFor(text: "Reset Count to 0? y/N")
    try app.press(.character("y"))
    try await app.waitFor(text: "Count: 0")
  }

  @Test func undoAndRedoWorkAcrossCounters() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.press(.space)
    try app.press(.character("n"))
    try app.type("reps")
    try app.press(.enter)
    try app.press(.character("+"))
    try await app.waitFor(text: "reps: 1")

    try app.press(.character("u"), times: 2)
    try await app.waitFor(text: "Undone: new counter reps")
    try await app.waitFor(text: "Count: 1")
    try app.press(.character("u"))
    try await app.waitFor(text: "Count: 0")
    try app.press(.control("r"), times: 3)
    try await app.waitFor(text: "reps: 1")
  }

  @Test func theHelpListsTheKeysAndAnyKeyClosesIt() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.press(.character("?"))
    try await app.waitFor(text: "Shift-Tab, Left, h")
    try app.press(.character("q"))
    try await app.waitForAbsence(of: "Shift-Tab, Left, h")
    #expect(app.exitStatus == nil, "q closed the help and did not quit")
  }

  @Test func aBadValueIsRefusedAndEscapeCancels() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.press(.character("="))
    try app.type("12x")
    try app.press(.enter)
    try await app.waitFor(text: "Type a whole number from")
    try app.press(.escape)
    try await app.waitForAbsence(of: "Set Count to:")
    try await app.waitFor(text: "Count: 0")
  }

  @Test func at40x12TheCurrentTabStaysInView() async throws {
    app.columns = 40
    app.rows = 12
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    for name in ["first", "second", "third", "fourth"] {
      try app.press(.character("n"))
      try app.type(name)
      try app.press(.enter)
      try await app.waitFor(text: "\(name): 0")
    }
    let screen = try await app.waitFor(text: "[fourth]")
    #expect(screen[0].contains("‹"), "earlier tabs are marked as hidden")
    try app.press(.tab)
    try await app.waitFor(text: "[Count]")
  }
}

/// Counters kept in the file store, across launches.
struct CounterPersistenceUITests {
  @Test func theCountersTheCurrentOneAndStepsAreThereNextTime() async throws {
    let first = try UITestCase(persistent: true)
    first.skipOnboarding()
    try first.app.launch()
    try await first.app.waitFor(text: "Count: 0")
    try first.app.press(.character("n"))
    try first.app.type("laps")
    try first.app.press(.enter)
    try first.app.press(.character("s"))
    try first.app.type("5")
    try first.app.press(.enter)
    try first.app.press(.space)
    try await first.app.waitFor(text: "laps: 5")
    try first.app.press(.character("q"))
    #expect(try await first.app.waitForExit() == 0)

    let second = try UITestCase(persistent: true)
    second.app.launchEnvironment["XDG_DATA_HOME"] = first.app.dataHome
    try second.app.launch()
    let screen = try await second.app.waitFor(text: "step 5")
    #expect(screen[0].contains("Count"))
    #expect(screen.contains { $0.contains("laps: 5") })
    try second.app.press(.space)
    try await second.app.waitFor(text: "laps: 10")
  }
}
