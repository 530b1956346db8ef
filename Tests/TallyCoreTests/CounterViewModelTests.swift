import TallyCore
import TallyTestSupport
import Testing

/// The book's `ViewControllerTests`, ported: the counter loads "count" and writes count+1.
struct CounterViewModelTests {
  private let defaults = FakeUserDefaults()

  @Test func test_viewDidLoad_withEmptyUserDefaults_shouldShow0InCounterLabel() {
    let sut = TestApps.counter(defaults: defaults, analytics: AnalyticsSpy())

    #expect(String(sut.count) == "0")
  }

  @Test func test_tappingButton_with12InUserDefaults_shouldWrite13ToUserDefaults() {
    defaults.integers = ["count": 12]
    let sut = TestApps.counter(defaults: defaults, analytics: AnalyticsSpy())

    sut.handle(.space)

    #expect(defaults.integers["count"] == 13)
  }

  @Test(arguments: [Key.space, .character("+"), .up, .character("k")])
  func everyIncrementKeyAddsOne(key: Key) {
    defaults.integers = ["count": 4]
    let sut = TestApps.counter(defaults: defaults, analytics: AnalyticsSpy())

    sut.press(key)

    #expect(String(sut.count) == "5")
    #expect(defaults.integers["count"] == 5)
    #expect(defaults.writtenKeys == ["count"])
  }

  @Test func theValueShownIsTheValueWritten() {
    let sut = TestApps.counter(defaults: defaults, analytics: AnalyticsSpy())
    for _ in 0..<3 { sut.press(.space) }
    #expect(sut.count == 3)
    #expect(defaults.integers["count"] == 3)
  }

  @Test func quitKeysDoNotTouchTheStore() {
    let sut = TestApps.counter(defaults: defaults, analytics: AnalyticsSpy())
    sut.press(.character("q"))
    sut.press(.control("c"))
    #expect(defaults.writtenKeys.isEmpty)
  }

  @Test func unboundKeysDoNothing() {
    let sut = TestApps.counter(defaults: defaults, analytics: AnalyticsSpy())
    sut.press(.character("x"))
    sut.press(.escape)
    #expect(sut.count == 0)
    #expect(defaults.writtenKeys.isEmpty)
  }

  @Test func incrementBuildsOnWhatAnotherWriterSaved() {
    let store = InMemoryUserDefaults()
    let sut = TestApps.counter(defaults: store, analytics: AnalyticsSpy())
    store.set(40, forKey: "count")  // as another process would have

    sut.press(.space)

    #expect(sut.count == 41)
    #expect(store.integer(forKey: "count") == 41)
  }

  @Test func atIntMaxTheValueStaysAndTheScreenSaysSo() {
    defaults.integers = ["count": Int.max]
    let sut = TestApps.counter(defaults: defaults, analytics: AnalyticsSpy())

    sut.press(.space)

    #expect(sut.count == Int.max)
    #expect(defaults.integers["count"] == Int.max)
    #expect(sut.message?.contains("largest") == true)
  }

  @Test func aSuccessfulIncrementClearsTheLimitMessage() {
    defaults.integers = ["count": Int.max]
    let sut = TestApps.counter(defaults: defaults, analytics: AnalyticsSpy())
    sut.press(.space, .character("-"))
    #expect(sut.message == nil)
    #expect(sut.count == Int.max - 1)
  }
}
