import TallyApp
import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// Clicks on the `[ - ]` and `[ + ]` buttons and on the tabs: the view says which region a
/// click means, from the layout the screen is drawn from, and the screen acts on it.
struct CounterMouseTests {
  private let defaults = InMemoryUserDefaults()

  init() {
    AppDefaults.register(in: defaults)
  }

  private func makeModel(_ names: String...) -> AppViewModel {
    let sut = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    for name in names { sut.createCounter(named: name) }
    return sut
  }

  private func press(_ position: Canvas.Position?) -> MouseEvent {
    MouseEvent(.press, column: position?.column ?? -1, row: position?.row ?? -1)
  }

  @Test(arguments: [(80, 24), (40, 12), (20, 5)])
  func theButtonsChangeTheValueWhereTheyAreDrawn(width: Int, height: Int) throws {
    let sut = makeModel()
    let layout = CounterLayout(counters: sut.counters.list, width: width, height: height)
    let plus = try #require(layout.increment)
    let minus = try #require(layout.decrement)

    var canvas = Canvas(width: width, height: height)
    sut.render(into: &canvas)
    #expect(canvas.line(plus.row).contains("[ + ]"), "\(canvas.picture)")

    for offset in 0..<5 {
      sut.click(MouseEvent(.press, column: plus.column + offset, row: plus.row), width: width, height: height)
    }
    #expect(sut.count == 5)
    sut.click(press(minus), width: width, height: height)
    #expect(sut.count == 4)
    sut.press(.character("u"))
    #expect(sut.count == 5, "a click is undone like a key")
  }

  @Test func releasesTheWheelAndClicksBesideTheButtonsDoNothing() throws {
    let sut = makeModel()
    let plus = try #require(CounterLayout(counters: sut.counters.list, width: 80, height: 24).increment)
    sut.click(MouseEvent(.release, column: plus.column, row: plus.row), width: 80, height: 24)
    sut.click(MouseEvent(.scrollUp, column: plus.column, row: plus.row), width: 80, height: 24)
    sut.click(MouseEvent(.press, column: plus.column + 5, row: plus.row), width: 80, height: 24)
    sut.click(MouseEvent(.press, column: 40, row: 3), width: 80, height: 24)
    #expect(sut.count == 0)
  }

  @Test func clickingATabShowsThatCounter() throws {
    let sut = makeModel("laps", "reps")
    let layout = CounterLayout(counters: sut.counters.list, width: 80, height: 24)
    let laps = try #require(layout.tabs.tabs.first { $0.label == "laps" })
    sut.click(MouseEvent(.press, column: laps.column + 2, row: 0), width: 80, height: 24)
    #expect(sut.current.name == "laps")
    #expect(sut.undoStack.undoable.count == 2, "selecting is not a change")
  }

  @Test func clickingTheScrollMarkersMovesAlongTheTabs() throws {
    let sut = makeModel("one", "two", "three", "four", "five", "six")
    let layout = CounterLayout(counters: sut.counters.list, width: 40, height: 12)
    let earlier = try #require(layout.tabs.earlierMarker)
    sut.click(MouseEvent(.press, column: earlier, row: 0), width: 40, height: 12)
    #expect(sut.current.name == "five")
  }

  @Test func aScreenTooSmallToDrawTheCounterTakesNoClicks() throws {
    let sut = makeModel()
    for column in 0..<10 {
      for row in 0..<3 {
        sut.click(MouseEvent(.press, column: column, row: row), width: 10, height: 3)
      }
    }
    #expect(sut.count == 0)
  }

  @Test func aClickClosesTheHelpAndCancelsAQuestionButNotAPrompt() throws {
    let sut = makeModel()
    let plus = try #require(CounterLayout(counters: sut.counters.list, width: 80, height: 24).increment)
    let click = MouseEvent(.press, column: plus.column, row: plus.row)

    sut.press(.character("?"))
    sut.click(click, width: 80, height: 24)
    #expect(sut.counterScreen?.mode == .counting)
    #expect(sut.count == 0, "the click that closes the help does not also add")

    sut.press(.character("r"))
    sut.click(MouseEvent(.release, column: 0, row: 0), width: 80, height: 24)
    #expect(sut.confirmation != nil, "a release is not an answer")
    sut.click(click, width: 80, height: 24)
    #expect(sut.counterScreen?.mode == .counting)
    #expect(sut.message == "Not reset.")

    sut.press(.character("="))
    sut.click(click, width: 80, height: 24)
    #expect(sut.prompt != nil)
    #expect(sut.count == 0)
  }

  @Test func theAppRoutesClicksWithTheScreenSize() throws {
    let app = TestApps.counter(defaults: defaults)
    app.receive(.keys([], width: 40, height: 12, unicode: true))
    let plus = try #require(CounterLayout(counters: app.counters.list, width: 40, height: 12).increment)
    #expect(app.counterView.target(column: plus.column, row: plus.row, width: 40, height: 12) == .increment)
    #expect(app.counterView.target(column: plus.column, row: plus.row, width: 80, height: 24) == nil, "at 80x24 it is elsewhere")
    app.receive(.key(.mouse(MouseEvent(.press, column: plus.column, row: plus.row))))
    #expect(app.count == 1)
  }

  @Test func theScreenActsOnTheRegionUnderAClick() throws {
    let sut = CounterViewModel()
    let counters = CounterList(
      counters: [Counter(id: "count", name: "Count", step: 3), Counter(id: "count-2", name: "Two")], currentID: "count")
    let layout = CounterLayout(counters: counters, width: 80, height: 24)
    let plus = try #require(layout.increment)
    let minus = try #require(layout.decrement)
    let tab = try #require(layout.tabs.tabs.last)
    func press(_ column: Int, _ row: Int, _ kind: MouseEvent.Kind = .press) -> ScreenUpdate {
      sut.receive(.key(.mouse(MouseEvent(kind, column: column, row: row))), counters: counters)
    }
    #expect(press(plus.column, plus.row) == [.edit(.add(3, to: "count"))])
    #expect(press(minus.column, minus.row) == [.edit(.add(-3, to: "count"))])
    #expect(press(tab.column, layout.tabRow) == [.edit(.select("count-2"))])
    #expect(press(0, layout.hintRow).effects.isEmpty)
    #expect(press(plus.column, plus.row, .release).effects.isEmpty)
  }

}
