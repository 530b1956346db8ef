import TallyScreens
import Testing

/// Key names as `keys.<action>` settings take them: the names the help shows, read back.
struct KeyNameTests {
  @Test func everyDefaultKeyReadsBackFromItsName() throws {
    for binding in CounterViewModel.defaultKeyMap.bindings {
      for key in binding.keys {
        // The help's names, but `Comma`: a comma separates the names in a setting.
        #expect(try Key(name: key.settingName) == key, "\(key.settingName)")
      }
      #expect(try Key.keys(fromList: Key.list(binding.keys)) == binding.keys)
    }
  }

  @Test(arguments: [
    ("space", Key.space), ("SPACE", .space), ("enter", .enter), ("esc", .escape), ("shift-tab", .backTab),
    ("pageup", .pageUp), ("PageDown", .pageDown), ("up", .up), ("f5", .function(5)), ("F12", .function(12)),
    ("ctrl-r", .control("r")), ("Ctrl-R", .control("r")), ("CTRL-x", .control("x")), ("comma", .character(",")),
  ])
  func namedKeysIgnoreCase(name: String, key: Key) throws {
    #expect(try Key(name: name) == key)
  }

  @Test func aSingleCharacterKeepsItsCase() throws {
    #expect(try Key(name: "k") == .character("k"))
    #expect(try Key(name: "K") == .character("K"))
    #expect(try Key(name: "+") == .character("+"))
    #expect(try Key(name: "é") == .character("é"))
    // The printable ASCII range, from its first character to its last.
    #expect(try Key(name: "!") == .character("!"))
    #expect(try Key(name: "~") == .character("~"))
  }

  @Test(arguments: [
    ("foo", "is not a key name"), ("click", "is not a key name"), ("ctrl-z", "suspends tally"),
    ("ctrl-i", "as Tab"), ("ctrl-m", "as Enter"), ("ctrl-h", "as Backspace"), ("f13", "is not a key name"),
    ("ctrl-1", "is not a key name"), ("", "is not a key name"), (" ", "is not a key name"), ("\u{7F}", "is not a key name"),
    ("\u{1B}", "is not a key name"),
  ])
  func unknownOrUnusableNamesAreRefusedSayingWhy(name: String, reason: String) {
    #expect {
      try Key(name: name)
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test func aListIgnoresSpacesAndRepeats() throws {
    #expect(try Key.keys(fromList: "space, +,k ,UP,k") == [.space, .character("+"), .character("k"), .up])
    #expect(Key.list([.space, .character(","), .control("r")]) == "Space,Comma,Ctrl-R")
  }

  @Test func anEmptyNameInAListIsRefused() {
    #expect(throws: Key.NameError.self) { try Key.keys(fromList: "k,,j") }
  }
}
