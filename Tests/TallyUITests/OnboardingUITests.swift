import TallyScreens
import TallyTestSupport
import Testing

struct OnboardingUITests {
  let test: UITestCase
  var app: TerminalApp { test.app }

  init() throws {
    test = try UITestCase()
  }

  @Test func firstLaunchShowsOnboardingAndPagingThroughEndsOnTheCounterAt0() async throws {
    try app.launch()
    try await app.waitFor(text: "Welcome to Tally")
    try app.press(.enter)
    try await app.waitFor(text: "2/3")
    try app.press(.space)
    try await app.waitFor(text: "3/3")
    try app.press(.enter)
    try await app.waitFor(text: "Count: 0")
  }

  @Test(arguments: [Key.character("s"), .escape])
  func skippingOpensTheCounter(key: Key) async throws {
    try app.launch()
    try await app.waitFor(text: "Welcome to Tally")
    try app.press(key)
    try await app.waitFor(text: "Count: 0")
  }

  @Test func skipOnboardingOpensTheCounterDirectly() async throws {
    test.skipOnboarding()
    try app.launch()
    let screen = try await app.waitFor(text: "Count: 0")
    #expect(!screen.contains { $0.contains("Welcome") })
  }
}
