import TallyApp
import TallyDefaults
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// Where each style is drawn on the counter screen, cell by cell: the styles that carry
/// meaning (the title and buttons, the selected tab, hints, warnings, the text field) and the
/// exact edges where a layout changes (an error that just fits its two rows, or does not).
struct CounterStyleTests {
  private let model: AppViewModel

  /// Count and "laps", with "laps" on screen.
  init() {
    let defaults = InMemoryUserDefaults()
    AppDefaults.register(in: defaults)
    model = TestApps.counter(defaults: defaults)
    model.createCounter(named: "laps")
  }

  private func render(_ width: Int = 80, _ height: Int = 24) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    model.render(into: &canvas)
    return canvas
  }

  private static func run(_ letter: Character, _ count: Int) -> String { String(repeating: letter, count: count) }

  @Test func theTitleTheSelectedTabTheButtonsAndTheHintsEachHaveTheirStyle() {
    let canvas = render()
    #expect(canvas.lines[0] == " Tally   Count  [laps]")
    #expect(canvas.styleLine(0) == Self.run("A", 6) + Self.run(" ", 10) + Self.run("S", 6), "\(canvas.picture)")
    for row in 8...12 { #expect(canvas.styleLine(row) == Self.run(" ", 38) + "bbb", "large digits, row \(row)") }
    #expect(canvas.lines[14] == "                                    laps: 0")
    #expect(canvas.styleLine(14) == "", "the value line is plain text")
    #expect(canvas.lines[15] == "                                 [ - ]   [ + ]")
    #expect(canvas.styleLine(15) == Self.run(" ", 33) + "AAAAA   AAAAA")
    #expect(canvas.styleLine(23) == Self.run("h", canvas.lines[23].count))
  }

  @Test func aWarningIsStyledAsOneAndNewsIsPlain() {
    model.press(.character("d"), .character("y"), .character("d"))
    let warning = render()
    #expect(warning.lines[22] == " The last counter cannot be deleted")
    #expect(warning.styleLine(22) == Self.run("W", warning.lines[22].count))
    model.press(.character("u"))
    let news = render()
    #expect(news.lines[22].hasPrefix(" Undone:"), "\(news.picture)")
    #expect(news.styleLine(22) == "")
  }

  @Test func aQuestionIsAWarning() {
    model.press(.character("r"))
    let canvas = render()
    #expect(canvas.lines[22] == " Reset laps to 0? y/N")
    #expect(canvas.styleLine(22) == Self.run("W", 21))
  }

  @Test func thePromptsQuestionIsBoldAndItsFieldUnderlinedToTheEndOfTheRow() {
    model.press(.character("n"))
    model.type("reps")
    let canvas = render()
    #expect(canvas.lines[22] == " New counter's name: reps")
    #expect(canvas.styleLine(22) == Self.run("b", 20) + " " + Self.run("F", 59), "\(canvas.picture)")
    #expect(canvas.cursor == Canvas.Position(column: 25, row: 22))
  }

  /// Refuses `entry` as a step: the error is "The step must be a whole number from 1 to
  /// 9223372036854775807, not" on one row and the quoted entry after it.
  private func refuseStep(_ entry: String) -> Canvas {
    model.press(.character("s"))
    model.type(entry)
    model.press(.enter)
    return render()
  }

  @Test func anErrorThatJustFitsTwoRowsIsShownWhole() {
    let entry = Self.run("x", 76)  // with a space and two quotes: 79 columns, the whole width but the margin
    let canvas = refuseStep(entry)
    #expect(canvas.lines[20] == " The step must be a whole number from 1 to 9223372036854775807, not", "\(canvas.picture)")
    #expect(canvas.lines[21] == " \"\(entry)\"")
    #expect(canvas.styleLine(20) == Self.run("W", 67))
    #expect(canvas.styleLine(21) == Self.run("W", 79))
    #expect(canvas.lines[19] == "", "the error takes two rows, no more")
    #expect(canvas.lines[22].hasPrefix(" Step for laps (now 1): "))
  }

  @Test func anErrorLongerThanTwoRowsIsCutWithAnEllipsisAndNeverCoversTheButtons() {
    let canvas = refuseStep(Self.run("x", 77) + " more")
    #expect(canvas.lines[20] == " The step must be a whole number from 1 to 9223372036854775807, not", "\(canvas.picture)")
    #expect(canvas.lines[21] == " \"" + Self.run("x", 77) + "…")
    #expect(canvas.styleLine(21) == Self.run("W", 80))
    #expect(canvas.lines[19] == "")
    #expect(canvas.lines[15] == "                                 [ - ]   [ + ]")
  }
}
