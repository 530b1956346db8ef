import FoundationEssentials
import TallyModel
import TallyTestSupport
import Testing

@testable import TallyHistory

/// `--note` on the commands that change a value, and notes in `tally log`, as processes on
/// a store in a temporary data directory.
struct NoteCommandTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
  }

  /// The history as `tally log --json` prints it.
  private func logged(_ arguments: String...) throws -> [HistoryEntry] {
    let result = try ChildProcess.run(tally, ["log", "--json"] + arguments, environment: environment)
    #expect(result.status == 0, "\(result)")
    return result.standardOutput.split(separator: "\n").compactMap { HistoryEntry(jsonLine: Array($0.utf8)) }
  }

  @Test func incDecSetAndResetKeepTheNoteWithTheirChange() throws {
    let longest = String(repeating: "ü", count: 200)
    try expectOutput("inc", "--note", "first glass", is: "1\n")
    try expectOutput("inc", "Count", "--by", "4", "--note", longest, is: "5\n")
    try expectOutput("dec", "--note", #"spilt one, "sorry""#, is: "4\n")
    try expectOutput("set", "Count", "9", "--note", "  counted again  ", is: "9\n")
    try expectOutput("set", "--note", "negative", "-2", is: "-2\n")
    try expectOutput("reset", "--note", "new day", is: "0\n")
    try expectOutput("inc", "--at", "yesterday", "--note", "forgot this one", "-q", is: "")
    try expectOutput("inc", is: "2\n")
    let entries = try logged()
    #expect(
      entries.map(\.note) == [
        "forgot this one", "first glass", longest, #"spilt one, "sorry""#, "counted again", "negative", "new day", nil,
      ])

    // The text log ends a line with the note when there is one.
    let text = try run("log", "-n", "2")
    let lines = text.standardOutput.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    #expect(lines.map(\.count) == [7, 6], "\(text)")
    #expect(lines.first?.last == "new day")
  }

  /// A bad note is refused before anything is opened: exit 65 with the reason, and the
  /// value and the history are as they were.
  @Test(arguments: [
    String(repeating: "x", count: 201), "two\nlines", "a\ttab", "\u{1B}[2J", "csi \u{9B}2J", "",
  ])
  func aBadNoteExits65AndChangesNothing(note: String) throws {
    try expectOutput("inc", "--note", "kept", is: "1\n")
    let before = try run("log", "--json").standardOutput
    for command in [["inc"], ["dec"], ["set", "7"], ["reset"], ["inc", "--at", "yesterday"]] {
      let result = try ChildProcess.run(tally, command + ["--note", note], environment: environment)
      #expect(result.status == 65, "\(command): \(result)")
      #expect(result.standardError.contains("note"), "\(result)")
      #expect(result.standardError.contains("nothing was changed"), "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
    }
    try expectOutput("get", is: "1\n")
    #expect(try run("log", "--json").standardOutput == before)
  }

  /// A note reaches the terminal escaped, whatever the database holds (a file edited by
  /// hand); `--json` escapes it as JSON does.
  @Test func theLogEscapesANoteForTheTerminal() throws {
    try expectOutput("inc", is: "1\n")
    let history = try SQLiteHistory.open(directory: storeDirectory)
    let last = try #require(history.lastChange(ofCounter: "count"))
    #expect(history.setNote("\u{1B}]0;owned\u{07} \u{9B}2J", of: last))
    let text = try run("log")
    #expect(!text.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 })
    #expect(text.standardOutput.hasSuffix("\tcommand\t\\u{1B}]0;owned\\u{7} \\u{9B}2J\n"), "\(text)")
    let json = try run("log", "--json")
    #expect(json.standardOutput.contains(#""note":"\u001b]0;owned\u0007 \u009b2J""#), "\(json)")
  }
}
