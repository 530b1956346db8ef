import TallyApp
import TallyDefaults
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// A counter's settings screen, headless: each field set as the command line sets it, refused
/// with the command line's words, undone by `u` on any screen.
struct CounterSettingsTests {
  private let defaults = InMemoryUserDefaults()

  init() {
    AppDefaults.register(in: defaults)
  }

  /// The app with the screens' settings as the store holds them now; "cars", "trucks" and
  /// "bikes" in the group "survey", "cars" on show.
  private func app() throws -> AppViewModel {
    let (settings, problem) = Settings(store: defaults, environment: [:]).counterScreen()
    #expect(problem == nil)
    let app = TestApps.app(settings: FakeSettingStorage(showOnboarding: false), defaults: defaults, counterSettings: settings)
    for name in ["cars", "trucks", "bikes"] {
      try app.counters.perform(.create(named: name, selecting: false))
      try app.counters.perform(.setGroup("survey", of: #require(app.counters.list.counter(named: name)).id))
    }
    try app.counters.perform(.select(#require(app.counters.list.counter(named: "cars")).id))
    return app
  }

  private func render(_ app: AppViewModel, _ width: Int = 80, _ height: Int = 24) -> [String] {
    app.receive(.keys([], width: width, height: height, unicode: true))
    return app.frame(width: width, height: height, unicode: true).render().lines
  }

  private func cars(_ app: AppViewModel) throws -> Counter { try #require(app.counters.list.counter(named: "cars")) }

  /// Opens `field` of the counter on show with `,`, and applies `text` with Enter.
  private func set(_ field: CounterField, to text: String, in app: AppViewModel) {
    if !(app.screen is CounterSettingsViewModel) { app.press(.character(",")) }
    app.press(.up, .up, .up, .up, .up, .up)
    for _ in 0..<(CounterField.allCases.firstIndex(of: field) ?? 0) { app.press(.down) }
    app.press(.enter, .control("u"))
    app.type(text)
    app.press(.enter)
  }

  /// A good value for each field, as its command takes it, and what the field shows then.
  static let goodValues: [(CounterField, String, String)] = [
    (.step, "5", "5"), (.goal, "at most 3/day", "at most 3/day"), (.bounds, "max 10 min -2", "min -2 max 10"),
    (.link, "trucks every 12", "trucks every 12"), (.alert, "every 10", "every 10"), (.group, "roads", "roads"),
    (.name, "autos", "autos"),
  ]

  @Test(arguments: goodValues)
  func aGoodValueAppliesAndUUndoesIt(field: CounterField, text: String, shown: String) throws {
    let app = try app()
    let before = try cars(app)
    set(field, to: text, in: app)
    let settings = try #require(app.screen as? CounterSettingsViewModel)
    #expect(settings.field == nil, "Enter applied it and closed the field")
    let after = try #require(app.counters.list.counter(withID: before.id))
    #expect(field.text(of: after, in: app.counters.list) == shown)
    #expect(render(app)[1 + (CounterField.allCases.firstIndex(of: field) ?? 0)].contains(shown))
    #expect(settings.message?.text.hasPrefix("Changed: ") == true, "\(String(describing: settings.message))")
    app.press(.character("u"))
    let undone = try #require(app.counters.list.counter(withID: before.id))
    #expect(undone == before, "one u takes the one change back")
    #expect(settings.message?.text.hasPrefix("Undone: ") == true, "\(String(describing: settings.message))")
  }

  /// A value the command line refuses, and its words there (`tally: ` and these).
  static let badValues: [(CounterField, String, String)] = [
    (.step, "0", CounterError.invalidStep("0").description),
    (.goal, "lots", CounterError.invalidGoal("lots").description),
    (.bounds, "min 5 max 3", "the min 5 is above the max 3"),
    (.bounds, "min 1", "cars would be past its min 1 at 0"),
    (.link, "trucks every 1", "a link carries every 2 or more, not 1"),
    (.link, "lorries every 3", CounterError.unknownCounter("lorries").description),
    (.link, "cars every 3", "linking cars to cars would make a loop: cars carries into cars"),
    (.alert, "every 0", "an alert is N, or every N from 1 (such as 100 or every 10), or none, not \"every 0\""),
    (.group, String(repeating: "g", count: 33), "a group's name can have at most 32 characters, not 33"),
    (.name, "Trucks", CounterError.duplicateName("Trucks").description),
  ]

  @Test(arguments: badValues)
  func aBadValueShowsTheCommandLinesMessageAndChangesNothing(field: CounterField, text: String, message: String) throws {
    let app = try app()
    let before = app.counters.list
    set(field, to: text, in: app)
    let settings = try #require(app.screen as? CounterSettingsViewModel)
    #expect(settings.error == message)
    #expect(settings.field?.text == text, "the field stays open with the text refused")
    #expect(app.counters.list == before)
    #expect(render(app).joined(separator: " ").contains(String(message.prefix(30))))
    app.press(.escape)
    #expect(settings.field == nil && settings.error == nil)
    app.press(.character("u"))
    #expect(settings.message?.text == "Nothing to undo.", "nothing was changed to undo")
  }

  /// The message the command line prints for a refused goal, as `tally goal` words it.
  @Test func theCommandLinesOwnWordsForALinkAreTheFieldsText() throws {
    let app = try app()
    set(.link, to: "Trucks  every 12", in: app)
    let cars = try cars(app)
    #expect(cars.rules.link?.to == app.counters.list.counter(named: "trucks")?.id)
    #expect(CounterField.link.text(of: cars, in: app.counters.list) == "trucks every 12")
    set(.link, to: "none", in: app)
    #expect(try self.cars(app).rules.link == nil)
  }

  /// Changes on the settings screen, the counter screen and the board are one undo, in the
  /// order made, with the same words on each.
  @Test func oneUndoAcrossTheSettingsTheCounterScreenAndTheBoard() throws {
    let app = try app()
    app.press(.space)
    set(.goal, to: "8/day", in: app)
    app.press(.character("q"))
    #expect(app.screen is CounterViewModel)
    app.press(.character("B"), .down, .character(","))
    #expect(app.screen is CounterSettingsViewModel)
    #expect(render(app)[0].hasSuffix("Settings: trucks"), "the board's chosen row")
    set(.step, to: "4", in: app)
    app.press(.character("q"), .character("2"), .character("q"))
    #expect(app.counters.list.counter(named: "trucks")?.shown == 4)
    app.press(.character("u"))
    #expect(app.message == "Undone: trucks 0 → 4 (now 0)")
    app.press(.character("u"))
    #expect(app.message == "Undone: step of trucks 1 → 4")
    app.press(.character(","))
    app.press(.character("u"))
    let settings = try #require(app.screen as? CounterSettingsViewModel)
    #expect(settings.message?.text == "Undone: goal of cars none → 8/day")
    #expect(try cars(app).goal == nil)
    app.press(.character("u"))
    #expect(try cars(app).value == 0, "the counter screen's press, undone on the settings screen")
  }

  @Test func itsKeysAreSettingsAndTheHelpAndTheHintLineFollowThem() throws {
    try SettingEditor.set("keys.settings", to: "S", in: defaults)
    try SettingEditor.set("keys.board.settings", to: "Comma,=", in: defaults)
    try SettingEditor.set("keys.settings.edit", to: "e", in: defaults)
    let app = try app()
    app.press(.character(","))
    #expect(app.screen is CounterViewModel, ", is no longer the counter screen's settings key")
    app.press(.character("S"))
    #expect(app.screen is CounterSettingsViewModel)
    app.press(.enter)
    #expect((app.screen as? CounterSettingsViewModel)?.field == nil, "Enter no longer edits")
    #expect(render(app)[23].contains("e edit"))
    app.press(.character("e"))
    #expect((app.screen as? CounterSettingsViewModel)?.field?.text == "1")
    app.press(.escape)
    let help = try #require(app.screen as? CounterSettingsViewModel).keyHelp(short: false)
    #expect(help.contains { $0.keys == "e" && $0.action == "edit the chosen field" }, "\(help)")
    app.press(.character("?"))
    #expect(app.screen is HelpViewModel)
    #expect(render(app).joined().contains("in a field: apply / cancel"))
    #expect(render(app).joined().contains("edit the chosen field"))
    app.press(.space, .character("q"), .character("B"), .character("="))
    #expect(app.screen is CounterSettingsViewModel, "the board's remapped key opens it")
    #expect(AppDefaults.setting(named: "keys.settings.undo")?.defaultValue == .string("u"))
  }

  /// `,` is on the hint lines where it fits beside the keys there before it: the counter
  /// screen's from 84 columns, the board's from 87.
  @Test func theHintLinesNameTheKeyWhereThereIsRoom() throws {
    let app = try app()
    #expect(render(app, 84, 24)[23].hasSuffix("n new   ? help   , settings   q quit"))
    #expect(!render(app, 83, 24)[23].contains("settings"))
    #expect(render(app, 83, 24)[23].contains("n new"))
    app.press(.character("B"))
    #expect(render(app, 87, 24)[23].hasSuffix("? keys   , settings   q back"))
    #expect(!render(app, 86, 24)[23].contains("settings"))
  }

  @Test func at40x12EveryFieldAndTheKeysShow() throws {
    let app = try app()
    set(.alert, to: "100", in: app)
    let lines = render(app, 40, 12)
    #expect(lines[0] == " Tally  Settings: cars")
    #expect(lines[5].hasPrefix("  alert   100"))
    #expect(lines[7].hasPrefix("  name    cars"))
    #expect(lines[10].hasPrefix(" Changed: link and bounds of cars"))
    #expect(lines[11].contains("Enter edit"))
    app.press(.enter)
    #expect(render(app, 40, 12)[9].hasPrefix(" rings at N, or at every multiple"))
    #expect(render(app, 30, 10)[8].hasPrefix(" rings at N"), "the smallest it draws")
  }

  /// A click on a field's row chooses it; a click while a field is open changes nothing.
  @Test func aClickChoosesAField() throws {
    let app = try app()
    app.press(.character(","))
    app.click(MouseEvent(.press, column: 4, row: 4))
    let settings = try #require(app.screen as? CounterSettingsViewModel)
    #expect(settings.selected == .link)
    app.press(.enter)
    app.click(MouseEvent(.press, column: 4, row: 1))
    #expect(settings.selected == .link && settings.field != nil)
  }

  /// The screen draws from a value alone: the counters and the size, no store, no history.
  @Test func itDrawsFromAValueAlone() {
    let rules = CounterRules(
      link: CounterLink(to: "repeats", every: 12), minimum: 0, alert: CounterAlert(at: 10, repeating: true))
    let list = CounterList(
      counters: [
        Counter(id: "rows", name: "rows", step: 2, value: 3, goal: Goal(amount: 8, period: .day), group: "knit", rules: rules),
        Counter(id: "repeats", name: "repeats"),
      ], currentID: "rows")
    var canvas = Canvas(width: 40, height: 12)
    CounterSettingsViewModel().render(into: &canvas, in: ScreenContext(counters: list, width: 40, height: 12))
    #expect(
      canvas.lines.prefix(8) == [
        " Tally  Settings: rows", "  step    2", "  goal    8/day", "  bounds  min 0", "  link    repeats every 12",
        "  alert   every 10", "  group   knit", "  name    rows",
      ])
  }

  @Test func aCounterDeletedMeanwhileIsSaidAndNothingIsChanged() throws {
    let app = try app()
    app.press(.character(","), .enter)
    try app.counters.perform(.delete(cars(app).id))
    app.receive(.storeChanged)
    app.press(.enter)
    let lines = render(app)
    #expect(lines[0] == " Tally  Settings")
    #expect(lines.contains(" This counter was deleted."))
    app.press(.character("q"))
    #expect(app.screen is CounterViewModel)
  }
}
