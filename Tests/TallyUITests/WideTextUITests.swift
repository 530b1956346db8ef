import TallyScreens
import TallyTestSupport
import Testing

/// Counters named with emoji, a flag, a combining mark and CJK, in the real terminal (tmux):
/// every column where the canvas puts it, no cell left over from an earlier frame, the same
/// screen after `Ctrl-L` redraws it all, and the board at 40x12.
struct WideTextUITests {
  let test: UITestCase
  var app: TerminalApp { test.app }

  /// The names as typed: a ZWJ family, a flag, "é" as e and a combining acute, CJK, an emoji
  /// with a selector, a skin tone.
  static let names = ["👨‍👩‍👧 family", "🇩🇪 flag", "e\u{301} mark", "日本語", "❤️ heart", "👍🏽 thumb"]

  init() throws {
    test = try UITestCase()
    test.skipOnboarding()
  }

  /// The board after `Ctrl-L` has redrawn every cell is the board drawn before, cell for
  /// cell; `-` then Up make a frame to wait for, and leave the text as it was.
  private func redrawnAlike() async throws {
    let before = try app.screen
    try app.press(.control("l"))
    try app.press(.character("-"))
    try await app.waitFor(text: "- then a row's key")
    try app.press(.up)
    try await app.waitForAbsence(of: "- then a row's key")
    #expect(try app.screen == before)
  }

  @Test func wideNamesKeepEveryColumnOnTheCounterScreenAndTheBoard() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    for name in Self.names {
      try app.press(.character("n"))
      try await app.waitFor(text: "New counter's name:")
      try app.type(name)
      try app.press(.enter)
      try await app.waitFor(text: "\(name.drawnInTerminal): 0")
    }
    // On 日本語: the value line, then back to the family, counted twice.
    try app.press(.backTab, times: 2)
    try await app.waitFor(text: "日本語: 0")
    try app.press(.space)
    try await app.waitFor(text: "日本語: 1")
    try app.press(.backTab, times: 3)
    try app.press(.space, times: 2)
    let counter = try await app.waitFor(text: "👨👩👧 family: 2")
    #expect(counter[0].hasPrefix(" Tally "), "\(counter[0])")
    // Ctrl-L, then a count to wait for: the tab row, all emoji, is as it was.
    try app.press(.control("l"))
    try app.press(.space)
    let redrawn = try await app.waitFor(text: "👨👩👧 family: 3")
    #expect(redrawn[0] == counter[0])

    try app.press(.character("B"))
    try app.type("457")
    let board = try await app.waitFor(text: "👍🏽 thumb                1")
    #expect(board[0] == " Tally  Board: every counter", "no cell left of the counter screen's tabs")
    #expect(
      Array(board[2...8]) == [
        "  1  Count                     0    0%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁▁",
        "  2  👨👩👧 family             3   43%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁█",
        "  3  🇩🇪 flag                   0    0%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁▁",
        "  4  é mark                    1   14%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁█",
        "  5  日本語                    2   29%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁█",
        "  6  ❤ heart                   0    0%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁▁",
        "  7  👍🏽 thumb                1   14%                      ▁▁▁▁▁▁▁▁▁▁▁▁▁█",
      ], "\(board.joined(separator: "\n"))")
    #expect(board[2...8].allSatisfy { $0.terminalWidth == 74 }, "every sparkline ends in column 74")
    try await redrawnAlike()

    try app.resize(columns: 40, rows: 12)
    let small = try await app.waitFor(text: "key  name                         value")
    #expect(
      Array(small[2...9]) == [
        "  1  Count                            0",
        "  2  👨👩👧 family                    3",
        "  3  🇩🇪 flag                          0",
        "  4  é mark                           1",
        "  5  日本語                           2",
        "  6  ❤ heart                          0",
        "  7  👍🏽 thumb                       1",
        "     total                            7",
      ], "\(small.joined(separator: "\n"))")
    try await redrawnAlike()
  }
}
