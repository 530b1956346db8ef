import TallyTestSupport
import Testing

extension TerminalApp {
  /// Runs `tally` with `arguments` on this app's data directory, as a user in another
  /// terminal does; expects it to succeed and returns what it printed.
  @discardableResult
  func tally(_ arguments: String...) throws -> String {
    let result = try ChildProcess.run(executable, arguments, environment: ["XDG_DATA_HOME": dataHome, "PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result)")
    return result.standardOutput
  }
}

/// Counters that work together in the real terminal, set up by `tally` commands on the same
/// store: links and bounds, alerts, the board, limits.
struct LinkUITests {
  let test: UITestCase
  var app: TerminalApp { test.app }

  init() throws {
    test = try UITestCase(persistent: true)
    test.skipOnboarding()
  }

  @Test func aLinkedCounterShowsBothAndUndoTakesTheCarryBack() async throws {
    try app.tally("new", "rows")
    try app.tally("new", "repeats")
    try app.tally("link", "rows", "repeats", "--every", "12")
    try app.tally("set", "rows", "11")
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.press(.tab)
    try await app.waitFor(text: "rows: 11 of 12 · repeats 0")
    try app.press(.space)
    try await app.waitFor(text: "rows: 0 of 12 · repeats 1")
    #expect(try app.tally("get", "repeats") == "1\n")
    try app.press(.character("u"))
    try await app.waitFor(text: "rows: 11 of 12 · repeats 0")
    #expect(try app.tally("get", "repeats") == "0\n")
  }

  @Test func aPressPastABoundIsRefusedAndSaysWhy() async throws {
    try app.tally("new", "seats", "--min", "0", "--max", "1")
    try app.launch()
    try app.press(.tab)
    try await app.waitFor(text: "seats: 0")
    try app.press(.character("-"))
    try await app.waitFor(text: "past its min 0")
    try app.press(.space, times: 2)
    try await app.waitFor(text: "past its max 1")
    #expect(try app.tally("get", "seats") == "1\n")
  }

  // MARK: Alerts: the bell reaches the terminal, once, and the notice says what was reached

  @Test func reachingAnAlertRingsTheBellAndSaysSo() async throws {
    try app.tally("alert", "Count", "3")
    try app.launch()
    try app.press(.space, times: 2)
    try await app.waitFor(text: "Count: 2")
    #expect(try !app.bellRang)
    try app.press(.space)
    try await app.waitFor(text: "Count reached 3")
    #expect(try app.bellRang)
  }

  @Test func anAlertReachedByAnotherProcessRingsInTheOpenApp() async throws {
    try app.tally("alert", "Count", "3")
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.tally("inc", "--by", "3")
    try await app.waitFor(text: "Count reached 3")
    #expect(try app.bellRang)
  }

  @Test func withAlertStyleNoneOnlyTheNoticeShows() async throws {
    try app.tally("alert", "Count", "1")
    try app.tally("config", "set", "alertStyle", "none")
    try app.launch()
    try app.press(.space)
    try await app.waitFor(text: "Count reached 1")
    #expect(try !app.bellRang)
  }

  // MARK: The board: counted in bursts, read back with `tally get`

  @Test func countingOnTheBoardIsWhatTallyGetReads() async throws {
    for name in ["lymphocytes", "neutrophils", "monocytes"] { try app.tally("new", name, "--group", "cells") }
    try app.tally("alert", "--group", "cells", "10")
    try app.launch()
    try app.press(.character("]"))
    try await app.waitFor(text: "lymphocytes: 0")
    try app.press(.character("B"))
    try await app.waitFor(text: "Board: cells")
    try app.type("1121311213")
    try await app.waitFor(regex: #"1  lymphocytes\s+6\s+60%"#)
    try await app.waitFor(text: "cells reached 10")
    #expect(try app.bellRang)
    try app.press(.character("-"))
    try app.press(.character("3"))
    try app.press(.character("u"), times: 2)
    try await app.waitFor(regex: #"3  monocytes\s+1\s"#)
    try app.press(.enter)
    try await app.waitFor(text: "monocytes: 1")
    #expect(try app.tally("get", "--group", "cells") == "6\n2\n1\n")
  }

  /// A counter at `Int.max` and another at 1: the board shows them and its total saturates
  /// (it trapped, leaving the terminal raw), and `q` goes back to the counter.
  @Test func theBoardShowsTheLargestValuesAndTheTotalSaturates() async throws {
    try app.tally("new", "big")
    try app.tally("new", "one")
    try app.tally("set", "big", "9223372036854775807")
    try app.tally("set", "one", "1")
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.press(.character("B"))
    try await app.waitFor(regex: #"total\s+9223372036854775807\s+100%"#)
    try await app.waitFor(regex: #"2  big\s+9223372036854775807\s+100%"#)
    try await app.waitFor(regex: #"3  one\s+1\s+0%"#)
    try app.press(.character("q"))
    try await app.waitFor(text: "Count: 0")
  }

  // MARK: A limit's mark and the amount prompt

  @Test func aLimitGoneOverIsMarkedInWordsInMono() async throws {
    try app.tally("goal", "Count", "at most 2/day")
    app.launchArguments += ["-theme", "mono"]
    try app.launch()
    try app.press(.space, times: 2)
    try await app.waitFor(text: "2 of at most 2 today")
    #expect(!app.screenText.contains("over the limit"))
    try app.press(.space)
    try await app.waitFor(text: "3 of at most 2 today")
    try await app.waitFor(text: "! over the limit")
  }

  @Test func aAddsATypedAmountAsOneChangeThatOneUUndoes() async throws {
    try app.launch()
    try await app.waitFor(text: "Count: 0")
    try app.press(.character("a"))
    try await app.waitFor(text: "Add to Count (-N subtracts):")
    try app.type("25")
    try app.press(.enter)
    try await app.waitFor(text: "Count: 25")
    try app.press(.character("a"))
    try app.type("-5")
    try app.press(.enter)
    try await app.waitFor(text: "Count: 20")
    try app.press(.character("u"))
    try await app.waitFor(text: "Count: 25")
    try app.press(.character("u"))
    try await app.waitFor(text: "Count: 0")
  }
}
