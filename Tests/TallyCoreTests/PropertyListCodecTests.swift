import TallyDefaults
import TallyTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct PropertyListCodecTests {
  /// Everything the typed API can store.
  static let samples: [PropertyListValue] = [
    .bool(true), .bool(false),
    .integer(0), .integer(12), .integer(-7), .integer(.max), .integer(.min), .unsignedInteger(.max),
    .real(2.5), .real(-0.1), .real(2), .real(0), .real(-0.0), .real(1e300), .real(.leastNonzeroMagnitude), .real(.pi),
    .real(.infinity), .real(-.infinity),
    .string(""), .string("12"), .string("<tag> & \"quotes\" 'apos' ]]>"), .string("émoji 🎉, 漢字, e\u{301}, \u{10FFFF}"),
    .string("  spaces kept  "), .string("line\nbreak\ttab\r\nreturn"), .string("\u{FFFD}\u{FEFF}\u{D7FF}\u{E000}\u{FFFC}"),
    .data(Data()), .data(Data([0, 1, 2, 253, 254, 255])), .data(Data((0..<200).map { UInt8($0) })),
    .date(Date(timeIntervalSinceReferenceDate: 0)), .date(Date(timeIntervalSinceReferenceDate: 785_623_891)),
    .date(Date(timeIntervalSinceReferenceDate: -1_234_567_890)),
    .array([]), .array([.integer(1), .string("two"), .array([.bool(true), .dictionary([:])])]),
    .dictionary([:]), .dictionary(["a": .integer(1), "b": .dictionary(["c": .string("d"), "": .array([])])]),
  ]

  private func document(_ body: String) -> [UInt8] {
    Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n".utf8)
  }

  @Test(arguments: samples)
  func everyStorableValueReadsBackEqual(value: PropertyListValue) throws {
    let written = PropertyListCodec.encode(["key": value])
    #expect(try PropertyListCodec.decode(Array(written.utf8)) == ["key": value], "\(written)")
    let fragment = PropertyListCodec.fragment(value)
    #expect(try PropertyListCodec.decodeFragment(fragment) == value, "\(fragment)")
  }

  /// `decode` reads what Tally writes without Foundation's decoder (for speed); what it reads
  /// must be what Foundation's decoder reads, for every value and for near misses.
  @Test(arguments: samples)
  func theFastReaderReadsWhatFoundationReads(value: PropertyListValue) throws {
    let document: [String: PropertyListValue] = ["key": value, "other": .array([value, .dictionary(["k": value])])]
    let written = PropertyListCodec.encode(document)
    let variants = [
      written, written.replacing("\t", with: "  "), written.replacing("</plist>", with: "</plist>x"),
      written.replacing("<key>other</key>", with: "<key>key</key>"),
      written.replacing("&amp;", with: "&#38;"), written.replacing("<integer>", with: "<integer>+"),
    ]
    for (index, text) in variants.enumerated() {
      let foundation = try? Self.foundationRead(Data(text.utf8), like: .dictionary(document))
      let ours = try? PropertyListCodec.decode(Array(text.utf8))
      if index == 3 {
        #expect(ours == nil, "\(text)")  // a repeated key is refused, not merged
      } else {
        #expect(ours.map(PropertyListValue.dictionary) == foundation, "\(text)")
      }
    }
  }

  /// Foundation's encoder, for comparison.
  private func foundationXML(_ value: PropertyListValue) throws -> String {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// What Tally writes without Foundation's encoder (for speed) is what the encoder writes,
  /// byte for byte: merges order values by their XML, so every machine must write the same.
  @Test(arguments: samples + [.real(.nan), .real(1e-7), .real(123_456_789.125), .string("a]]>b&amp;")])
  func theFastWriterWritesWhatFoundationWrites(value: PropertyListValue) throws {
    let document: [String: PropertyListValue] = [
      "key": value, "nested": .array([value, .dictionary(["k": value, "\u{E9}": value, "e\u{301}x": value, "Z": .array([])])]),
    ]
    #expect(PropertyListCodec.encode(document) == (try foundationXML(.dictionary(document))))
  }

  @Test func randomValuesAreWrittenAsFoundationWritesThem() throws {
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let pieces = ["a", "Z", "<", ">", "&", " ", "\t", "\n", "é", "e\u{301}", "🎉", "漢", "0", "-", "]]>", ""]
    func text() -> String { (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined() }
    func value(depth: Int) -> PropertyListValue {
      switch next(depth > 3 ? 6 : 8) {
      case 0: return .bool(next(2) == 0)
      case 1: return .integer(Int64(next(2_000_001) - 1_000_000) * Int64(1 + next(1_000_000)))
      case 2: return .unsignedInteger(UInt64(next(1_000_000)) << UInt64(next(40)))
      case 3: return .real(Double(next(2_000_001) - 1_000_000) / Double(1 + next(1000)))
      case 4, 5: return .string(text())
      case 6: return .array((0..<next(4)).map { _ in value(depth: depth + 1) })
      default:
        var entries: [String: PropertyListValue] = [:]
        for _ in 0..<next(5) { entries[text()] = value(depth: depth + 1) }
        return .dictionary(entries)
      }
    }
    for round in 0..<300 {
      var document: [String: PropertyListValue] = [:]
      for _ in 0..<next(6) { document[text()] = value(depth: 0) }
      let ours = PropertyListCodec.encode(document)
      let theirs = try foundationXML(.dictionary(document))
      #expect(ours == theirs, "round \(round)")
      if ours != theirs { break }
    }
  }

  @Test func nanReadsBackAsNaN() throws {
    let written = PropertyListCodec.encode(["key": .real(.nan)])
    guard case .real(let value) = try PropertyListCodec.decode(Array(written.utf8))["key"] else {
      Issue.record("not a real: \(written)")
      return
    }
    #expect(value.isNaN)
  }

  @Test func datesKeepWholeSecondsAsFoundationWritesThem() throws {
    let written = PropertyListCodec.encode(["when": .date(Date(timeIntervalSinceReferenceDate: 785_623_891.75))])
    #expect(written.contains("<date>2025-11-23T20:51:31Z</date>"))
    #expect(
      try PropertyListCodec.decode(Array(written.utf8)) == ["when": .date(Date(timeIntervalSinceReferenceDate: 785_623_891))])
  }

  @Test func writesApplesLayout() {
    let document = PropertyListCodec.encode(["count": .integer(12), "hasOnboardingBeenShown": .bool(true), "list": .array([])])
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
        \t<key>list</key>
        \t<array/>
        </dict>
        </plist>

        """)
  }

  @Test func readsWhatFoundationReads() throws {
    let values = try PropertyListCodec.decode(
      document(
        """
        <dict>
        \t<key>when</key><date>2024-02-29T12:34:56Z</date>
        \t<key>blob</key><data>
        \tAAEC
        \t</data>
        \t<!-- a comment -->
        \t<key>text</key><string><![CDATA[a < b]]> &#x263A; &#65;</string>
        \t<key>hex</key><integer>0x29</integer>
        \t<key>whole</key><real>2</real>
        </dict>
        """))
    #expect(values["blob"] == .data(Data([0, 1, 2])))
    #expect(values["text"] == .string("a < b ☺ A"))
    #expect(values["when"] == .date(Date(timeIntervalSince1970: 1_709_210_096)))
    #expect(values["hex"] == .integer(41))
    #expect(values["whole"] == .real(2))
  }

  /// Written by Python's `plistlib.dumps(..., fmt=FMT_BINARY)`, the format macOS keeps
  /// preferences in.
  @Test func readsBinaryPropertyLists() throws {
    let base64 =
      "YnBsaXN0MDDYAQIDBAUGBwgJCgsPEBMUFVRibG9iVWNvdW50VGxpc3RUbmFtZVZuZXN0ZWRSb25VcmF0aW9Ud2hlbkMAAQIQKaMMDQ4QAVN0d2+gZABjAGEAZgDp0RESUWETgAAAAAAAAAAJI0AEAAAAAAAAM0HFyFi4AAAACBkeJCkuNTg+Q0dJTU9TVF1gYmtsdQAAAAAAAAEBAAAAAAAAABYAAAAAAAAAAAAAAAAAAAB+"
    let bytes = try #require(Data(base64Encoded: base64))
    let values = try PropertyListCodec.decode(Array(bytes))
    #expect(
      values == [
        "count": .integer(41), "name": .string("café"), "ratio": .real(2.5), "on": .bool(true),
        "when": .date(Date(timeIntervalSince1970: 1_709_210_096)), "blob": .data(Data([0, 1, 2])),
        "list": .array([.integer(1), .string("two"), .array([])]), "nested": .dictionary(["a": .integer(.min)]),
      ])
  }

  @Test func keysThatDifferOnlyInNormalisationAreRefusedNotMerged() {
    let text = document("<dict><key>caf\u{E9}</key><integer>1</integer><key>cafe\u{301}</key><integer>2</integer></dict>")
    #expect {
      try PropertyListCodec.decode(text)
    } throws: { error in
      "\(error)".contains("Unicode normalisation")
    }
    let nested = document("<dict><key>a</key><dict><key>x</key><true/><key>x</key><false/></dict></dict>")
    #expect(throws: PropertyListError.self) { try PropertyListCodec.decode(nested) }
  }

  @Test func stringsXMLCannotCarryAreNeverWrittenRaw() throws {
    // Such a value can only arrive from a file (the stores refuse it): Foundation's XML
    // reader accepts a character reference that strict XML readers refuse.
    let read = try PropertyListCodec.decode(document("<dict><key>a&#x1;</key><string>x&#x1;y\u{FFFF}</string></dict>"))
    #expect(read == ["a\u{1}": .string("x\u{1}y\u{FFFF}")])
    let written = PropertyListCodec.encode(read)
    #expect(written.contains("<key>a\u{FFFD}</key>"))
    #expect(written.contains("<string>x\u{FFFD}y\u{FFFD}</string>"))
    #expect(!written.unicodeScalars.contains { !PropertyListValue.isWritable($0) })
  }

  @Test(arguments: [
    ("", ""),
    ("<integer>12", ""),
    ("<integer>twelve</integer>", ""),
    ("<integer>99999999999999999999</integer>", ""),
    ("<real>fast</real>", ""),
    ("<date>yesterday</date>", ""),
    ("<banana/>", ""),
    ("<string>a &bogus; b</string>", ""),
  ])
  func malformedFragmentsAreErrors(text: String, reason: String) {
    #expect {
      try PropertyListCodec.decodeFragment(text)
    } throws: { error in
      reason.isEmpty || "\(error)".contains(reason)
    }
  }

  @Test(arguments: ["\n", "  \r\n\t "])
  func aBlankFileIsDamagedNotAnEmptyStore(text: String) {
    #expect {
      try PropertyListCodec.decode(Array(text.utf8))
    } throws: { error in
      "\(error)".contains("blank")
    }
  }

  @Test func messagesAreShort() {
    let huge = document("<dict><key>count</key><integer>" + String(repeating: "9", count: 100_000) + "</integer></dict>")
    #expect {
      try PropertyListCodec.decode(huge)
    } throws: { error in
      "\(error)".count < 200 && "\(error)".contains("<integer>")
    }
  }

  @Test func damagedDocumentsAreErrorsNotCrashes() {
    let depth = 100_000
    let deep = document(String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth))
    #expect {
      try PropertyListCodec.decode(deep)
    } throws: { error in
      "\(error)".contains("nesting deeper")
    }
    #expect(throws: PropertyListError.self) { try PropertyListCodec.decode(document("<array/>")) }
    #expect(throws: PropertyListError.self) { try PropertyListCodec.decode(Array("bplist00 damaged".utf8)) }
    #expect(throws: PropertyListError.self) {
      try PropertyListCodec.decode(document("<dict><key>a</key><string>") + [0xFF, 0xFE] + Array("</string></dict>".utf8))
    }
  }

  /// Binary documents that read as far more than they hold: each refused before Foundation's
  /// reader follows them (it would take minutes and gigabytes, or overflow the stack).
  @Test func binaryBombsAreRefusedBeforeTheyAreRead() {
    // 4,000 arrays, each holding the next.
    let nested = Self.binary(
      (0..<4000).map { (index: Int) -> [UInt8] in index == 3999 ? [0xA0] : [0xA1] + Self.reference(index + 1) })
    // 3 arrays of 300 references to the next, then an empty string: 27 million values.
    var levels: [[UInt8]] = []
    for level in 0..<3 {
      var array: [UInt8] = [0xAF, 0x11, 0x01, 0x2C]
      for _ in 0..<300 { array += Self.reference(level + 1) }
      levels.append(array)
    }
    let shared = Self.binary(levels + [[0x50]])
    // An array that holds itself.
    let cycle = Self.binary([[0xA1] + Self.reference(0)])
    for (bomb, reason) in [(nested, "nesting deeper"), (shared, "more than 1000000 values"), (cycle, "cycle")] {
      #expect {
        try PropertyListCodec.decode(bomb)
      } throws: { error in
        "\(error)".contains(reason)
      }
    }
  }

  @Test func aBinaryDocumentOfSharedValuesWithinBoundsReads() throws {
    // A dictionary whose 100 keys all refer to one shared string: 201 values.
    // Keys "00" to "99", as ASCII strings of two bytes (marker 0x52).
    let keys: [[UInt8]] = (0..<100).map { (number: Int) -> [UInt8] in
      [0x52, UInt8(0x30 + number / 10), UInt8(0x30 + number % 10)]
    }
    var root: [UInt8] = [0xDF, 0x10, 100]
    for key in 1...100 { root += Self.reference(key) }
    for _ in 0..<100 { root += Self.reference(101) }
    let shared: [UInt8] = [0x53] + Array("abc".utf8)
    let objects: [[UInt8]] = [root] + keys + [shared]
    let decoded = try PropertyListCodec.decode(Self.binary(objects))
    #expect(decoded.count == 100)
    #expect(decoded["00"] == .string("abc"))
  }

  /// A binary property list of `objects` (each its marker and contents, references of two
  /// bytes), the first one the root.
  static func binary(_ objects: [[UInt8]]) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += (0..<4).reversed().map { UInt8(truncatingIfNeeded: offset >> (8 * $0)) } }
    func eight(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    return bytes + [0, 0, 0, 0, 0, 0, 4, 2] + eight(objects.count) + eight(0) + eight(table)
  }

  static func reference(_ index: Int) -> [UInt8] { [UInt8(index >> 8), UInt8(index & 0xFF)] }

  /// What Foundation's decoder reads from `data`, each value asked for as the kind `template`
  /// has in its place: the oracle the readers are held to.
  ///
  /// Foundation's decoder tells kinds apart only in the wording of its errors, so the kinds
  /// come from the template (a test compares them through what Foundation's encoder writes),
  /// the contents from Foundation.
  static func foundationRead(_ data: Data, like template: PropertyListValue) throws -> PropertyListValue {
    try FoundationReading.$template.withValue(template) {
      try PropertyListDecoder().decode(FoundationReading.self, from: data).value
    }
  }

  private struct FoundationReading: Decodable {
    @TaskLocal static var template = PropertyListValue.dictionary([:])
    let value: PropertyListValue

    init(from decoder: any Decoder) throws {
      value = try Self.read(decoder, like: Self.template)
    }

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    static func read(_ decoder: any Decoder, like template: PropertyListValue) throws -> PropertyListValue {
      let single = try decoder.singleValueContainer()
      switch template {
      case .bool: return .bool(try single.decode(Bool.self))
      case .integer: return .integer(try single.decode(Int64.self))
      case .unsignedInteger: return .unsignedInteger(try single.decode(UInt64.self))
      case .real: return .real(try single.decode(Double.self))
      case .string: return .string(try single.decode(String.self))
      case .data: return .data(try single.decode(Data.self))
      case .date: return .date(try single.decode(Date.self))
      case .array(let elements):
        var container = try decoder.unkeyedContainer()
        guard container.count == elements.count else { throw CocoaError(.propertyListReadCorrupt) }
        var values: [PropertyListValue] = []
        for element in elements { values.append(try read(container.superDecoder(), like: element)) }
        return .array(values)
      case .dictionary(let entries):
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == entries.count else { throw CocoaError(.propertyListReadCorrupt) }
        var values: [String: PropertyListValue] = [:]
        for (key, entry) in entries { values[key] = try read(container.superDecoder(forKey: Key(stringValue: key)), like: entry) }
        return .dictionary(values)
      }
    }
  }
}

/// The store API in front of the codec.
struct PropertyListStoreTests {
  private let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  private func file() throws -> String {
    try ChildProcess.readFileText(directory.appending("defaults.plist"))
  }

  @Test func anEmptyArraySetUntypedIsStoredAsAnArray() throws {
    let store = try FileUserDefaults(directory: directory.path)
    store.set([] as [Any], forKey: "list")
    store.set([[] as [Any], [:] as [String: Any]] as [Any], forKey: "nested")
    #expect(try file().contains("<key>list</key>\n\t<array/>"))
    let reopened = try FileUserDefaults(directory: directory.path)
    #expect(reopened.domains.persistent["list"] == .array([]))
    #expect(reopened.domains.persistent["nested"] == .array([.array([]), .dictionary([:])]))
    #expect((reopened.object(forKey: "list") as? [Any])?.isEmpty == true)
  }

  @Test func aURLIsStoredAsFoundationStoresIt() throws {
    let store = try FileUserDefaults(directory: directory.path)
    let web = try #require(URL(string: "https://example.com/a?b=c"))
    store.set(web, forKey: "web")
    store.set(URL(fileURLWithPath: "/tmp/some file"), forKey: "file")
    let reopened = try FileUserDefaults(directory: directory.path)
    #expect(reopened.string(forKey: "web") == "https://example.com/a?b=c")
    #expect(reopened.url(forKey: "web") == web)
    #expect(reopened.string(forKey: "file") == "/tmp/some file")
    #expect(reopened.url(forKey: "file") == URL(fileURLWithPath: "/tmp/some file"))
    #expect(reopened.url(forKey: "missing") == nil)
    #expect(store.problems.isEmpty)
  }

  @Test(arguments: ["x\u{1}", "x\u{FFFF}", "x\u{FFFE}", "\u{0}"])
  func aStringXMLCannotCarryIsRefusedWithAProblem(text: String) throws {
    let store = try FileUserDefaults(directory: directory.path)
    store.set("kept", forKey: "name")
    store.set(text, forKey: "name")
    store.x.set(text, forKey: DefaultsKey("name"))
    store.set(["ok", ["inner": text]] as [Any], forKey: "list")
    #expect(store.string(forKey: "name") == "kept")
    #expect(store.object(forKey: "list") == nil)
    #expect(store.problems.count == 3)
    #expect(store.problems.allSatisfy { $0.message.contains("which a property-list file cannot carry; nothing was written") })
    #expect(try FileUserDefaults(directory: directory.path).string(forKey: "name") == "kept")
  }

  @Test func aFileWithKeysThatDifferOnlyInNormalisationIsMovedAsideWhole() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>caf\u{E9}</key><integer>1</integer><key>cafe\u{301}</key><integer>2</integer></dict></plist>
      """
    let file = fopen(directory.appending("defaults.plist"), "w")
    fputs(text, file)
    fclose(file)
    let store = try FileUserDefaults(directory: directory.path)
    guard case .corrupt(_, let movedTo, let reason) = store.notices.first else {
      Issue.record("not reported: \(store.notices)")
      return
    }
    #expect(reason.contains("Unicode normalisation"))
    #expect(try ChildProcess.readFileText(movedTo) == text)
  }
}
