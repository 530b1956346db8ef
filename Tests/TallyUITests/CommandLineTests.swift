import TallyDefaults
import TallySettings
import TallyTestSupport
import Testing

/// `tally` run as a plain process: no terminal, help, version, and the store commands.
struct CommandLineTests {
  let tally: String
  let home: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    home = try TemporaryDirectory()
  }

  private var environment: [String: String] { ["HOME": home.path, "PATH": "/usr/bin:/bin"] }

  @Test func withoutATerminalItSaysSoAndTouchesNothing() throws {
    let result = try ChildProcess.run(tally, [], environment: environment)
    #expect(result.status == 1)
    #expect(result.standardError.contains("not a terminal"))
    #expect(result.standardOutput.isEmpty)
    let store = home.appending(".local/share/tally")
    #expect((try? ChildProcess.readFileText(store + "/defaults.plist")) == nil)
  }

  @Test func helpListsTheLaunchArguments() throws {
    let result = try ChildProcess.run(tally, ["--help"], environment: environment)
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("-useInMemoryUserDefaults"))
    #expect(result.standardOutput.contains("-skipOnboarding"))
  }

  @Test func versionPrintsTheVersion() throws {
    let result = try ChildProcess.run(tally, ["--version"], environment: environment)
    #expect(result.status == 0)
    #expect(result.standardOutput.trimmingCharacters() == "0.1.0")
  }

  @Test func helpListsEveryDefaultsKeyWithItsKind() throws {
    let help = try ChildProcess.run(tally, ["--help"], environment: environment).standardOutput
    for entry in AppDefaults.entries where !entry.isSetting {
      #expect(help.contains("-\(entry.key.name) <\(entry.kind.rawValue)>"), "no option for \(entry.key.name)")
    }
    // The settings, too many for an option each, are `tally config list`'s.
    #expect(help.contains("-NAME VALUE"))
    #expect(help.contains("tally config list"))
  }

  // `-noSuchThing` has an h in it: read as short flags, it must not print the help.
  @Test(arguments: [
    (["-noSuchThing"], "-noSuchThing"), (["inc", "-noSuchThing"], "-noSuchThing"),
    (["-skipOnboarding", "-whatever", "1"], "-whatever"),
  ])
  func anUnknownArgumentIsAUsageErrorThatNamesIt(arguments: [String], unknown: String) throws {
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == 64)
    #expect(result.standardError.contains("Unknown option '\(unknown)'"))
    #expect(result.standardOutput.isEmpty)
    #expect((try? ChildProcess.readFileText(home.appending(".local/share/tally/defaults.plist"))) == nil)
  }

  @Test func aKeyWithAnHInItsNameSetsTheKeyInsteadOfAskingForHelp() throws {
    let result = try ChildProcess.run(tally, ["-hasOnboardingBeenShown", "YES", "get", "-count", "7"], environment: environment)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput == "7\n")
  }

  @Test func negativeStepsAreAccepted() throws {
    #expect(try ChildProcess.run(tally, ["inc", "--by", "-3"], environment: environment).standardOutput == "-3\n")
  }

  @Test func incAndGetShareTheStore() throws {
    #expect(try ChildProcess.run(tally, ["inc"], environment: environment).standardOutput == "1\n")
    #expect(try ChildProcess.run(tally, ["inc", "--by", "41"], environment: environment).standardOutput == "42\n")
    #expect(try ChildProcess.run(tally, ["get"], environment: environment).standardOutput == "42\n")
    let store = try FileUserDefaults(directory: home.appending(".local/share/tally"))
    #expect(store.integer(forKey: "count") == 42)
  }

  @Test func anUnusableDataDirectoryIsAnIOError() throws {
    let result = try ChildProcess.run(
      tally, ["inc"], environment: ["XDG_DATA_HOME": "/proc/no-such-dir", "PATH": "/usr/bin:/bin"])
    #expect(result.status == 74)
    #expect(result.standardError.contains("cannot create the data directory"))
  }

  @Test func aStoreThatCannotBeOpenedIsReportedBeforeAnythingIsDrawn() throws {
    // The app in a real pseudo-terminal (script(1)), its data directory below a regular file.
    let blocker = home.appending("not-a-directory")
    _ = try ChildProcess.run("/bin/sh", ["-c", "printf x > \"$0\"", blocker])
    let result = try ChildProcess.run(
      "/usr/bin/script", ["-qec", "'\(tally)' -skipOnboarding", "/dev/null"],
      environment: ["XDG_DATA_HOME": blocker + "/data", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin"])
    #expect(result.status == 74)
    #expect(result.standardOutput.contains("cannot create the data directory"))
    // Not even the alternate screen entered and left again: no escape sequence at all.
    #expect(!result.standardOutput.contains("\u{1B}"), "\(result.standardOutput.debugDescription)")
  }

  @Test func withoutHomeOrXDGDataHomeItSaysWhatToSet() throws {
    let result = try ChildProcess.run(tally, ["get"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 74)
    #expect(result.standardError.contains("set HOME or XDG_DATA_HOME"))
  }

  @Test(arguments: [("dumb", "cannot move the cursor"), ("no-such-terminal", "is unknown"), ("", "TERM is not set")])
  func anUnusableTerminalTypeIsRefusedBeforeAnythingIsWritten(term: String, message: String) async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    test.app.launchEnvironment["TERM"] = term
    try test.app.launch()
    #expect(try await test.app.waitForExit() == 1)
    #expect(try test.app.screen.joined().contains(message), "\(test.app.screenText)")
    #expect((try? ChildProcess.readFileText(test.app.storeDirectory + "/defaults.plist")) == nil)
  }
}

extension String {
  fileprivate func trimmingCharacters() -> String {
    var text = Substring(self)
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}
