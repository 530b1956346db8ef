import TallyTestSupport
import Testing

/// Settings changed with `tally config set`, then the real app in a terminal using them.
struct ConfigUITests {
  /// Runs `tally config set NAME VALUE` on the app's data directory.
  private func set(_ name: String, _ value: String, for app: TerminalApp) throws {
    let result = try ChildProcess.run(
      app.executable, ["config", "set", name, value], environment: ["XDG_DATA_HOME": app.dataHome, "PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result)")
  }

  @Test func remappedKeysDriveTheAppAndTheHintsAndHelpShowThem() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try set("keys.increment", "k,Up", for: test.app)
    try set("keys.decrement", "j,-", for: test.app)
    try set("keys.undo", "z", for: test.app)
    try set("keys.help", "F1", for: test.app)
    try test.app.launch()
    try await test.app.waitFor(text: "k/Up add")
    #expect(try test.app.screen.last?.contains("z undo") == true, "\(test.app.screenText)")
    #expect(try test.app.screen.last?.contains("F1 help") == true, "\(test.app.screenText)")

    try test.app.press(.character("k"), times: 3)
    try await test.app.waitFor(text: "Count: 3")
    try test.app.press(.space)  // no longer bound
    try test.app.press(.character("j"))
    try await test.app.waitFor(text: "Count: 2")
    try test.app.press(.character("z"))
    try await test.app.waitFor(text: "Count: 3")
    try test.app.press(.up)
    try await test.app.waitFor(text: "Count: 4")

    try test.app.type("\u{1B}OP")  // F1
    try await test.app.waitFor(text: "k, Up")
    #expect(test.app.screenText.contains("j, -"))
    try test.app.press(.character("q"))
    try await test.app.waitForAbsence(of: "k, Up")
    try test.app.press(.character("q"))
    #expect(try await test.app.waitForExit() == 0)
  }

  @Test func aRemappedBoardKeyWorksOnTheBoardAndItsHelpShowsIt() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try set("keys.board.subtract", "_", for: test.app)
    try test.app.launch()
    try await test.app.waitFor(text: "Space/+ add")
    try test.app.press(.character("B"))
    try await test.app.waitFor(text: "_ subtract")
    try test.app.press(.character("1"), times: 3)
    try await test.app.waitFor(regex: "1  Count +3 ")
    try test.app.press(.character("-"))  // no longer bound
    try test.app.press(.character("_"))
    try test.app.press(.character("1"))
    try await test.app.waitFor(regex: "1  Count +2 ")
    try test.app.press(.character("?"))
    try await test.app.waitFor(text: "the next row's key subtracts its step")
    #expect(test.app.screenText.contains("add the row's step"), "\(test.app.screenText)")
    #expect(!test.app.screenText.contains("add the step"), "the counter screen's help is not shown")
    try test.app.press(.character("x"))
    try await test.app.waitForAbsence(of: "the next row's key subtracts")
    try test.app.press(.character("q"))
    try await test.app.waitFor(text: "Count: 2")
    try test.app.press(.character("q"))
    #expect(try await test.app.waitForExit() == 0)
  }

  @Test func aSettingChangedWhileTheAppRunsTakesEffectWithoutARestart() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Space/+ add")
    try test.app.press(.space)
    try await test.app.waitFor(text: "Count: 1")

    try set("keys.increment", "k", for: test.app)
    try await test.app.waitFor(text: "k add")
    #expect(!test.app.screenText.contains("Space/+ add"))
    try test.app.press(.space)  // no longer bound
    try test.app.press(.character("k"))
    // The help, once shown, follows every key before it: the count is final when it closes.
    try test.app.press(.character("?"))
    try await test.app.waitFor(text: "add the step")
    try test.app.press(.character("q"))
    try await test.app.waitForAbsence(of: "add the step")
    try await test.app.waitFor(text: "Count: 2")
    #expect(test.app.screenText.contains("█"))

    try set("bigDigits", "false", for: test.app)
    try await test.app.waitForAbsence(of: "█")
    try test.app.press(.character("q"))
    #expect(try await test.app.waitForExit() == 0)
  }

  @Test func onboardingNamesTheRemappedKeys() async throws {
    let test = try UITestCase(persistent: true)
    try set("keys.increment", "k", for: test.app)
    try test.app.launch()
    try test.app.press(.enter)
    try await test.app.waitFor(text: "Press k to add one")
  }

  @Test func bindingsThatCannotBeUsedFallBackToTheDefaultsAndSaySo() async throws {
    let test = try UITestCase()
    test.skipOnboarding()
    test.app.launchArguments += ["-keys.decrement", "-,k"]
    try test.app.launch()
    try await test.app.waitFor(text: "Using the default keys: k is bound to two actions")
    try test.app.press(.character("k"))
    try await test.app.waitFor(text: "Count: 1")
    try await test.app.waitFor(text: "Space/+ add")
  }

  @Test func withoutBigDigitsAndConfirmationResetIsImmediate() async throws {
    let test = try UITestCase()
    test.skipOnboarding()
    test.app.launchArguments += ["-bigDigits", "no", "-confirmReset", "no"]
    try test.app.launch()
    try test.app.press(.space, times: 2)
    try await test.app.waitFor(text: "Count: 2")
    #expect(!test.app.screenText.contains("█"))
    try test.app.press(.character("r"))
    try await test.app.waitFor(text: "Count: 0")
    #expect(!test.app.screenText.contains("y/N"))
  }
}
