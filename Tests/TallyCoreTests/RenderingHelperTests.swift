import TallyScreens
import Testing

/// Hint lines, clipping and key names, which every screen uses.
struct RenderingHelperTests {
  @Test func hintsOfLowPriorityGoFirstWhenTheLineIsNarrow() {
    let hints = [(keys: "a", summary: "one"), (keys: "b", summary: "two"), (keys: "c", summary: "three")]
    #expect(KeyHints.line(for: hints, priorities: [2, 0, 1], width: 80) == " a one   b two   c three")
    #expect(KeyHints.line(for: hints, priorities: [2, 0, 1], width: 16) == " a one   c three")
    #expect(KeyHints.line(for: hints, priorities: [2, 0, 1], width: 8) == " a one")
    #expect(KeyHints.line(for: hints, priorities: [0, 0, 0], width: 14) == " a one   b two", "ties go from the end")
  }

  @Test func theCounterHintLineKeepsHelpAndQuitLongest() {
    let narrow = CounterViewModel.defaultKeyMap.hintLine(width: 30)
    #expect(narrow.contains("? help"))
    #expect(narrow.contains("q quit"))
    #expect(CounterViewModel.defaultKeyMap.hintLine(width: 80).contains("u undo"))
  }

  @Test(arguments: [
    ("laps", 10, "laps"), ("a long counter name", 10, "a long co…"), ("漢字カウンター", 7, "漢字カ…"),
    ("漢字カウンター", 8, "漢字カ…"), ("☕☕☕", 4, "☕…"), ("abc", 0, ""), ("abc", 1, "…"),
  ])
  func clippingKeepsWithinTheWidthAndMarksTheCut(text: String, width: Int, clipped: String) {
    #expect(TextLayout.clip(text, width: width) == clipped)
    #expect(TextLayout.clip(text, width: width).terminalWidth <= width)
  }

  /// A grapheme's width is the columns ncurses gives it and tmux 3.3a draws it in, as Tally
  /// sends it (its joiners and emoji selectors left out).
  @Test(arguments: [
    ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("カ", 2), ("☕", 2), ("🇩🇪", 2),
    ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),
    ("👨‍👩‍👧", 6), ("👍🏽", 4), ("❤️", 1), ("❤", 1), ("1️⃣", 1), ("\u{1}", 0), ("\u{200B}", 0),
  ])
  func aGraphemeIsAsWideAsTheTerminalDrawsIt(grapheme: Character, columns: Int) {
    #expect(grapheme.terminalWidth == columns)
    #expect(String(grapheme).terminalWidth == columns)
    #expect(String(grapheme).drawnInTerminal.unicodeScalars.allSatisfy { !$0.isLeftOutWhenDrawn })
  }

  @Test func theJoinersAndSelectorsAreLeftOutOfWhatIsDrawn() {
    #expect("👨‍👩‍👧 family".drawnInTerminal == "👨👩👧 family")
    #expect("❤️ heart".drawnInTerminal == "❤ heart")
    #expect("🇩🇪 é 日本語".drawnInTerminal == "🇩🇪 é 日本語")
  }

  /// The canvas gives a grapheme its width in cells, and blanks one the right edge cuts.
  @Test func theCanvasGivesAGraphemeItsWidthAndBlanksOneCutByTheEdge() {
    var canvas = Canvas(width: 10, height: 1)
    #expect(canvas.put("👨‍👩‍👧x", column: 0, row: 0) == 7)
    #expect((1..<6).allSatisfy { canvas.isContinuation(column: $0, row: 0) })
    #expect(canvas.character(column: 6, row: 0) == "x")
    #expect(canvas.put("👍🏽", column: 7, row: 0) == 11)
    #expect((7..<10).allSatisfy { canvas.character(column: $0, row: 0) == " " && !canvas.isContinuation(column: $0, row: 0) })
  }

  @Test func wrappedTextKeepsEveryWordInOrder() {
    // The words after the last break, the last paragraph, and a short word before a long one.
    #expect(TextLayout.wrap("one two three", width: 7) == ["one two", "three"])
    #expect(TextLayout.wrap("first\n\nlast line", width: 20) == ["first", "", "last line"])
    #expect(TextLayout.wrap("ab cdefghij", width: 4) == ["ab", "cdef", "ghij"])
  }

  @Test func keysAreNamedAsTheHelpShowsThem() {
    #expect(
      [Key.space, .character("+"), .up, .control("r"), .backTab, .escape, .function(2)].map(\.displayName)
        == ["Space", "+", "Up", "Ctrl-R", "Shift-Tab", "Esc", "F2"])
    #expect(CounterViewModel.defaultKeyMap.binding(for: .increment)?.keyNames == "Space, +, Up, k")
  }

  @Test func theHelpListsEveryKeyOfTheCounterScreen() {
    let entries = Help.fullEntries(for: CounterViewModel.defaultKeyMap)
    let paired: [CounterViewModel.Action] = [
      .setValue, .addAmount, .nextGroup, .previousGroup, .history, .board, .setGoal, .settings,
    ]
    for binding in CounterViewModel.defaultKeyMap.bindings where !paired.contains(binding.action) {
      #expect(entries.contains { $0.keys == binding.keyNames && $0.action == binding.description })
    }
    // The next and previous group share a line, as the history and the board do.
    #expect(entries.contains { $0.keys == "] / [" && $0.action == "next / previous group" })
    #expect(entries.contains { $0.keys == "H / B" && $0.action == "history / board of the group" })
    #expect(entries.contains { $0.keys == "g / ," && $0.action == "set this counter's goal / all its settings" })
    #expect(entries.contains { $0.keys.contains("[+]") })
  }

  @Test func theCursorIsPartOfTheCanvas() {
    var canvas = Canvas(width: 4, height: 2)
    #expect(canvas.cursor == nil)
    canvas.cursor = Canvas.Position(column: 1, row: 1)
    #expect(canvas != Canvas(width: 4, height: 2))
  }
}
