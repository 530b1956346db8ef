import TallyDefaults
import TallySettings
import TallyTestSupport
import Testing

/// Where a setting's value comes from, and how `tally config` changes one.
struct SettingsTests {
  private let store: InMemoryUserDefaults

  init() {
    store = InMemoryUserDefaults()
    AppDefaults.register(in: store)
  }

  private func settings(environment: [String: String] = [:]) -> Settings {
    Settings(store: store, environment: environment)
  }

  private func resolved(_ name: String, environment: [String: String] = [:]) throws -> Settings.Resolved {
    settings(environment: environment).resolved(try #require(AppDefaults.setting(named: name)))
  }

  // MARK: Resolving

  @Test func withNothingSetEverySettingIsItsDefault() {
    let all = settings().all
    #expect(all.count == AppDefaults.entries.filter(\.isSetting).count)
    for setting in all {
      #expect(setting.source == .default, "\(setting.entry.name)")
      #expect(setting.value == setting.entry.defaultValue)
    }
    #expect(!all.contains { $0.entry.name == "count" }, "the counters are not settings")
  }

  /// The key bindings' keys are made unchecked and their names when asked (every command
  /// builds the table): each key is a valid defaults key, each name finds its own entry and
  /// no other, and a name is never taken for the key it is made from.
  @Test func everyEntryHasAValidKeyAndIsFoundByItsNameOnly() throws {
    for entry in AppDefaults.entries {
      #expect(DefaultsKey.problem(with: entry.key.name) == nil, "\(entry.key.name)")
      let found = try #require(AppDefaults.entry(named: entry.name))
      #expect(found.key == entry.key)
      #expect(entry.isNamed(entry.name))
      #expect(!entry.isNamed(entry.name + "x") && !entry.isNamed(String(entry.name.dropLast())))
      if case .keys = entry.allowed {
        #expect(entry.name.hasPrefix("keys.") && !entry.name.contains("-"), "\(entry.name)")
        #expect(AppDefaults.setting(named: entry.key.name) == nil, "\(entry.key.name) is not a setting's name")
      }
    }
  }

  @Test func aKeyBindingResolvesToItsDefaultKeysBeforeASetAndAfterAReset() throws {
    #expect(try resolved("keys.board.undo").value == .string("u"))
    #expect(try resolved("keys.increment").source == .default)
    try SettingEditor.set("keys.board.undo", to: "z", in: store)
    #expect(try resolved("keys.board.undo").value == .string("z"))
    try SettingEditor.reset("keys.board.undo", in: store)
    #expect(try resolved("keys.board.undo").value == .string("u"))
    #expect(try resolved("keys.board.undo").source == .default)
  }

  @Test func anArgumentWinsOverTheEnvironmentWhichWinsOverTheUser() throws {
    store.set(2.0, forKey: "lockTimeout")
    #expect(try resolved("lockTimeout").source == .user)
    #expect(try resolved("lockTimeout", environment: ["TALLY_LOCK_TIMEOUT": "7"]).value == .real(7))
    #expect(try resolved("lockTimeout", environment: ["TALLY_LOCK_TIMEOUT": "7"]).source == .environment)
    store.setArgumentDomain(["lockTimeout": .real(1)])
    #expect(try resolved("lockTimeout", environment: ["TALLY_LOCK_TIMEOUT": "7"]).source == .argument)
    #expect(settings(environment: ["TALLY_LOCK_TIMEOUT": "7"]).lockTimeout == 1)
  }

  @Test func aValueTheSettingDoesNotAllowIsPassedOver() throws {
    store.set("pink", forKey: "theme")
    #expect(try resolved("theme").source == .default)
    #expect(settings().theme == .standard)
    store.set(3.0, forKey: "lockTimeout")
    #expect(try resolved("lockTimeout", environment: ["TALLY_LOCK_TIMEOUT": "soon"]).value == .real(3))
  }

  @Test func theCounterScreenFollowsTheSettings() throws {
    try SettingEditor.set("confirmReset", to: "no", in: store)
    try SettingEditor.set("bigDigits", to: "off", in: store)
    try SettingEditor.set("keys.undo", to: "z", in: store)
    let (screen, problem) = settings().counterScreen()
    #expect(problem == nil)
    #expect(!screen.confirmsReset)
    #expect(screen.confirmsDelete)
    #expect(!screen.showsBigDigits)
    #expect(screen.keyMap.action(for: .character("z")) == .undo)
  }

  @Test func keysThatCannotBeUsedFallBackToTheDefaultsWithTheReason() {
    // As a hand-edited store or two processes racing could leave them.
    store.set("-,k", forKey: "keys-decrement")
    let (screen, problem) = settings().counterScreen()
    #expect(problem?.description.contains("k is bound to two actions") == true, "\(String(describing: problem))")
    #expect(screen.keyMap.action(for: .character("k")) == .increment)
    #expect(screen.keyMap.action(for: .character("-")) == .decrement)
  }

  @Test func anUnknownKeyNameGivenAtLaunchIsReportedNotIgnored() {
    store.setArgumentDomain(["keys-undo": .string("nope")])
    let (screen, problem) = settings().counterScreen()
    #expect(problem?.description.hasPrefix("keys.undo: \"nope\" is not a key name") == true)
    #expect(screen.keyMap.action(for: .character("u")) == .undo)
  }

  // MARK: Changing

  @Test func setStoresTheCheckedValueInItsStoredForm() throws {
    try SettingEditor.set("theme", to: "high-contrast", in: store)
    try SettingEditor.set("keys.increment", to: "SPACE, +, ctrl-a", in: store)
    try SettingEditor.set("lockTimeout", to: "0.5", in: store)
    #expect(store.domains.persistent["theme"] == .string("high-contrast"))
    #expect(store.domains.persistent["keys-increment"] == .string("Space,+,Ctrl-A"))
    #expect(store.domains.persistent["lockTimeout"] == .real(0.5))
    #expect(try resolved("theme").source == .user)
    #expect(settings().theme == .highContrast)
  }

  @Test(arguments: [
    ("theme", "pink", "allowed: default, mono or high-contrast"), ("bigDigits", "maybe", "allowed: true or false"),
    ("lockTimeout", "-1", "from 0 to 3600"), ("lockTimeout", "soon", "from 0 to 3600"),
    ("dayStartsAtHour", "24", "allowed: a whole number from 0 to 23"),
    ("keys.increment", "k,nope", "\"nope\" is not a key name"), ("keys.decrement", "-,k", "bound to two actions"),
    ("keys.undo", "", "at least one key"), ("keys.help", "ctrl-c", "Ctrl-C always quits"),
  ])
  func aBadValueIsRefusedWithTheAllowedOnesAndChangesNothing(name: String, value: String, message: String) {
    let before = store.domains
    #expect {
      try SettingEditor.set(name, to: value, in: store)
    } throws: { error in
      "\(error)".contains(message) && !(error as? SettingError)!.isUnknownSetting
    }
    #expect(store.domains == before)
  }

