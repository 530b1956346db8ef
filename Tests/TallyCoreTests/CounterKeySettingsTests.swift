import TallyDefaults
import TallyScreens
import TallySettings
import Testing

/// The `keys.<action>` settings checked as a whole and turned into the counter screen's keys.
struct CounterKeySettingsTests {
  private func keyMap(_ settings: [CounterViewModel.Action: String]) throws(SettingError) -> KeyMap<CounterViewModel.Action> {
    try Settings.keyMap { settings[$0] }
  }

  @Test func everyActionHasAKeysSettingWithItsDefaultKeys() throws {
    for action in CounterViewModel.Action.allCases {
      let entry = try #require(AppDefaults.setting(named: "keys.\(action.name)"))
      let keys = try #require(CounterViewModel.defaultKeyMap.binding(for: action)).keys
      #expect(entry.defaultValue == .string(Key.list(keys)))
      #expect(entry.key == DefaultsKey.keys(for: action))
    }
    let names = CounterViewModel.Action.allCases.map(\.name)
    #expect(Set(names).count == names.count)
  }

  @Test func theDefaultKeysDoNotConflict() {
    #expect(CounterViewModel.defaultKeyMap.conflicts().isEmpty)
    let quit = CounterViewModel.defaultKeyMap.binding(for: .quit)
    #expect(quit?.keys.contains(.control("c")) == true)
    #expect(!CounterViewModel.defaultKeyMap.bindings.contains { $0.action != .quit && $0.keys.contains(.control("c")) })
  }

  @Test func conflictsAreFoundWhereverTheyAre() {
    let map = CounterViewModel.defaultKeyMap.rebinding(.history, to: [.character("q"), .character("u")])
    #expect(map.conflicts().map(\.key) == [.character("u"), .character("q")])
  }

  @Test func withoutSettingsTheKeysAreTheDefaults() throws {
    let map = try keyMap([:])
    #expect(map.bindings.map(\.keys) == CounterViewModel.defaultKeyMap.bindings.map(\.keys))
    #expect(map.hintLine(width: 80) == CounterViewModel.defaultKeyMap.hintLine(width: 80))
  }

  @Test func reboundKeysTriggerTheActionAndTheOldOnesNothing() throws {
    let map = try keyMap([.increment: "k,Up", .decrement: "j,-", .undo: "ctrl-u"])
    #expect(map.action(for: .character("k")) == .increment)
    #expect(map.action(for: .up) == .increment)
    #expect(map.action(for: .space) == nil)
    #expect(map.action(for: .character("j")) == .decrement)
    #expect(map.action(for: .control("u")) == .undo)
    #expect(map.action(for: .character("u")) == nil)
  }

  @Test func theHintLineAndTheHelpNameTheBoundKeys() throws {
    let map = try keyMap([.increment: "k,Up,space", .undo: "z"])
    let hints = map.hintLine(width: 80)
    #expect(hints.contains("k/Up add"), "\(hints)")
    #expect(hints.contains("z undo"), "\(hints)")
    #expect(!hints.contains("Space/+"), "\(hints)")
    let help = Help.fullEntries(for: map)
    #expect(help.contains { $0.keys == "k, Up, Space" && $0.action == "add the step" })
    #expect(Help.shortEntries(for: map).contains { $0.keys == "z" && $0.action == "undo" })
  }

  @Test func aKeyThatAnotherActionKeepsByDefaultIsRefused() {
    #expect {
      try keyMap([.decrement: "-,k"])
    } throws: { error in
      "\(error)"
        == "k is bound to two actions, keys.increment (Space,+,Up,k) and keys.decrement (-,k); a key can do one thing only"
    }
  }

  @Test func aKeyFreedByOneActionCanGoToAnother() throws {
    let map = try keyMap([.increment: "Space,+,Up", .decrement: "-,k"])
    #expect(map.action(for: .character("k")) == .decrement)
  }

  @Test func ctrlCQuitsOnly() throws {
    #expect(throws: SettingError.self) { try keyMap([.increment: "ctrl-c"]) }
    #expect(try keyMap([.quit: "q,ctrl-c,Esc"]).action(for: .escape) == .quit)
  }

  @Test(arguments: ["", " ", "k,,j", "nonsense"])
  func anActionWithoutUsableKeysIsRefusedNamingTheSetting(text: String) {
    #expect {
      try keyMap([.undo: text])
    } throws: { error in
      "\(error)".hasPrefix("keys.undo: ")
    }
  }
}
