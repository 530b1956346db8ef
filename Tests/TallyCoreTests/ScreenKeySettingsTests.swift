import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// The board's and the history screen's keys as their `keys.board.*` and `keys.history.*`
/// settings bind them, set as `tally config set` does, and `?` on each screen.
struct ScreenKeySettingsTests {
  private let defaults = InMemoryUserDefaults()

  init() {
    AppDefaults.register(in: defaults)
  }

  /// The app with the screens' settings as read from the store now, "cars", "trucks" and
  /// "bikes" in the group "survey" and "cars" on show.
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

  private func set(_ name: String, _ value: String) throws {
    try SettingEditor.set(name, to: value, in: defaults)
  }

  private func value(_ app: AppViewModel, _ name: String) -> Int? { app.counters.list.counter(named: name)?.shown }

  private func render(_ app: AppViewModel) -> [String] {
    app.frame(width: 80, height: 24, unicode: true).render().lines
  }

  @Test func everyActionOfTheBoardAndTheHistoryIsASettingWithItsDefaultKeys() throws {
    func check<A: ScreenAction>(_: A.Type, prefix: String) throws {
      for binding in A.defaultKeyMap.bindings {
        let entry = try #require(AppDefaults.setting(named: prefix + binding.action.name))
        #expect(entry.defaultValue == .string(Key.list(binding.keys)))
        #expect(entry.key.name == "keys-" + prefix.dropFirst(5).replacingOccurrences(of: ".", with: "-") + binding.action.name)
      }
      #expect(A.defaultKeyMap.bindings.count == A.allCases.count)
      #expect(A.defaultKeyMap.conflicts().isEmpty)
      #expect(!A.defaultKeyMap.bindings.contains { $0.keys.contains(.control("c")) })
    }
    try check(BoardViewModel.Action.self, prefix: "keys.board.")
    try check(HistoryViewModel.Action.self, prefix: "keys.history.")
  }

  @Test func theBoardFollowsItsRemappedKeysAndItsHintsAndHelpSayThem() throws {
    try set("keys.board.undo", "z")
    try set("keys.board.subtract", "_")
    let app = try app()
    app.press(.character("B"), .character("1"), .character("1"), .character("2"))
    #expect(value(app, "cars") == 2)
    #expect(value(app, "trucks") == 1)
    app.press(.character("u"))
    #expect(value(app, "trucks") == 1, "u is no longer the board's undo")
    app.press(.character("z"))
    #expect(value(app, "trucks") == 0)
    app.press(.character("-"), .character("1"))
    #expect(value(app, "cars") == 3, "- no longer subtracts: 1 adds")
    app.press(.character("_"), .character("1"))
    #expect(value(app, "cars") == 2)
    let hints = render(app)[23]
    #expect(hints.contains("z undo") && hints.contains("_ subtract"), "\(hints)")
    let entries = try #require(app.screen as? BoardViewModel).keyHelp(short: false)
    #expect(entries.contains { $0.keys == "z" && $0.action == "undo the last change" }, "\(entries)")
    app.press(.character("?"))
    let help = render(app).joined(separator: "\n")
    #expect(help.contains("undo the last change"), "\(help)")
    #expect(help.contains("the next row's key subtracts its step"), "\(help)")
    #expect(!help.contains("add the step"), "the counter screen's keys are not the board's:\n\(help)")
    app.press(.character("x"))
    #expect(app.screen is BoardViewModel, "any key closes the help, back to the board")
  }

  /// As the run loop tells the app when the store's settings change.
  private func settingsChanged(_ app: AppViewModel) {
    app.receive(.settingsChanged(Settings(store: defaults, environment: [:]).counterScreen().settings, problem: nil))
  }

  @Test func keysChangedWhileTheBoardOrTheHistoryIsOpenTakeEffectAtOnce() throws {
    let app = try app()
    app.press(.character("B"))
    try set("keys.board.undo", "z")
    settingsChanged(app)
    app.press(.character("1"), .character("u"))
    #expect(value(app, "cars") == 1, "u no longer undoes on the board")
    app.press(.character("z"))
    #expect(value(app, "cars") == 0)
    #expect(render(app)[23].contains("z undo"))
    app.press(.character("q"), .character("H"))
    try set("keys.history.close", "x")
    settingsChanged(app)
    app.press(.character("q"))
    #expect(app.screen is HistoryViewModel)
    app.press(.character("x"))
    #expect(app.screen is CounterViewModel)
  }

