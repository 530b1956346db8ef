import TallyDefaults
import TallySettings
import TallyTestSupport
import Testing

/// `tally config` run as a process on a store in a temporary data directory.
struct ConfigCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  private var storePath: String { data.appending("tally/defaults.plist") }

  @Test func setGetAndResetASetting() throws {
    try expectOutput("config", "get", "theme", is: "default\n")
    try expectOutput("config", "set", "theme", "mono", is: "")
    try expectOutput("config", "get", "theme", is: "mono\n")
    try expectOutput("config", "set", "confirmReset", "off", is: "")
    try expectOutput("config", "get", "confirmReset", is: "false\n")
    try expectOutput("config", "reset", "theme", is: "")
    try expectOutput("config", "get", "theme", is: "default\n")
    let store = try FileUserDefaults(directory: data.appending("tally"))
    #expect(store.domains.persistent == ["confirmReset": .bool(false)])
  }

  @Test func resettingASettingNeverSetWritesNothing() throws {
    try expectOutput("config", "reset", "theme", is: "")
    #expect((try? ChildProcess.readFileText(storePath)) == nil)
  }

  @Test func listSaysWhereEachValueComesFrom() throws {
    try run("config", "set", "keys.undo", "z")
    let result = try run("-bigDigits", "no", "config", "list", environment: ["TALLY_LOCK_TIMEOUT": "2"])
    #expect(result.status == 0, "\(result)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("theme = default (default)"))
    #expect(lines.contains("keys.undo = z (user; default: u)"))
    #expect(lines.contains("bigDigits = false (argument; default: true)"))
    #expect(lines.contains("lockTimeout = 2 (environment; default: 5; this machine only)"))
    #expect(lines.contains("    keys: undo the last change"))
    #expect(lines.count == 2 * AppDefaults.entries.filter(\.isSetting).count)
  }

  @Test func theBoardsAndTheHistorysKeysAreSettingsBesideTheCounterScreens() throws {
    try expectOutput("config", "set", "keys.board.undo", "x", is: "")
    try expectOutput("config", "get", "keys.board.undo", is: "x\n")
    try expectOutput("config", "set", "keys.history.nextView", "v,Tab", is: "")
    let lines = try run("config", "list").standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("keys.undo = u (default)"))
    #expect(lines.contains("keys.board.undo = x (user; default: u)"))
    #expect(lines.contains("keys.board.close = q,Esc (default)"))
    #expect(lines.contains("keys.history.nextView = v,Tab (user; default: Tab)"))
    #expect(lines.contains("keys.history.help = ? (default)"))
    try expectFailure(
      "config", "set", "keys.board.subtract", "x", status: 65,
      message: "x is bound to two actions, keys.board.subtract (x) and keys.board.undo (x)")
  }

  @Test func listAsJSONHasTypedValues() throws {
    try run("config", "set", "lockTimeout", "2.5")
    let result = try run("config", "list", "--json")
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("[{\"default\":\"default\",\"description\":"))
    #expect(
      result.standardOutput.contains(
        "{\"default\":5,\"description\":\"seconds to wait for another tally to release the store\",\"name\":\"lockTimeout\",\"source\":\"user\",\"thisMachineOnly\":true,\"value\":2.5}"
      ), "\(result.standardOutput)")
    #expect(
      result.standardOutput.contains("\"name\":\"bigDigits\",\"source\":\"default\",\"thisMachineOnly\":false,\"value\":true}"))
  }

  @Test func aBadValueGetsTheAllowedOnesExit65AndChangesNothing() throws {
    try run("config", "set", "theme", "mono")
    let before = try ChildProcess.readFileText(storePath)
    for (name, value, message) in [
      ("theme", "pink", "theme: \"pink\" is not allowed; allowed: default, mono or high-contrast; nothing was changed"),
      ("keys.decrement", "-,k", "k is bound to two actions, keys.increment (Space,+,Up,k) and keys.decrement (-,k)"),
      ("keys.increment", "space,frob", "keys.increment: \"frob\" is not a key name; a key is a single character"),
      ("keys.undo", "", "keys.undo: an action needs at least one key"),
    ] {
      let result = try run("config", "set", name, value)
      #expect(result.status == 65, "\(result)")
      #expect(result.standardError.contains(message), "\(result)")
      #expect(result.standardOutput.isEmpty)
    }
    #expect(try ChildProcess.readFileText(storePath) == before)
  }

  @Test(arguments: [["config", "get", "colour"], ["config", "set", "count", "3"], ["config", "reset", "keys.jump"]])
  func anUnknownSettingIsAUsageError(arguments: [String]) throws {
    let result = try ChildProcess.run(tally, arguments, environment: environment)
    #expect(result.status == 64, "\(result)")
    #expect(result.standardError.contains("is not a setting; `tally config list` shows them all"), "\(result)")
    #expect((try? ChildProcess.readFileText(storePath))?.contains("count") != true)
  }

  @Test func aValueMayBeginWithADash() throws {
    try expectOutput("config", "set", "keys.decrement", "-,j", is: "")
    try expectOutput("config", "get", "keys.decrement", is: "-,j\n")
  }

  @Test func aSettingGivenAtLaunchLastsOneRun() throws {
    try expectOutput("-theme", "high-contrast", "config", "get", "theme", is: "high-contrast\n")
    try expectOutput("config", "get", "theme", is: "default\n")
    let result = try run("inc", "-theme", "pink")
    #expect(result.status == 64)
    #expect(result.standardError.contains("allowed: default, mono or high-contrast"))
  }

  @Test func theCommonCommandsStillWorkBesideSettings() throws {
    try run("config", "set", "keys.increment", "k")
    try expectOutput("inc", is: "1\n")
    try expectOutput("-lockTimeout", "1", "inc", is: "2\n")
    try expectOutput("list", is: "Count\t2\n")
  }
}
