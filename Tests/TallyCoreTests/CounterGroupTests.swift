import TallyApp
import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// Counters in groups on the counter screen: the tabs of the group on show, `]` and `[`
/// between groups, the group's total, and the model's rules for a group's name.
struct CounterGroupTests {
  private let defaults = InMemoryUserDefaults()

  init() {
    AppDefaults.register(in: defaults)
  }

  /// Count (in no group), water and coffee in Health, emails in Work.
  private func makeApp() throws -> AppViewModel {
    let app = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    for (name, group) in [("water", "Health"), ("coffee", "health"), ("emails", "Work")] {
      try app.counters.perform(.create(named: name, selecting: false))
      let id = try #require(app.counters.list.counter(named: name)?.id)
      try app.counters.perform(.setGroup(group, of: id))
    }
    try app.counters.perform(.add(3, to: try #require(app.counters.list.counter(named: "water")?.id)))
    try app.counters.perform(.add(4, to: try #require(app.counters.list.counter(named: "coffee")?.id)))
    return app
  }

  private func render(_ app: AppViewModel, width: Int = 80, height: Int = 24) -> [String] {
    app.frame(width: width, height: height).render().lines
  }

  @Test func theTabsAreTheGroupOnShowsAndItsNameIsTheTitle() throws {
    let app = try makeApp()
    #expect(render(app)[0] == " No group  [Count]")
    app.press(.character("]"))
    let lines = render(app)
    #expect(lines[0] == " Health  [water]  coffee")
    // The group's total under the buttons, as it holds more than one counter.
    #expect(lines.contains { $0.hasSuffix(" Health: 7 in 2 counters") }, "\(lines)")
    // Tab goes round the group's counters only.
    app.press(.tab)
    #expect(app.counters.list.current.name == "coffee")
    app.press(.tab)
    #expect(app.counters.list.current.name == "water")
  }

  @Test func bracketsGoRoundTheGroupsInTheOrderOfTheirFirstCounters() throws {
    let app = try makeApp()
    var shown: [String?] = []
    for _ in 0..<3 {
      app.press(.character("]"))
      shown.append(app.counters.list.current.group)
    }
    #expect(shown == ["Health", "Work", nil])
    app.press(.character("["))
    #expect(app.counters.list.current.name == "emails")
    // A group of one has no total row.
    #expect(!render(app).contains { $0.contains("in 1 counters") })
  }

  @Test func withoutGroupsTheScreenIsAsBeforeAndTheBracketsSaySo() {
    let app = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy())
    #expect(render(app)[0].hasPrefix(" Tally"))
    app.press(.character("]"))
    #expect(app.message == "No groups yet: `tally group NAME GROUP` makes one.")
    #expect(!render(app).contains { $0.contains("counters") && $0.contains(":") && $0.contains(" in ") })
  }

  @Test func theGroupKeysCanBeRebound() throws {
    var settings = ScreenSettings()
    settings.keyMap = CounterViewModel.defaultKeyMap.rebinding(.nextGroup, to: [.character("}")])
    let app = TestApps.counter(defaults: defaults, eventRecorder: EventRecorderSpy(), counterSettings: settings)
    try app.counters.perform(.create(named: "water", selecting: false))
    try app.counters.perform(.setGroup("Health", of: try #require(app.counters.list.counter(named: "water")?.id)))
    app.press(.character("]"))
    #expect(app.counters.list.current.name == "Count")
    app.press(.character("}"))
    #expect(app.counters.list.current.name == "water")
  }

  @Test func aGroupTakesTheSpellingItWasMadeWithAndANameAsACountersRules() throws {
    let app = try makeApp()
    #expect(app.counters.list.counter(named: "coffee")?.group == "Health")
    let id = try #require(app.counters.list.counter(named: "emails")?.id)
    #expect(throws: CounterError.self) { try app.counters.perform(.setGroup("  ", of: id)) }
    #expect(throws: CounterError.self) { try app.counters.perform(.setGroup("a\u{1B}[2J", of: id)) }
    #expect(throws: CounterError.self) {
      try app.counters.perform(.setGroup(String(repeating: "x", count: 33), of: id))
    }
    try app.counters.perform(.setGroup("  Deep work  ", of: id))
    #expect(app.counters.list.counter(named: "emails")?.group == "Deep work")
  }

  @Test func aGroupChangeIsUndone() throws {
    let app = try makeApp()
    let id = try #require(app.counters.list.counter(named: "emails")?.id)
    app.counterScreen?.receive(.edited(app.counters.apply([.setGroup("Health", of: id)]), for: nil))
    #expect(app.counters.list.counter(named: "emails")?.group == "Health")
    app.press(.character("u"))
    #expect(app.counters.list.counter(named: "emails")?.group == "Work")
    #expect(app.message?.contains("group of emails") == true, "\(app.message ?? "")")
  }
}
