import TallyDefaults
import TallySettings
import Testing

/// The values of `-<key> <value>` launch arguments, read as Foundation's argument domain reads them.
struct LaunchArgumentValueTests {
  private func value(_ text: String, for key: String) throws -> PropertyListValue {
    let entry = try #require(AppDefaults.entry(named: key))
    return try entry.value(fromArgument: text)
  }

  @Test(arguments: [
    ("12", PropertyListValue.integer(12)), ("-5", .integer(-5)), ("<integer>-5</integer>", .integer(-5)),
    ("  <integer>7</integer>\n", .integer(7)), ("<integer>0x29</integer>", .integer(41)),
    ("9223372036854775807", .integer(.max)),
  ])
  func integerValues(text: String, value: PropertyListValue) throws {
    #expect(try self.value(text, for: "count") == value)
  }

  @Test(arguments: [("YES", true), ("no", false), ("<true/>", true), ("<false/>", false), ("1", true)])
  func boolValues(text: String, value: Bool) throws {
    #expect(try self.value(text, for: "hasOnboardingBeenShown") == .bool(value))
  }

  @Test func aBareStringIsAStringAndAnArrayTakesXML() throws {
    #expect(try value("laps", for: "currentCounter") == .string("laps"))
    #expect(try value("<array><dict/></array>", for: "counters") == .array([.dictionary([:])]))
  }

  /// The compact fragments swift-user-defaults' `ValueContainer` writes read as Foundation's
  /// argument domain reads them; one that is not well formed is refused, where Foundation keeps
  /// its text as a string (docs/persistence.md).
  @Test func compactFragmentsReadAsFoundationReadsThem() throws {
    let fragments: [(String, PropertyListValue)] = [
      ("<integer>12</integer>", .integer(12)), ("<true/>", .bool(true)), ("<string>hi</string>", .string("hi")),
      ("<real>2.5</real>", .real(2.5)),
      ("<array><integer>1</integer><string>x</string></array>", .array([.integer(1), .string("x")])),
      ("<dict><key>k</key><integer>1</integer></dict>", .dictionary(["k": .integer(1)])),
    ]
    for (text, value) in fragments {
      #expect(try PropertyListCodec.decodeFragment(text) == value, "\(text)")
    }
    #expect(throws: PropertyListError(reason: "Invalid <integer> value on line 1")) {
      try PropertyListCodec.decodeFragment("<integer> 12 </integer>")
    }
    #expect {
      try value("<integer> 12 </integer>", for: "count")
    } throws: { error in
      "\(error)" == "not a property-list value: Invalid <integer> value on line 1"
    }
  }

  @Test(arguments: [
    ("count", "twelve", "not an <integer>"),
    ("count", "99999999999999999999999", "not an <integer>"),
    ("count", "<integer>99999999999999999999999</integer>", "Invalid <integer> value"),
    ("count", "<string>12</string>", "expects an <integer>, not a <string>"),
    ("count", "<array><integer>1</integer></array>", "expects an <integer>, not an <array>"),
    ("count", "<integer>12", "does not match open tag integer"),
    ("count", "<integer>1</integer><integer>2</integer>", "expected one value, found 2"),
    ("hasOnboardingBeenShown", "maybe", "not a <bool>"),
    ("counters", "[]", "not an <array>"),
  ])
  func mistakesSayWhatTheKeyTakes(key: String, text: String, reason: String) {
    #expect {
      try value(text, for: key)
    } throws: { error in
      "\(error)".contains(reason)
    }
  }
}