  @Test func aRowKeyIsAnyDigitOrLetterTheBoardDoesNotUse() throws {
    try set("keys.board.undo", "1")
    let app = try app()
    app.press(.character("B"))
    #expect(render(app)[2].hasPrefix("  2  cars"), "1 undoes now: the first row's key is 2")
    app.press(.character("2"), .character("2"))
    #expect(value(app, "cars") == 2)
    app.press(.character("1"))
    #expect(value(app, "cars") == 1)
  }

  @Test func theHistoryFollowsItsRemappedKeysAndItsHintsAndHelpSayThem() throws {
    try set("keys.history.nextView", "v")
    try set("keys.history.close", "x,Esc")
    let app = try app()
    app.press(.character("H"))
    let history = try #require(app.screen as? HistoryViewModel)
    #expect(history.page == .year)
    app.press(.tab)
    #expect(history.page == .year, "Tab is no longer the next view")
    app.press(.character("v"))
    #expect(history.page == .day)
    #expect(render(app)[23].hasPrefix(" v view"), "\(render(app)[23])")
    #expect(render(app)[23].contains("x/Esc close"), "\(render(app)[23])")
    app.press(.character("?"))
    let help = render(app).joined(separator: "\n")
    #expect(help.contains("next view (1-4: a view)"), "\(help)")
    #expect(help.contains("x, Esc"), "\(help)")
    app.press(.character("q"))
    #expect(app.screen is HistoryViewModel, "any key closes the help, back to the history")
    app.press(.character("q"))
    #expect(app.screen is HistoryViewModel, "q no longer closes the history")
    app.press(.character("x"))
    #expect(app.screen is CounterViewModel)
  }

  @Test func aKeyBoundTwiceOnOneScreenIsRefusedAndOnTwoScreensIsFine() throws {
    #expect {
      try set("keys.board.undo", "q")
    } throws: { error in
      "\(error)"
        == "q is bound to two actions, keys.board.undo (q) and keys.board.close (q,Esc); a key can do one thing only"
    }
    #expect {
      try set("keys.history.now", "ctrl-c")
    } throws: { error in
      "\(error)" == "keys.history.now: Ctrl-C always quits; it can be bound to quit only"
    }
    try set("keys.undo", "z")
    try set("keys.board.undo", "z")
    try set("keys.history.help", "z")
    #expect(defaults.domains.persistent["keys-board-undo"] == .string("z"))
    let settings = Settings(store: defaults, environment: [:]).counterScreen()
    #expect(settings.problem == nil)
    #expect(settings.settings.keyMap.action(for: .character("z")) == .undo)
    #expect(settings.settings.keys(for: BoardViewModel.Action.self).action(for: .character("z")) == .undo)
    #expect(settings.settings.keys(for: HistoryViewModel.Action.self).action(for: .character("z")) == .help)
  }

  @Test func aBoardBindingThatCannotBeUsedLeavesTheOtherScreensKeysAsSet() {
    defaults.set("z", forKey: "keys-undo")
    // As a hand-edited store could hold it: a key of the board bound twice.
    defaults.set("q", forKey: "keys-board-undo")
    let (settings, problem) = Settings(store: defaults, environment: [:]).counterScreen()
    #expect(problem?.description.hasPrefix("q is bound to two actions, keys.board.undo (q)") == true)
    #expect(settings.keys(for: BoardViewModel.Action.self).action(for: .character("u")) == .undo, "the board's default keys")
    #expect(settings.keyMap.action(for: .character("z")) == .undo, "the counter screen's keys as set")
  }

  @Test func questionMarkShowsTheKeysOfTheScreenItIsPressedOn() throws {
    let app = try app()
    app.press(.character("B"), .character("?"))
    let board = render(app).joined(separator: "\n")
    #expect(board.contains("Keys") && board.contains("back to the counter") && board.contains("add the row's step"), "\(board)")
    #expect(render(app)[23].contains("any key closes"))
    app.press(.escape, .character("q"), .character("H"), .character("?"))
    let history = render(app).joined(separator: "\n")
    #expect(history.contains("back in time") && history.contains("click a day"), "\(history)")
    #expect(!history.contains("add the row's step"))
  }
}
