import TallyApp
import TallyDefaults
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// Each state of the counter screen rendered at 80x24 and 40x12: several counters, a step,
/// prompts, a refused prompt, a confirmation, the help, messages, and names that are long,
/// wide or many.
struct CounterRenderTests {
  private let model: AppViewModel

  /// Count at 12, then "laps" and "☕ coffee" made; "☕ coffee" is on screen at 3.
  init() {
    let defaults = InMemoryUserDefaults()
    AppDefaults.register(in: defaults)
    defaults.set(12, forKey: "count")
    model = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    for name in ["laps", "☕ coffee"] {
      model.createCounter(named: name)
    }
    model.press(.space, .space, .space)
  }

  private func render(_ width: Int, _ height: Int) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    model.render(into: &canvas)
    return canvas
  }

  private static let digits3 = [
    "███",
    "  █",
    "███",
    "  █",
    "███",
  ]

  private func screen80(top: String = " Tally   Count   laps  [☕ coffee]", buttons: String, bottom: [String]) -> [String] {
    [top] + Array(repeating: "", count: 7) + Self.digits3.map { String(repeating: " ", count: 38) + $0 }
      + ["", "                                  ☕ coffee: 3", buttons] + Array(repeating: "", count: 8 - bottom.count) + bottom
  }

  private func screen40(buttons: String, bottom: [String]) -> [String] {
    [" Tally   Count   laps  [☕ coffee]", ""] + Self.digits3.map { String(repeating: " ", count: 18) + $0 }
      + ["", "              ☕ coffee: 3"] + [buttons, "", ""].prefix(3 - bottom.count + 1).dropLast(0).prefix(3 - bottom.count)
      + bottom
  }

  @Test func severalCountersAt80x24() {
    expectLines(
      render(80, 24),
      screen80(
        buttons: "                                 [ - ]   [ + ]",
        bottom: [" Space/+ add   - subtract   u undo   Tab next   n new   ? help   q quit"]))
  }

  @Test func severalCountersAt40x12() {
    expectLines(
      render(40, 12),
      screen40(
        buttons: "             [ - ]   [ + ]",
        bottom: ["", " Space/+ add   ? help   q quit"]))
  }

  @Test func aStepOtherThan1ShowsBetweenTheButtons() {
    model.press(.character("s"))
    model.type("5")
    model.press(.enter)
    #expect(render(80, 24).lines[15] == "                              [ - ]  step 5  [ + ]")
    #expect(render(40, 12).lines[9] == "          [ - ]  step 5  [ + ]")
  }

  @Test func aPromptAt80x24IsOneLineWithTheCursorAfterTheText() {
    model.press(.character("n"))
    model.type("漢字カウンター")
    let canvas = render(80, 24)
    expectLines(
      canvas,
      screen80(
        buttons: "                                 [ - ]   [ + ]",
        bottom: [" New counter's name: 漢字カウンター", " Enter confirm   Esc cancel"]))
    #expect(canvas.cursor == Canvas.Position(column: 35, row: 22))
    #expect(canvas[21, 22].style == .field, "the field is drawn as one")
  }

  @Test func aPromptAt40x12() {
    model.press(.character("e"))
    let canvas = render(40, 12)
    expectLines(
      canvas,
      screen40(
        buttons: "             [ - ]   [ + ]",
        bottom: [" Rename ☕ coffee to: ☕ coffee", " Enter confirm   Esc cancel"]))
    #expect(canvas.cursor == Canvas.Position(column: 31, row: 10))
  }

  @Test func aLongEntryScrollsSoTheCursorStaysInView() {
    model.press(.character("n"))
    model.type(String(repeating: "漢", count: 15) + "end")
    let canvas = render(40, 12)
    #expect(canvas.lines[10] == " New counter's name: 漢漢漢漢漢漢漢end", "\(canvas.picture)")
    #expect(canvas.cursor == Canvas.Position(column: 38, row: 10))
    model.press(.home)
    let home = render(40, 12)
    #expect(home.lines[10] == " New counter's name: 漢漢漢漢漢漢漢漢漢", "\(home.picture)")
    #expect(home.cursor == Canvas.Position(column: 21, row: 10))
  }

  @Test func aRefusedPromptSaysWhyAboveIt() {
    model.createCounter(named: "LAPS")
    expectLines(
      render(80, 24),
      screen80(
        buttons: "                                 [ - ]   [ + ]",
        bottom: [
          " A counter named \"LAPS\" already exists", " New counter's name: LAPS", " Enter confirm   Esc cancel",
        ]))
    expectLines(
      render(40, 12),
      screen40(
        buttons: " A counter named \"LAPS\" already exists",
        bottom: [" New counter's name: LAPS", " Enter confirm   Esc cancel"]))
  }

  @Test func aLongRefusalIsCutOnANarrowScreenNeverTheValueLine() {
    model.press(.character("s"))
    model.type("zero")
    model.press(.enter)
    let canvas = render(40, 12)
    #expect(canvas.lines[8] == "              ☕ coffee: 3")
    #expect(canvas.lines[9] == " The step must be a whole number from 1…")
    let wide = render(80, 24)
    #expect(wide.lines[21] == " The step must be a whole number from 1 to 9223372036854775807, not \"zero\"")
  }

  @Test func aConfirmationAt80x24And40x12() {
    model.press(.character("d"))
    expectLines(
      render(80, 24),
      screen80(
        buttons: "                                 [ - ]   [ + ]",
        bottom: [" Delete ☕ coffee (3)? y/N", " y yes   any other key no"]))
    expectLines(
      render(40, 12),
      screen40(
        buttons: "             [ - ]   [ + ]",
        bottom: [" Delete ☕ coffee (3)? y/N", " y yes   any other key no"]))
  }

  @Test func theHelpAt80x24ListsEveryKeyInABox() {
    model.press(.character("?"))
    expectLines(
      render(80, 24),
      [
        "     ┌─ Keys ─────────────────────────────────────────────────────────────┐",
        "     │ Space, +, Up, k         add the step                               │",
        "     │ -, Down, j              subtract the step                          │",
        "     │ r                       reset to 0 (asks first)                    │",
        "     │ = / a                   type a value / an amount to add            │",
        "     │ s                       set this counter's step                    │",
        "     │ g / ,                   set this counter's goal / all its settings │",
        "     │ N                       add a note to the last change              │",
        "     │ u                       undo the last change                       │",
        "     │ Ctrl-R                  redo what was undone                       │",
        "     │ Tab, Right, l           next counter                               │",
        "     │ Shift-Tab, Left, h      previous counter                           │",
        "     │ ] / [                   next / previous group                      │",
        "     │ n                       new counter                                │",
        "     │ e                       rename this counter                        │",
        "     │ d                       delete this counter (asks first)           │",
        "     │ ?                       this help                                  │",
        "     │ H / B                   history / board of the group               │",
        "     │ q, Ctrl-C               quit                                       │",
        "     │ click [-], [+], a tab   subtract, add, show that counter           │",
        "     │ tally config            change these keys and settings             │",
        "     └────────────────────────────────────────────────────────────────────┘",
        "",
        " any key closes",
      ])
  }

  @Test func theHelpAt40x12UsesTwoColumnsOfShortLabels() {
    model.press(.character("?"))
    expectLines(
      render(40, 12),
      [
        " Keys",
        " Space/+   add       S-Tab     previous",
        " -         subtract  ] [       group",
        " r         reset     n         new",
        " = a       set/add   e         rename",
        " s         step      d         delete",
        " g ,       goal/all  ?         help",
        " N         note      H B       past/all",
        " u         undo      q         quit",
        " Ctrl-R    redo      click -/+ change",
        " Tab       next      click tab show",
        " any key closes",
      ])
  }

  @Test func theHelpOnATinyScreenShowsWhatFits() {
    model.press(.character("?"))
    let canvas = render(24, 6)
    #expect(canvas.lines == [" Keys", " Space/+   add", " -         subtract", " r         reset", " …", " any key closes"])
  }

  @Test func aLimitMessageWrapsOntoASpareRowAt40x12() {
    model.press(.character("="))
    model.type("9223372036854775807")
    model.press(.enter, .space)
    let canvas = render(40, 12)
    // The value is too wide for large digits, so the value line and buttons sit higher.
    expectLines(
      canvas,
      [
        " Tally   Count   laps  [☕ coffee]", "", "", "", "",
        "     ☕ coffee: 9223372036854775807",
        "             [ - ]   [ + ]",
        "",
        " 9223372036854775807 is the largest",
        " value a counter can hold; it stays",
        " there",
        " Space/+ add   ? help   q quit",
      ])
    #expect(canvas[1, 10].style == .warning)
    model.press(.character("s"))
    model.type("2")
    model.press(.enter, .character("="))
    model.type("0")
    model.press(.enter, .space)
    model.press(.character("="))
    model.type("9223372036854775806")
    model.press(.enter, .space)
    let wide = render(80, 24)
    #expect(wide.lines[21] == " That would pass 9223372036854775807, the largest value a counter can hold; the")
    #expect(wide.lines[22] == " value stays 9223372036854775806")
  }

  @Test func newsIsPlainAndProblemsAreWarnings() {
    model.press(.character("u"))
    let canvas = render(80, 24)
    #expect(canvas.lines[22] == " Undone: ☕ coffee 2 → 3 (now 2)")
    #expect(canvas[1, 22].style == .plain)
  }

  @Test func manyCountersScrollTheTabRowToTheCurrentOne() {
    for name in ["one", "two", "three", "four", "five", "six"] {
      model.createCounter(named: name)
    }
    #expect(render(40, 12).lines[0] == " Tally  ‹  three   four   five  [six]")
    model.press(.tab)
    #expect(render(40, 12).lines[0] == " Tally    [Count]  laps   ☕ coffee   ›")
    #expect(render(80, 24).lines[0] == " Tally  [Count]  laps   ☕ coffee   one   two   three   four   five   six")
  }

  @Test func theCurrentTabIsReversedAndTheOthersPlain() {
    let canvas = render(80, 24)
    let current =
      canvas.lines[0].firstIndex(of: "[").map { canvas.lines[0].distance(from: canvas.lines[0].startIndex, to: $0) } ?? 0
    #expect(canvas[current + 1, 0].style == .selected)
    #expect(canvas[9, 0].style == .plain)
    #expect(canvas[1, 0].style == .title)
  }

  @Test func aLongWideNameIsShortenedInTheTabAndTheValueLineKeepsTheValue() {
    model.press(.character("e"), .control("u"))
    model.type("漢字カウンター漢字カウンター漢字カウンター")
    model.press(.enter)
    let canvas = render(40, 12)
    #expect(canvas.lines[0] == " Tally  ‹  laps  [漢字カウンター…]", "\(canvas.picture)")
    #expect(canvas.lines[8] == " 漢字カウンター漢字カウンター漢字カ…: 3")
    #expect(render(80, 24).lines[14] == "                 漢字カウンター漢字カウンター漢字カウンター: 3")
  }

  @Test func theSmallestScreenKeepsTheValueAndTheButtons() {
    expectLines(
      render(20, 5),
      [
        " ‹ [☕ coffee]", "    ☕ coffee: 3", "   [ - ]   [ + ]", "", " ? help   q quit",
      ])
  }
}
