import TallyApp
import TallyScreens
import TallyTestSupport
import Testing

/// Each screen rendered into a canvas of a fixed size, compared line by line.
struct RenderTests {
  private func counter(_ value: Int) -> AppViewModel {
    let defaults = FakeUserDefaults()
    defaults.integers = ["count": value]
    return TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
  }

  private func render(_ app: AppViewModel, _ width: Int, _ height: Int) -> Canvas {
    app.frame(width: width, height: height).render()
  }

  private func app(count: Int, onboarding: Bool) -> AppViewModel {
    let defaults = FakeUserDefaults()
    defaults.integers = ["count": count]
    return TestApps.app(settings: FakeSettingStorage(showOnboarding: onboarding), defaults: defaults)
  }

  /// The counter screen is drawn at exactly its smallest size (20 x 5), and says it is too
  /// small one column or one row below it.
  @Test func theCounterScreenDrawsAtItsSmallestSizeAndSaysTooSmallBelowIt() {
    let app = counter(7)
    let smallest = render(app, 20, 5).lines.joined(separator: "\n")
    #expect(!smallest.contains("Too small"), "\(smallest)")
    #expect(smallest.contains("7"))
    for (width, height) in [(19, 5), (20, 4)] {
      let below = render(app, width, height).lines.joined(separator: "\n")
      #expect(below.contains("Too small"), "\(width)x\(height): \(below)")
    }
  }

  /// Below the counter screen's smallest size its keys change nothing: the value is not seen.
  @Test func belowItsSmallestSizeTheCounterScreenCountsNothing() {
    let app = counter(7)
    app.receive(.keys([], width: 19, height: 5, unicode: true))
    app.press(.character(" "), .up, .character("-"))
    #expect(app.counters.list.current.shown == 7)
    app.receive(.keys([], width: 20, height: 5, unicode: true))
    app.press(.character(" "))
    #expect(app.counters.list.current.shown == 8)
  }

  @Test func onboardingDrawsAt40x12() {
    let lines = render(app(count: 0, onboarding: true), 40, 12).lines
    #expect(!lines.joined().contains("Too small") && lines.contains { !$0.isEmpty }, "\(lines)")
  }

  @Test func counterAt80x24() {
    expectLines(
      render(app(count: 12, onboarding: false), 80, 24),
      [
        " Tally  [Count]",
        "", "", "", "", "", "", "",
        "                                      █ ███",
        "                                      █   █",
        "                                      █ ███",
        "                                      █ █",
        "                                      █ ███",
        "",
        "                                   Count: 12",
        "                                 [ - ]   [ + ]",
        "", "", "", "", "", "", "",
        " Space/+ add   - subtract   u undo   Tab next   n new   ? help   q quit",
      ])
  }

  @Test func counterShowsIntMinInBigDigitsAcross79Columns() {
    let canvas = render(app(count: Int.min, onboarding: false), 80, 24)
    #expect(canvas.lines.contains("                          Count: -9223372036854775808"), "\(canvas.picture)")
    #expect(
      canvas.lines[10] == "███ ███ ███ ███ ███ ███   █ ███ █ █ ███ ███ ███ ███ ███   █   █ ███ ███ █ █ ███", "\(canvas.picture)")
  }

  @Test func counterAt40x12() {
    expectLines(
      render(app(count: 7, onboarding: false), 40, 12),
      [
        " Tally  [Count]",
        "",
        "                  ███",
        "                    █",
        "                    █",
        "                    █",
        "                    █",
        "",
        "                Count: 7",
        "             [ - ]   [ + ]",
        "",
        " Space/+ add   ? help   q quit",
      ])
  }

  @Test func aShortTerminalShowsThePlainValueWithoutBigDigits() {
    expectLines(
      render(app(count: 1234, onboarding: false), 30, 6),
      [
        " [Count]",
        "",
        "         Count: 1234",
        "        [ - ]   [ + ]",
        "",
        " Space/+ add   ? help   q quit",
      ])
  }

  @Test func aNarrowTerminalDropsHintsThatDoNotFit() {
    let canvas = render(app(count: 3, onboarding: false), 24, 8)
    #expect(canvas.lines.last == " ? help   q quit", "\(canvas.picture)")
    #expect(canvas.lines.contains { $0.contains("Count: 3") }, "\(canvas.picture)")
  }

  @Test func aTinyTerminalGetsOneLine() {
    expectLines(render(app(count: 3, onboarding: false), 10, 3), ["Too small:", "10x3, need", "20x5"])
    expectLines(render(app(count: 3, onboarding: false), 19, 5), ["", "Too small: 19x5,", "need 20x5", "", ""])
    expectLines(render(app(count: 3, onboarding: false), 40, 3), ["", "Too small: 40x3, need 20x5", ""])
    #expect(
      render(app(count: Int.min, onboarding: false), 24, 8).lines.filter { !$0.isEmpty } == ["Too small: 24x8, need", "25x5"])
    expectLines(render(app(count: 3, onboarding: true), 1, 1), ["T"])
    #expect(render(app(count: 3, onboarding: false), 0, 0).lines.isEmpty)
  }

  @Test func theLimitMessageShowsAboveTheHints() {
    let model = counter(Int.max)
    model.press(.space)
    var canvas = Canvas(width: 80, height: 24)
    model.render(into: &canvas)
    #expect(
      canvas.lines[22] == " 9223372036854775807 is the largest value a counter can hold; it stays there", "\(canvas.picture)")
  }

  @Test func onboardingFirstPageAt80x24() {
    expectLines(
      render(app(count: 0, onboarding: true), 80, 24),
      [
        " Tally                                                                      1/3",
        "", "", "", "", "", "", "", "", "",
        "                                Welcome to Tally",
        "",
        "          Tally counts things: laps, reps, people at a door, cups of",
        "          coffee. Every count is saved to disk the moment you see it.",
        "", "", "", "", "", "", "", "", "",
        " Enter/Space/Right next   s/Esc skip   q quit",
      ])
  }

  @Test func onboardingLastPageSaysEnterStarts() {
    let model = app(count: 0, onboarding: true)
    model.receive(.key(.enter))
    model.receive(.key(.enter))
    let canvas = render(model, 80, 24)
    #expect(canvas.lines[0].hasSuffix("3/3"))
    #expect(canvas.lines.last == " Enter start counting   s/Esc skip   q quit", "\(canvas.picture)")
  }

  @Test func onboardingAt30x8WrapsItsText() {
    let canvas = render(app(count: 0, onboarding: true), 30, 8)
    #expect(canvas.lines.contains { $0.contains("Welcome to Tally") }, "\(canvas.picture)")
    #expect(canvas.lines.allSatisfy { $0.terminalWidth <= 30 })
    #expect(canvas.lines.last == " Enter next   s/Esc skip", "\(canvas.picture)")
  }

  @Test func aNoticeShowsOverTheScreenUntilTheNextKey() {
    let model = app(count: 1, onboarding: false)
    model.show("the store was damaged and moved aside", from: .start)
    #expect(render(model, 80, 24).lines[22] == " the store was damaged and moved aside")
    model.receive(.key(.character("x")))
    #expect(render(model, 80, 24).lines[22] == "")
  }
}
