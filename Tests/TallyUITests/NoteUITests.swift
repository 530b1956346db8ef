import TallyModel
import TallyTestSupport
import Testing

/// Notes on changes in the real binary: `N` on the counter screen, then `tally log`.
struct NoteUITests {
  /// The counter's history as `tally log --json` prints it for the app's store.
  private func logged(_ test: UITestCase) throws -> [HistoryEntry] {
    let log = try ChildProcess.run(try Executables.tally(), ["log", "--json"], environment: ["XDG_DATA_HOME": test.app.dataHome])
    #expect(log.status == 0, "\(log)")
    return log.standardOutput.split(separator: "\n").compactMap { HistoryEntry(jsonLine: Array($0.utf8)) }
  }

  @Test func nPutsANoteOnTheLastChangeAndUTakesItOff() async throws {
    let test = try UITestCase(persistent: true)
    test.skipOnboarding()
    try test.app.launch()
    try await test.app.waitFor(text: "Count: 0")
    try test.app.press(.character("N"))
    try await test.app.waitFor(text: "Count has no change to put a note on yet.")
    try test.app.press(.space, times: 2)
    try await test.app.waitFor(text: "Count: 2")

    try test.app.press(.character("N"))
    try await test.app.waitFor(text: "Note on Count")
    try test.app.type("after lunch, two glasses")
    try test.app.press(.enter)
    try await test.app.waitFor(text: "Noted: Count")
    #expect(try logged(test).last?.note == "after lunch, two glasses")
    let text = try ChildProcess.run(
      try Executables.tally(), ["log", "-n", "1"], environment: ["XDG_DATA_HOME": test.app.dataHome])
    #expect(text.standardOutput.hasSuffix("\tapp\tafter lunch, two glasses\n"), "\(text)")

    try test.app.press(.character("u"))
    try await test.app.waitFor(text: "Undone: note on Count")
    #expect(try logged(test).last?.note == nil)
    #expect(try logged(test).last?.new == 2, "the undo took the note off, the count stays")
    try await test.app.waitFor(text: "Count: 2")
  }
}
