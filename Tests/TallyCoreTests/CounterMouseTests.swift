import TallyCore
import TallyTestSupport
import Testing

/// Clicks on the `[ - ]` and `[ + ]` buttons and on the tabs, matched against the layout
/// the screen is drawn from.
struct CounterMouseTests {
  private let defaults = InMemoryUserDefaults()

  init() {
    AppDefaults.register(in: defaults)
  }

  private func makeModel(_ names: String...) -> CounterViewModel {
    let sut = CounterViewModel(userDefaults: defaults, analytics: AnalyticsSpy())
    for name in names { sut.createCounter(named: name) }
    return sut
  }

  private func press(_ position: Canvas.Position?) -> MouseEvent {
    MouseEvent(.press, column: position?.column ?? -1, row: position?.row ?? -1)
  }

  @Test(arguments: [(80, 24), (40, 12), (20, 5)])
  func theButtonsChangeTheValueWhereTheyAreDrawn(width: Int, height: Int) throws {
    let sut = makeModel()
    let layout = CounterLayout(model: sut, width: width, height: height)
    let plus = try #require(layout.increment)
    let minus = try #require(layout.decrement)

    var canvas = Canvas(width: width, height: height)
    CounterView(model: sut).render(into: &canvas)
    #expect(canvas.line(plus.row).contains("[ + ]"), "\(canvas.picture)")

    for offset in 0..<5 {
      #expect(
        sut.click(MouseEvent(.press, column: plus.column + offset, row: plus.row), width: width, height: height) == .increment)
    }
    #expect(sut.count == 5)
    #expect(sut.click(press(minus), width: width, height: height) == .decrement)
    #expect(sut.count == 4)
    sut.press(.character("u"))
    #expect(sut.count == 5, "a click is undone like a key")
  }

  @Test func releasesTheWheelAndClicksBesideTheButtonsDoNothing() throws {
    let sut = makeModel()
    let plus = try #require(CounterLayout(model: sut, width: 80, height: 24).increment)
    #expect(sut.click(MouseEvent(.release, column: plus.column, row: plus.row), width: 80, height: 24) == nil)
    #expect(sut.click(MouseEvent(.scrollUp, column: plus.column, row: plus.row), width: 80, height: 24) == nil)
    #expect(sut.click(MouseEvent(.press, column: plus.column + 5, row: plus.row), width: 80, height: 24) == nil)
    #expect(sut.click(MouseEvent(.press, column: 40, row: 3), width: 80, height: 24) == nil)
    #expect(sut.count == 0)
  }

  @Test func clickingATabShowsThatCounter() throws {
    let sut = makeModel("laps", "reps")
    let layout = CounterLayout(model: sut, width: 80, height: 24)
    let laps = try #require(layout.tabs.tabs.first { $0.label == "laps" })
    sut.click(MouseEvent(.press, column: laps.column + 2, row: 0), width: 80, height: 24)
    #expect(sut.current.name == "laps")
    #expect(sut.history.undoable.count == 2, "selecting is not a change")
  }

  @Test func clickingTheScrollMarkersMovesAlongTheTabs() throws {
    let sut = makeModel("one", "two", "three", "four", "five", "six")
    let layout = CounterLayout(model: sut, width: 40, height: 12)
    let earlier = try #require(layout.tabs.earlierMarker)
    sut.click(MouseEvent(.press, column: earlier, row: 0), width: 40, height: 12)
    #expect(sut.current.name == "five")
  }

  @Test func aScreenTooSmallToDrawTheCounterTakesNoClicks() throws {
    let sut = makeModel()
    for column in 0..<10 {
      for row in 0..<3 {
        #expect(sut.click(MouseEvent(.press, column: column, row: row), width: 10, height: 3) == nil)
      }
    }
    #expect(sut.count == 0)
  }

  @Test func aClickClosesTheHelpAndCancelsAQuestionButNotAPrompt() throws {
    let sut = makeModel()
    let plus = try #require(CounterLayout(model: sut, width: 80, height: 24).increment)
    let click = MouseEvent(.press, column: plus.column, row: plus.row)

    sut.press(.character("?"))
    sut.click(click, width: 80, height: 24)
    #expect(sut.mode == .counting)
    #expect(sut.count == 0, "the click that closes the help does not also add")

    sut.press(.character("r"))
    sut.click(MouseEvent(.release, column: 0, row: 0), width: 80, height: 24)
    #expect(sut.confirmation != nil, "a release is not an answer")
    sut.click(click, width: 80, height: 24)
    #expect(sut.mode == .counting)
    #expect(sut.message == "Not reset.")

    sut.press(.character("="))
    sut.click(click, width: 80, height: 24)
    #expect(sut.prompt != nil)
    #expect(sut.count == 0)
  }

  @Test func theAppRoutesClicksWithTheScreenSize() throws {
    let app = TestApps.app(settings: FakeSettingStorage(showOnboarding: false), defaults: defaults)
    app.screenSize = (40, 12)
    guard case .counter(let counter) = app.screen else {
      Issue.record("expected the counter")
      return
    }
    let plus = try #require(CounterLayout(model: counter, width: 40, height: 12).increment)
    app.handle(.mouse(MouseEvent(.press, column: plus.column, row: plus.row)))
    #expect(counter.count == 1)
  }
}