  @Test(arguments: ["nope", "count", "counters", "keys.nothing", "keys-increment"])
  func onlySettingsCanBeSet(name: String) {
    #expect {
      try SettingEditor.set(name, to: "1", in: store)
    } throws: { error in
      (error as? SettingError)?.isUnknownSetting == true
    }
  }

  @Test func resetGivesTheDefaultBack() throws {
    try SettingEditor.set("theme", to: "mono", in: store)
    try SettingEditor.reset("theme", in: store)
    #expect(store.domains.persistent["theme"] == nil)
    #expect(try resolved("theme").source == .default)
  }

  @Test func resetIsRefusedWhenTheDefaultKeysAreTakenNow() throws {
    try SettingEditor.set("keys.increment", to: "Space,+,Up", in: store)
    try SettingEditor.set("keys.decrement", to: "-,k", in: store)
    #expect(throws: SettingError.self) { try SettingEditor.reset("keys.increment", in: store) }
    #expect(store.domains.persistent["keys-increment"] == .string("Space,+,Up"))
  }

  // MARK: Launch arguments

  @Test func settingArgumentsAreTakenOutAndTheRestLeftForTheParser() throws {
    let (rest, domain) = try Settings.arguments(in: [
      "-theme", "mono", "inc", "-count", "5", "-keys.undo", "z", "-keys-redo", "<string>y</string>", "--", "-bigDigits", "no",
    ])
    #expect(rest == ["inc", "-count", "5", "--", "-bigDigits", "no"])
    #expect(domain == ["theme": .string("mono"), "keys-undo": .string("z"), "keys-redo": .string("y")])
  }

  @Test(arguments: [["-theme", "pink"], ["-bigDigits"], ["get", "-lockTimeout", "-3"]])
  func aBadSettingArgumentIsRefused(arguments: [String]) {
    #expect(throws: SettingError.self) { try Settings.arguments(in: arguments) }
  }
}
