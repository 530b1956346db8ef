import TallyCore
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct PropertyListXMLTests {
  static let samples: [PropertyListValue] = [
    .bool(true), .bool(false),
    .integer(0), .integer(12), .integer(-7), .integer(.max), .integer(.min),
    .unsignedInteger(.max),
    .real(2.5), .real(-0.1), .real(1e300), .real(.infinity), .real(-.infinity),
    .string(""), .string("plain"), .string("<tag> & \"quotes\" 'apos'"), .string("émoji 🎉 and 漢字"),
    .string("  spaces kept  "), .string("line\nbreak\ttab"),
    .data(Data()), .data(Data([0, 1, 2, 253, 254, 255])),
    .date(Date(timeIntervalSinceReferenceDate: 0)),
    .date(Date(timeIntervalSinceReferenceDate: 785_623_891.123_456_7)),
    .date(Date(timeIntervalSinceReferenceDate: -1_234_567_890.5)),
    .date(Date(timeIntervalSinceReferenceDate: 0.000_001)),
    .array([]), .array([.integer(1), .string("two"), .array([.bool(true)])]),
    .dictionary([:]), .dictionary(["a": .integer(1), "b": .dictionary(["c": .string("d")])]),
  ]

  @Test(arguments: samples)
  func fragmentsRoundTrip(value: PropertyListValue) throws {
    let text = PropertyListXML.fragment(value)
    #expect(try PropertyListXML.parseFragment(text) == value, "\(text)")
  }

  @Test func documentsRoundTrip() throws {
    var dictionary: [String: PropertyListValue] = [:]
    for (index, value) in Self.samples.enumerated() { dictionary["key\(index)"] = value }
    let document = PropertyListXML.document(dictionary)
    #expect(try PropertyListXML.parseDocument(Array(document.utf8)) == dictionary)
  }

  @Test func nanReadsBackAsNaN() throws {
    guard case .real(let value) = try PropertyListXML.parseFragment(PropertyListXML.fragment(.real(.nan))) else {
      Issue.record("not a real")
      return
    }
    #expect(value.isNaN)
  }

  @Test func writesApplesLayout() {
    let document = PropertyListXML.document(["count": .integer(12), "hasOnboardingBeenShown": .bool(true)])
    #expect(
      document == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>count</key>
        \t<integer>12</integer>
        \t<key>hasOnboardingBeenShown</key>
        \t<true/>
        </dict>
        </plist>

        """)
  }

  @Test func readsWhatFoundationWrites() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>when</key>
      \t<date>2024-02-29T12:34:56Z</date>
      \t<key>blob</key>
      \t<data>
      \tAAEC
      \t</data>
      \t<!-- a comment -->
      \t<key>text</key>
      \t<string><![CDATA[a < b]]> &#x263A; &#65;</string>
      </dict>
      </plist>
      """
    let values = try PropertyListXML.parseDocument(Array(text.utf8))
    #expect(values["blob"] == .data(Data([0, 1, 2])))
    #expect(values["text"] == .string("a < b ☺ A"))
    #expect(values["when"] == .date(Date(timeIntervalSince1970: 1_709_210_096)))
  }

  @Test(arguments: [
    ("", "ends"),
    ("<integer>12", "never closed"),
    ("<integer>twelve</integer>", "not a whole number"),
    ("<integer>99999999999999999999</integer>", "out of range"),
    ("<real>fast</real>", "not a number"),
    ("<date>yesterday</date>", "ISO 8601"),
    ("<date>2023-02-29T00:00:00Z</date>", "ISO 8601"),
    ("<data>!!!</data>", "base64"),
    ("<dict><string>x</string></dict>", "expected <key>"),
    ("<banana/>", "unknown element"),
    ("<string>a &bogus; b</string>", "unknown reference"),
    ("<string>a</string> trailing", "unexpected content"),
    ("<array><integer>1</integer></dict>", "expected </array>"),
    ("<integer>5</integer><!-- -- -->", "a comment holds"),
    ("<string>a<!-- x -- y -->b</string>", "a comment holds"),
  ])
  func malformedFragmentsAreErrorsThatSayWhy(text: String, reason: String) {
    #expect {
      try PropertyListXML.parseFragment(text)
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test func invalidUTF8IsAnError() {
    let bytes: [UInt8] = Array("<plist><dict><key>a</key><string>".utf8) + [0xFF, 0xFE] + Array("</string></dict></plist>".utf8)
    #expect(throws: PropertyListXMLError.self) { try PropertyListXML.parseDocument(bytes) }
  }

  @Test func deepNestingIsRefusedNotACrash() {
    let depth = 100_000
    let text = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
    #expect {
      try PropertyListXML.parseFragment(text)
    } throws: { error in
      "\(error)".contains("nesting deeper")
    }
  }

  @Test func aDocumentMustHoldADictionary() {
    let text = "<plist version=\"1.0\"><array/></plist>"
    #expect(throws: PropertyListXMLError.self) { try PropertyListXML.parseDocument(Array(text.utf8)) }
  }
}

struct PropertyListXMLPrologueTests {
  @Test(arguments: [
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist><dict/></plist>",
    "<?xml version='1.0' encoding='utf-8' standalone='yes'?>\n<plist><dict/></plist>",
    "<?xml version=\"1.0\"?><plist><dict/></plist>",
    "<plist><dict/></plist>",
  ])
  func wellFormedProloguesAreRead(text: String) throws {
    #expect(try PropertyListXML.parseDocument(Array(text.utf8)) == [:])
  }

  @Test(arguments: [
    ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><dict/></plist>", "version 1.0 and UTF-8"),
    ("<?xml version=\"2.0\"?><plist><dict/></plist>", "version 1.0 and UTF-8"),
    ("<?xml vers ion=\"1.0\"?><plist><dict/></plist>", "XML declaration"),
    ("<?xml version=\"1.0\" enxoding=\"UTF-8\"?><plist><dict/></plist>", "version 1.0 and UTF-8"),
  ])
  func aDamagedDeclarationIsAnError(text: String, reason: String) {
    #expect {
      try PropertyListXML.parseDocument(Array(text.utf8))
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test func invalidUTF8AnywhereIsAnErrorWithItsOffset() {
    let bytes = Array("<?xml version=\"1.0\" en".utf8) + [0xB1] + Array("coding=\"UTF-8\"?><plist><dict/></plist>".utf8)
    #expect {
      try PropertyListXML.parseDocument(bytes)
    } throws: { error in
      "\(error)" == "the file is not valid UTF-8 (at byte 22)"
    }
  }

  @Test func messagesQuoteAtMost40Characters() {
    let digits = String(repeating: "9", count: 100_000)
    #expect {
      try PropertyListXML.parseFragment("<integer>\(digits)</integer>")
    } throws: { error in
      "\(error)".count < 200
    }
  }
}
