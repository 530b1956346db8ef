import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// `N` on the counter screen: a note on the counter's last change, typed in a prompt, kept
/// in the history, undone with `u`.
struct CounterNoteTests {
  private let defaults = InMemoryUserDefaults()
  private let history = SQLiteHistory.inMemory()
  private let clock = ManualClock(iso: "2026-11-23T10:00:00Z")

  init() {
    AppDefaults.register(in: defaults)
  }

  /// The app as `tally` makes it: its changes recorded in the history `N` notes, buffered
  /// until the run loop flushes them after a burst of keys.
  private func makeApp(keyMap: KeyMap<CounterViewModel.Action> = CounterViewModel.defaultKeyMap) -> (
    AppViewModel, HistoryRecorder
  ) {
    let recorder = HistoryRecorder(log: history, clock: clock, source: .app)
    let app = TestApps.app(
      settings: FakeSettingStorage(showOnboarding: false), defaults: defaults, eventRecorder: recorder, history: history,
      clock: clock, counterSettings: ScreenSettings(keyMap: keyMap))
    return (app, recorder)
  }

  private var notes: [String?] { history.read().entries.filter { $0.event == .changed }.map(\.note) }

  @Test func nPutsTheTypedNoteOnTheLastChange() throws {
    let (app, _) = makeApp()
    // One burst: the presses are still buffered when N asks for the last change.
    app.press(.space, .space, .character("N"))
    let prompt = try #require(app.prompt)
    #expect(prompt.question == "Note on Count 0 → 2:")
    #expect(prompt.field.text.isEmpty)
    app.type("after lunch, 2 glasses")
    app.press(.enter)
    #expect(app.prompt == nil)
    #expect(app.message == "Noted: Count 0 → 2.")
    #expect(notes == ["after lunch, 2 glasses"])
    #expect(history.lastChange(ofCounter: "count")?.entry.note == "after lunch, 2 glasses")
    #expect(app.count == 2, "a note changes no value")
  }

  /// The app's one undo: `u` on the board takes a note made on the counter screen off too.
  @Test func uOnTheBoardTakesOffANoteMadeOnTheCounterScreen() throws {
    let (app, recorder) = makeApp()
    app.press(.space)
    recorder.flush()
    app.press(.character("N"))
    app.type("first")
    app.press(.enter)
    #expect(notes == ["first"])
    app.press(.character("B"), .character("u"))
    #expect(notes == [nil])
    let board = try #require(app.screen as? BoardViewModel)
    #expect(board.message?.text == "Undone: note on Count 0 → 1")
    app.press(.character("u"))
    #expect(app.count == 0, "the next undo is the counter screen's press")
  }

  @Test func uTakesTheNoteOffAgainAndCtrlRPutsItBack() {
    let (app, recorder) = makeApp()
    app.press(.space)
    recorder.flush()
    app.press(.character("N"))
    app.type("first")
    app.press(.enter)
    #expect(notes == ["first"])

    app.press(.character("u"))
    #expect(notes == [nil])
    #expect(app.message == "Undone: note on Count 0 → 1")
    #expect(app.count == 1, "the undo took the note, not the press")
    app.press(.control("r"))
    #expect(notes == ["first"])
    app.press(.character("u"), .character("u"))
    #expect(notes == [nil])
    #expect(app.count == 0, "the next undo is the press")
  }

  @Test func withNoChangeYetNSaysSoOnTheStatusLine() {
    let (app, _) = makeApp()
    app.press(.character("N"))
    #expect(app.prompt == nil)
    #expect(app.message == "Count has no change to put a note on yet.")
    // A counter made now has no change either, whatever the other counters have.
    app.press(.space)
    app.createCounter(named: "laps")
    app.press(.character("N"))
    #expect(app.message == "laps has no change to put a note on yet.")
  }

  @Test func escapeCancelsAndNothingIsNoted() {
    let (app, _) = makeApp()
    app.press(.space, .character("N"))
    app.type("never mind")
    app.press(.escape)
    #expect(app.prompt == nil)
    #expect(notes == [nil])
    app.press(.character("u"))
    #expect(app.count == 0, "nothing but the press to undo")
  }

  @Test(arguments: [String(repeating: "x", count: 201), "csi \u{9B}2J", "del \u{7F}"])
  func aBadNoteKeepsThePromptOpenWithTheReason(text: String) throws {
    let (app, _) = makeApp()
    app.press(.space, .character("N"))
    app.type(text)
    app.press(.enter)
    let prompt = try #require(app.prompt)
    #expect(prompt.error?.hasPrefix("A note") == true, "\(prompt.error ?? "")")
    #expect(notes == [nil])
    app.press(.control("u"))
    app.type(String(repeating: "y", count: 200))
    app.press(.enter)
    #expect(app.prompt == nil)
    #expect(notes == [String(repeating: "y", count: 200)])
  }

  @Test func nOnANotedChangeEditsItsNoteAndEmptyTakesItOff() throws {
    let (app, _) = makeApp()
    app.press(.space, .character("N"))
    app.type("draft")
    app.press(.enter)
    app.press(.character("N"))
    #expect(app.prompt?.field.text == "draft")
    app.type(" two")
    app.press(.enter)
    #expect(notes == ["draft two"])
    app.press(.character("N"), .control("u"), .enter)
    #expect(notes == [nil])
    #expect(app.message == "Note taken off: Count 0 → 1.")
    app.press(.character("u"))
    #expect(notes == ["draft two"])
  }

  @Test func theNoteGoesOnTheLatestChangeOfTheCounterOnShow() {
    let (app, _) = makeApp()
    app.press(.space, .space)
    app.createCounter(named: "laps")
    app.press(.space)
    app.press(.backTab)
    app.press(.character("N"))
    #expect(app.prompt?.question == "Note on Count 0 → 2:")
    app.type("count's")
    app.press(.enter)
    #expect(history.lastChange(ofCounter: "count")?.entry.note == "count's")
    #expect(history.lastChange(ofCounter: "count-2")?.entry.note == nil)
  }

  @Test func theKeyIsASettingAndTheHelpListsIt() {
    #expect(CounterViewModel.Action.note.name == "note")
    #expect(AppDefaults.setting(named: "keys.note")?.defaultValue == .string("N"))
    #expect(
      Help.fullEntries(for: CounterViewModel.defaultKeyMap).contains {
        $0.keys == "N" && $0.action == "add a note to the last change"
      })
    #expect(CounterViewModel.defaultKeyMap.hintLine(width: 200).contains("N note"))

    let (app, _) = makeApp(keyMap: CounterViewModel.defaultKeyMap.rebinding(.note, to: [.character("m")]))
    app.press(.space, .character("N"))
    #expect(app.prompt == nil)
    app.press(.character("m"))
    #expect(app.prompt?.question == "Note on Count 0 → 1:")
  }

  @Test func thePromptIsDrawnOnTheStatusLine() {
    let (app, _) = makeApp()
    app.press(.space, .character("N"))
    app.type("after lunch")
    var canvas = Canvas(width: 80, height: 24)
    app.render(into: &canvas)
    #expect(canvas.lines[22].hasPrefix(" Note on Count 0 → 1: after lunch"))
    #expect(canvas.lines[23] == " Enter confirm   Esc cancel")
  }
}
