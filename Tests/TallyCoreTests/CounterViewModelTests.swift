import TallyCore
import TallyTestSupport
import Testing

/// The book's `ViewControllerTests`, ported: the counter loads "count" and writes count+1.
struct CounterViewModelTests {
  private let defaults = FakeUserDefaults()

  @Test func test_viewDidLoad_withEmptyUserDefaults_shouldShow0InCounterLabel() {
    let sut = CounterViewModel(userDefaults: defaults, analytics: AnalyticsSpy())

    #expect(sut.countText == "0")
  }

  @Test func test_tappingButton_with12InUserDefaults_shouldWrite13ToUserDefaults() {
    defaults.integers = ["count": 12]
    let sut = CounterViewModel(userDefaults: defaults, analytics: AnalyticsSpy())

    sut.handle(.space)

    #expect(defaults.integers["count"] == 13)
  }

  @Test(arguments: [Key.space, .character("+"), .up, .character("k")])
  func everyIncrementKeyAddsOne(key: Key) {
    defaults.integers = ["count": 4]
    let sut = CounterViewModel(userDefaults: defaults, analytics: AnalyticsSpy())

    #expect(sut.handle(key) == .increment)

    #expect(sut.countText == "5")
    #expect(defaults.integers["count"] == 5)
    #expect(defaults.writtenKeys == ["count"])
  }

  @Test func theValueShownIsTheValueWritten() {
    let sut = CounterViewModel(userDefaults: defaults, analytics: AnalyticsSpy())
    for _ in 0..<3 { sut.increment() }
    #expect(sut.count == 3)
    #expect(defaults.integers["count"] == 3)
  }

  @Test func quitKeysDoNotTouchTheStore() {
    let sut = CounterViewModel(userDefaults: defaults, analytics: AnalyticsSpy())
    #expect(sut.handle(.character("q")) == .quit)
    #expect(sut.handle(.control("c")) == .quit)
    #expect(defaults.writtenKeys.isEmpty)
  }

  @Test func unboundKeysDoNothing() {
    let sut = CounterViewModel(userDefaults: defaults, analytics: AnalyticsSpy())
    #expect(sut.handle(.character("x")) == nil)
    #expect(sut.handle(.escape) == nil)
    #expect(sut.count == 0)
    #expect(defaults.writtenKeys.isEmpty)
  }

  @Test func incrementBuildsOnWhatAnotherWriterSaved() {
    let store = InMemoryUserDefaults()
    let sut = CounterViewModel(userDefaults: store, analytics: AnalyticsSpy())
    store.set(40, forKey: "count")  // as another process would have

    sut.increment()

    #expect(sut.count == 41)
    #expect(store.integer(forKey: "count") == 41)
  }

  @Test func atIntMaxTheValueStaysAndTheScreenSaysSo() {
    defaults.integers = ["count": Int.max]
    let sut = CounterViewModel(userDefaults: defaults, analytics: AnalyticsSpy())

    sut.increment()

    #expect(sut.count == Int.max)
    #expect(defaults.integers["count"] == Int.max)
    #expect(sut.message?.contains("largest") == true)
  }

  @Test func aSuccessfulIncrementClearsTheLimitMessage() {
    defaults.integers = ["count": Int.max]
    let sut = CounterViewModel(userDefaults: defaults, analytics: AnalyticsSpy())
    sut.increment()
    sut.increment(by: -1)
    #expect(sut.message == nil)
    #expect(sut.count == Int.max - 1)
  }
}
