import TallyApp
import TallyDefaults
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// The counter screen as the settings change it: keys, questions, digits, onboarding text.
struct ScreenSettingsTests {
  private let defaults: InMemoryUserDefaults

  init() {
    defaults = InMemoryUserDefaults()
    AppDefaults.register(in: defaults)
    defaults.set(12, forKey: "count")
  }

  private func app(_ settings: ScreenSettings) -> AppViewModel {
    TestApps.counter(defaults: defaults, counterSettings: settings)
  }

  private func render(_ model: AppViewModel, _ width: Int = 80, _ height: Int = 24) -> [String] {
    var canvas = Canvas(width: width, height: height)
    model.render(into: &canvas)
    return canvas.lines
  }

  @Test func withoutConfirmationResetIsImmediateAndUndoable() {
    let model = app(ScreenSettings(confirmsReset: false))
    model.press(.character("r"))
    #expect(model.confirmation == nil)
    #expect(model.count == 0)
    model.press(.character("u"))
    #expect(model.count == 12)
  }

  @Test func withoutConfirmationDeleteIsImmediateAndUndoable() {
    let model = app(ScreenSettings(confirmsDelete: false))
    model.createCounter(named: "laps")
    model.press(.character("d"))
    #expect(model.confirmation == nil)
    #expect(model.counters.list.counters.map(\.name) == ["Count"])
    model.press(.character("u"))
    #expect(model.counters.list.counters.map(\.name) == ["Count", "laps"])
  }

  @Test func withConfirmationResetAsksFirst() {
    let model = app(ScreenSettings())
    model.press(.character("r"))
    #expect(model.confirmation != nil)
    #expect(model.count == 12)
  }

  @Test func theHelpSaysWhetherResetAndDeleteAsk() {
    let asking = Help.fullEntries(for: ScreenSettings().keyMap)
    let immediate = Help.fullEntries(for: ScreenSettings(confirmsReset: false, confirmsDelete: false).keyMap)
    #expect(asking.contains { $0.action == "reset to 0 (asks first)" })
    #expect(immediate.contains { $0.action == "reset to 0" })
    #expect(immediate.contains { $0.action == "delete this counter" })
  }

  @Test func withoutBigDigitsOnlyThePlainLineShowsTheValue() {
    let big = render(app(ScreenSettings()))
    let plain = render(app(ScreenSettings(showsBigDigits: false)))
    #expect(big.contains { $0.contains("███") })
    #expect(!plain.contains { $0.contains("█") }, "\(plain)")
    #expect(plain.contains { $0.trimmingSpaces() == "Count: 12" })
    #expect(plain.contains { $0.contains("[ - ]") && $0.contains("[ + ]") })
  }

  @Test func remappedKeysDriveTheScreenAndItsHintsAndHelpShowThem() throws {
    let keyMap = try Settings.keyMap { (action: Settings.Action) in
      switch action {
      case .increment: "k,Up"
      case .help: "F1"
      default: nil
      }
    }
    let model = app(ScreenSettings(keyMap: keyMap))
    model.press(.space)
    #expect(model.count == 12, "Space is unbound")
    model.press(.character("k"))
    #expect(model.count == 13)
    #expect(render(model).last?.contains("k/Up add") == true, "\(render(model).last ?? "")")
    #expect(render(model).last?.contains("F1 help") == true)
    model.press(.function(1))
    #expect(render(model).contains { $0.contains("k, Up") && $0.contains("add the step") })
  }

  @Test func onboardingNamesTheKeysAsBound() throws {
    let keyMap = try Settings.keyMap { (action: Settings.Action) in
      switch action {
      case .increment: "k,Up"
      case .undo: "z"
      case .quit: "x"
      default: nil
      }
    }
    let text = OnboardingPage.pages(for: keyMap).map(\.body).joined(separator: " ")
    #expect(text.contains("Press k or Up to add one"), "\(text)")
    #expect(text.contains("z undoes"), "\(text)")
    #expect(text.contains("Press x to quit"), "\(text)")
    #expect(!text.contains("Space"), "\(text)")
    let standard = OnboardingPage.standard.map(\.body).joined(separator: " ")
    #expect(standard.contains("Press Space, +, Up or k to add one"))
    #expect(standard.contains("Press q or Ctrl-C to quit"))
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
