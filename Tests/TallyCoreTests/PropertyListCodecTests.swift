import FoundationEssentials
import Glibc
import TallyDefaults
import TallyTestSupport
import Testing

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
      if index == 3 {
        // A repeated key is refused, not merged.
        #expect(throws: PropertyListError.self, "\(text)") { try PropertyListCodec.decode(Array(text.utf8)) }
      } else if text.contains("<integer>+-") {
        // A sign after a sign, as in +-7, is no integer to either.
        #expect(throws: (any Error).self, "\(text)") { try Self.foundationRead(Data(text.utf8), like: .dictionary(document)) }
        #expect(throws: PropertyListError.self, "\(text)") { try PropertyListCodec.decode(Array(text.utf8)) }
      } else {
        let foundation = try Self.foundationRead(Data(text.utf8), like: .dictionary(document))
        #expect(try .dictionary(PropertyListCodec.decode(Array(text.utf8))) == foundation, "\(text)")
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
    var random = SeededNumbers(state: 0x5EED)
    func next(_ bound: Int) -> Int { random.next(bound) }
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

  /// A message quotes what it found in the file with every control character written out:
  /// a store or a file from elsewhere cannot move the cursor or retitle the terminal through
  /// `tally`'s error output.
  @Test(arguments: [
    "<dict><key>a</key><\u{1B}]0;owned\u{07}/></dict>",
    "<dict><key>a</key><string>x</string\u{9B}2J></dict>",
    "<dict><key>caf\u{E9}\u{1B}[2J</key><true/><key>cafe\u{301}\u{1B}[2J</key><false/></dict>",
  ])
  func aMessageQuotesTheFileWithoutControlCharacters(body: String) {
    #expect {
      try PropertyListCodec.decode(document(body))
    } throws: { error in
      let message = "\(error)"
      return message.contains("\\u{") && !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
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

/// Tally's own property-list readers (`PropertyListCodec.decode`) on what other programs write:
/// held to Foundation's decoder as the oracle, and to hostile documents.
struct PropertyListReaderTests {
  private func foundation(_ value: PropertyListValue, _ format: PropertyListDecoder.PropertyListFormat) throws -> [UInt8] {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format
    return Array(try encoder.encode(value))
  }

  /// The value as Foundation's encoder writes it in XML: equal texts, equal values, kinds
  /// (`<real>2</real>` against `<integer>2</integer>`), the sign of zero and NaN included.
  private func xml(_ value: PropertyListValue) -> String {
    String(decoding: (try? foundation(value, .xml)) ?? [], as: UTF8.self)
  }

  private func document(_ body: String) -> [UInt8] {
    Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n".utf8)
  }

  /// Reads `bytes` as a document whose root is a dictionary, as a value.
  private func read(_ bytes: [UInt8]) throws -> PropertyListValue {
    .dictionary(try PropertyListCodec.decode(bytes))
  }

  /// What Foundation's encoder writes, in XML and in binary, reads as the value written, and
  /// Foundation's decoder reads the same contents when asked for the kinds read.
  private func expectReadAsWritten(_ value: [String: PropertyListValue], _ comment: String = "") throws {
    for format in [PropertyListDecoder.PropertyListFormat.xml, .binary] {
      let bytes = try foundation(.dictionary(value), format)
      let ours = try read(bytes)
      #expect(xml(ours) == xml(.dictionary(value)), "\(format) \(comment)")
      let theirs = try PropertyListCodecTests.foundationRead(Data(bytes), like: ours)
      #expect(xml(theirs) == xml(ours), "\(format) \(comment)")
    }
  }

  @Test(
    arguments: PropertyListCodecTests.samples + [
      .real(.nan), .real(-2), .real(.leastNormalMagnitude / 3), .real(Double(Int64.max)),
    ])
  func everySampleReadsAsFoundationWroteIt(value: PropertyListValue) throws {
    try expectReadAsWritten(["key": value, "nested": .array([value, .dictionary(["k": value, "": .array([.array([])])])])])
  }

  @Test func randomValuesReadAsFoundationWroteThem() throws {
    var random = SeededNumbers(state: 0xF00D)
    func next(_ bound: Int) -> Int { random.next(bound) }
    func bits() -> UInt64 { UInt64(next(1 << 30)) << 34 ^ UInt64(next(1 << 30)) << 4 ^ UInt64(next(16)) }
    let pieces = [
      "a", "Z", "<", ">", "&", "\"", "'", " ", "\t", "\n", "é", "e\u{301}", "🎉", "漢", "\u{10FFFF}", "]]>", "&amp;", "",
    ]
    func text() -> String { (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined() }
    func value(depth: Int) -> PropertyListValue {
      switch next(depth > 3 ? 11 : 13) {
      case 0: return .bool(next(2) == 0)
      case 1: return .integer([Int64.min, .max, -1, 0, Int64(next(1000))][next(5)])
      case 2: return PropertyListValue(unsigned: bits())
      case 3: return .integer(Int64(bitPattern: bits()))
      case 4: return .real(Double(next(2_000_001) - 1_000_000) / Double(1 + next(1000)))
      case 5: return .real(Double(bitPattern: bits()))
      case 6: return .real(Double(next(2000) - 1000))
      case 7, 8: return .string(text())
      case 9: return .data(Data((0..<next(70)).map { _ in UInt8(next(256)) }))
      // Whole seconds (XML keeps no more), years 1 to 9999 (Julian before 1582, as Foundation).
      case 10: return .date(Date(timeIntervalSinceReferenceDate: Double(next(315_537_897_600) - 63_113_904_000)))
      case 11: return .array((0..<next(4)).map { _ in value(depth: depth + 1) })
      default:
        var entries: [String: PropertyListValue] = [:]
        for _ in 0..<next(5) { entries[text()] = value(depth: depth + 1) }
        return .dictionary(entries)
      }
    }
    for round in 0..<300 {
      var document: [String: PropertyListValue] = [:]
      for _ in 0..<next(6) { document[text()] = value(depth: 0) }
      try expectReadAsWritten(document, "round \(round)")
    }
  }

  /// XML as other programs write it, each piece read as Foundation reads it.
  @Test func foreignXMLReadsAsFoundationReadsIt() throws {
    let text = """
      \u{FEFF}<?xml version="1.0"?>
      <!-- written by hand --><?editor tabs="no"?>
      <plist><!-- before -->
        <dict   >
          <!-- between --><key>cdata</key><!-- and --><string><![CDATA[<a & b>]]> &#x263A;&#65;&quot;&apos;</string>
          <key attribute="x">hex</key>  <integer>0x7FffFFffFFffFFff</integer>
          <key>plus</key><integer> + 12</integer>
          <key>minus</key><integer>-0x10</integer>
          <key>huge</key><integer>18446744073709551615</integer>
          <key>empty</key><string/>
          <key>spaced</key><string>  two\tspaces\r\n</string >
          <key>yes</key><?editor inside?><true></true>
          <key>no</key><false  />
          <key>whole</key><real>2</real>
          <key>specials</key><array><real>nan</real><real>-Infinity</real><real>+inf</real><real> 1e3</real><real>.5</real></array>
          <key>blob</key><data>
            AAEC
            /w==
          </data>
          <key>when</key><date>2024-02-29T12:34:56Z</date>
          <key>empties</key><array><dict/><array/><array></array><dict></dict></array>
        </dict>
      </plist>
      """
    let read = try read(Array(text.utf8))
    let expected: PropertyListValue = .dictionary([
      "cdata": .string("<a & b> ☺A\"'"), "hex": .integer(.max), "plus": .integer(12), "minus": .integer(-16),
      "huge": .unsignedInteger(.max), "empty": .string(""), "spaced": .string("  two\tspaces\r\n"), "yes": .bool(true),
      "no": .bool(false), "whole": .real(2),
      "specials": .array([.real(.nan), .real(-.infinity), .real(.infinity), .real(1000), .real(0.5)]),
      "blob": .data(Data([0, 1, 2, 255])), "when": .date(Date(timeIntervalSince1970: 1_709_210_096)),
      "empties": .array([.dictionary([:]), .array([]), .array([]), .dictionary([:])]),
    ])
    #expect(xml(read) == xml(expected))
    #expect(xml(try PropertyListCodecTests.foundationRead(Data(text.utf8), like: expected)) == xml(expected))
  }

  /// A UTF-16 document, told by its byte-order mark in either order, reads as Foundation
  /// reads it (swift-foundation's dataWithBOM_utf16le).
  @Test func aUTF16DocumentWithAByteOrderMarkReadsAsFoundationReadsIt() throws {
    let text = """
      \u{FEFF}<?xml version="1.0" encoding="UTF-16"?>
      <plist version="1.0"><dict><key>café ☕</key><integer>7</integer><key>s</key><string>𝄞 &amp;</string></dict></plist>
      """
    let expected: PropertyListValue = .dictionary(["café ☕": .integer(7), "s": .string("𝄞 &")])
    for littleEndian in [true, false] {
      let bytes = text.utf16.flatMap { unit in
        littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
      }
      #expect(try read(bytes) == expected)
      #expect(try PropertyListCodecTests.foundationRead(Data(bytes), like: expected) == expected)
    }
    #expect(throws: PropertyListError(reason: "UTF-16 with an odd number of bytes")) { try read([0xFF, 0xFE, 0x3C]) }
    #expect(throws: PropertyListError(reason: "UTF-16 that is not text (a lone surrogate)")) {
      try read([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00])
    }
  }

  /// Carriage returns are kept as written, in keys and strings, raw or as references, and a
  /// document whose lines end in CRLF reads as one whose lines end in LF, as Foundation reads
  /// them (plistlib's doc0241, keys "\r" and "\n"; the interop sample with carriage returns).
  @Test func carriageReturnsAreKeptAsFoundationKeepsThem() throws {
    let value: PropertyListValue = .dictionary(["\r": .integer(1), "\n": .integer(2), "s": .string("a\r\nb\rc")])
    let written = PropertyListCodec.encode(["\r": .integer(1), "\n": .integer(2), "s": .string("a\r\nb\rc")])
    #expect(written.contains("<key>\r</key>") && written.contains("<string>a\r\nb\rc</string>"))
    let references = document(
      "<dict><key>&#13;</key><integer>1</integer><key>&#10;</key><integer>2</integer>"
        + "<key>s</key><string>a&#13;&#10;b&#xD;c</string></dict>")
    for bytes in [Array(written.utf8), references] {
      #expect(try read(bytes) == value)
      #expect(try PropertyListCodecTests.foundationRead(Data(bytes), like: value) == value)
    }
    let plain: PropertyListValue = .dictionary(["a": .integer(1), "b": .string("x")])
    let crlf = Array(PropertyListCodec.encode(["a": .integer(1), "b": .string("x")]).replacing("\n", with: "\r\n").utf8)
    #expect(try read(crlf) == plain)
    #expect(try PropertyListCodecTests.foundationRead(Data(crlf), like: plain) == plain)
  }

  /// Whitespace before an integer is skipped and after it refused, as Foundation does
  /// (swift-foundation's xmlIntegerWhitespace).
  @Test(arguments: [(" 42", Int64(42)), ("\t\n 42", 42), ("42 ", nil), (" 42 ", nil), ("\n42\n", nil)])
  func whitespaceAroundAnIntegerIsReadAsFoundationReadsIt(text: String, value: Int64?) throws {
    let bytes = document("<dict><key>a</key><integer>\(text)</integer></dict>")
    if let value {
      #expect(try read(bytes) == .dictionary(["a": .integer(value)]))
      #expect(try PropertyListDecoder().decode([String: Int64].self, from: Data(bytes)) == ["a": value])
    } else {
      #expect(throws: PropertyListError.self) { try read(bytes) }
      #expect(throws: DecodingError.self) { try PropertyListDecoder().decode([String: Int64].self, from: Data(bytes)) }
    }
  }

  @Test func whatFollowsTheRootElementIsIgnoredAsFoundationDoes() throws {
    for tail in ["", "garbage", "<!-- unterminated", "<plist><dict/></plist>", "\0"] {
      let bytes = document("<dict><key>a</key><integer>1</integer></dict>") + Array(tail.utf8)
      #expect(try read(bytes) == .dictionary(["a": .integer(1)]))
      #expect(try PropertyListDecoder().decode([String: Int].self, from: Data(bytes)) == ["a": 1])
    }
    // A root element without <plist> around it, and a <plist> without a prologue.
    #expect(try read(Array("<dict><key>a</key><true/></dict>trailing".utf8)) == .dictionary(["a": .bool(true)]))
    #expect(try read(Array("<plist><dict/></plist>".utf8)) == .dictionary([:]))
  }

  /// Documents Foundation's reader refuses too, each with an error that says what is wrong and
  /// where, in a line.
  @Test(arguments: [
    ("<dict/><dict/>", "a second value in <plist> on line 3"),
    ("<dict>garbage</dict>", "text outside an element on line 3"),
    ("<dict><banana/></dict>", "an unknown element <banana> on line 3"),
    ("<dict><string>a</string></dict>", "<string> where <dict> needs a <key> on line 3"),
    ("<dict>\n<key>a</key>\n</dict>", "<key> with no value on line 4"),
    ("<dict><key>a</key><string>x<!-- no --></string></dict>", "a comment or declaration inside text"),
    ("<dict><key>a</key><string>&#xD800;</string></dict>", "a character reference that is not a character"),
    ("<dict><key>a</key><string>&#X41;</string></dict>", "a character reference"),
    ("<dict><key>a</key><string>&nbsp;</string></dict>", "a reference other than"),
    ("<dict><key>a</key><string>x</strin></dict>", "</strin> does not match open tag string on line 3"),
    ("<dict><key>a</key><array></dict>", "</dict> does not match open tag array"),
    ("<dict><key>a</key><integer>1 </integer></dict>", "Invalid <integer> value on line 3"),
    ("<dict><key>a</key><integer>0x</integer></dict>", "Invalid <integer> value"),
    ("<dict><key>a</key><integer>-18446744073709551615</integer></dict>", "Invalid <integer> value"),
    ("<dict><key>a</key><real>0x10</real></dict>", "Invalid <real> value"),
    ("<dict><key>a</key><real>2 </real></dict>", "Invalid <real> value"),
    ("<dict><key>a</key><real>1\0</real></dict>", "Invalid <real> value"),
    ("<dict><key>a</key><data>AA\u{E9}</data></dict>", "Invalid <data> value"),
    ("<dict><key>a</key><date>2024-02-29T12:34:56</date></dict>", "Invalid <date> value"),
    ("<dict><key>a</key><date> 2024-02-29T12:34:56Z</date></dict>", "Invalid <date> value"),
    ("<dict><key>a</key><date>99999999999999999999-01-01T00:00:00Z</date></dict>", "Invalid <date> value"),
    ("<dict><key>a</key><integer/></dict>", "an empty <integer/>"),
    ("<dict><key>a</key><true>yes</true></dict>", "<true> not closed by </true>"),
    ("<dict><key>a</key><string>x", "</plist> does not match open tag string"),
    ("<dict><key>a</key><string>x</string>", "</plist> does not match open tag dict on line 4"),
    ("<dict><key>a</key><string><![CDATA[x</string></dict>", "a CDATA section with no end"),
    ("<dict><!-- x </dict>", "a comment with no end"),
    ("<dict><!DOCTYPE plist></dict>", "a declaration that is not a comment"),
  ])
  func refusedWithAnErrorThatSaysWhatAndWhere(body: String, reason: String) {
    #expect {
      try read(document(body))
    } throws: { error in
      "\(error)".contains(reason) && "\(error)".count < 120
    }
    // Foundation's decoder reads it as no kind of value either.
    let data = Data(document(body))
    let decoder = PropertyListDecoder()
    #expect((try? decoder.decode([String: Int64].self, from: data)) == nil)
    #expect((try? decoder.decode([String: UInt64].self, from: data)) == nil)
    #expect((try? decoder.decode([String: Double].self, from: data)) == nil)
    #expect((try? decoder.decode([String: String].self, from: data)) == nil)
    #expect((try? decoder.decode([String: Data].self, from: data)) == nil)
    #expect((try? decoder.decode([String: Date].self, from: data)) == nil)
    #expect((try? decoder.decode([String: Bool].self, from: data)) == nil)
  }

  @Test(arguments: [
    ("<!-- only a comment -->", "a document with no element"),
    ("<plist><dict><key>a</key><true/>", "the document ends inside <dict>"),
    ("<plist><dict><key>a</key><string>abc", "the document ends inside <string>"),
    ("<plist><dict>x", "the document ends inside <dict>"),
    ("x", "a document with no element"),
    ("<plist><dict id=\"1\"", "<dict with no end"),
    ("{ a = 1; }", "neither an XML nor a binary property list"),
    ("<!DOCTYPE plist [ <!ENTITY x 'y'> ]><plist><dict/></plist>", "a DOCTYPE with a DTD or no end"),
    ("<plist/>", "an empty <plist/>"),
    ("<plist version=\"1.0\">", "the document ends inside <plist>"),
    ("<?xml version=\"1.0\"", "a processing instruction with no end"),
    ("</plist>", "an end tag before any element"),
  ])
  func documentsWithNoRootAreRefused(text: String, reason: String) {
    #expect {
      try read(Array(" \(text)".utf8))
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  /// Every prefix of a document is read without a trap: an error, until the root element is
  /// whole.
  @Test func everyTruncationIsAnErrorNotACrash() throws {
    let value: [String: PropertyListValue] = [
      "text": .string("a<&>\"' é 🎉"), "list": .array([.integer(-1), .real(2.5), .bool(true), .dictionary([:])]),
      "blob": .data(Data([1, 2, 3, 4])), "when": .date(Date(timeIntervalSinceReferenceDate: 0)), "big": .unsignedInteger(.max),
    ]
    for text in [Array(PropertyListCodec.encode(value).utf8), try foundation(.dictionary(value), .xml)] {
      let end = try #require(text.indices.last { text[$0...].starts(with: "</plist>".utf8) }) + "</plist>".utf8.count
      for count in 0..<text.count {
        let read = try? read(Array(text[..<count]))
        #expect(read == (count < end ? nil : .dictionary(value)), "\(count)")
      }
    }
    let binary = try foundation(.dictionary(value), .binary)
    for count in 0..<binary.count {
      #expect(throws: PropertyListError.self) { try read(Array(binary[..<count])) }
    }
  }

  /// Random damage to documents of every kind of value is an error or a value, never a trap.
  @Test func damagedBytesAreErrorsNotCrashes() throws {
    let value: PropertyListValue = .dictionary([
      "a": .array([.integer(1), .integer(-300), .integer(.min), .unsignedInteger(.max), .real(2.5)]),
      "b": .dictionary(["c": .string("x&y"), "d": .string("漢字 and more than fifteen characters"), "e": .data(Data(count: 20))]),
      "f": .date(Date(timeIntervalSinceReferenceDate: 12)), "g": .bool(false),
      "h": .array(Array(repeating: .bool(true), count: 20)),
    ])
    var random = SeededNumbers(state: 0xDA11A6E)
    func next(_ bound: Int) -> Int { random.next(bound) }
    for original in [try foundation(value, .xml), try foundation(value, .binary)] {
      var read = 0
      for _ in 0..<3000 {
        var bytes = original
        for _ in 0..<1 + next(3) { bytes[next(bytes.count)] = UInt8(next(256)) }
        if (try? self.read(bytes)) != nil { read += 1 }
      }
      #expect(read > 0)
    }
  }

  /// 256 levels of values read, and one more is refused.
  @Test func nestingIsReadToItsLimitExactly() throws {
    // A dictionary holding arrays in arrays, the innermost empty.
    func nested(_ levels: Int) -> [UInt8] {
      let arrays = levels - 1
      return document(
        "<dict><key>a</key>" + String(repeating: "<array>", count: arrays - 1) + "<array/>"
          + String(repeating: "</array>", count: arrays - 1) + "</dict>")
    }
    var arrays = PropertyListValue.array([])
    for _ in 1..<255 { arrays = .array([arrays]) }
    #expect(try read(nested(256)) == .dictionary(["a": arrays]))
    #expect {
      _ = try read(nested(257))
    } throws: { error in
      "\(error)".contains("nesting deeper than 256 levels")
    }
  }

  @Test func deepNestingIsRefusedWithoutOverflowingTheStack() {
    let depth = 100_000
    let dictionaries = document(
      String(repeating: "<dict><key>a</key>", count: depth) + "<true/>" + String(repeating: "</dict>", count: depth))
    let arrays = document("<dict><key>a</key>" + String(repeating: "<array>", count: depth))
    for text in [dictionaries, arrays] {
      #expect {
        try read(text)
      } throws: { error in
        "\(error)".contains("nesting deeper than 256 levels")
      }
    }
  }

  /// A binary object read once and referred to again deeper down nests as deep as it is read
  /// there: a chain of 200 arrays, referred to from the root and from the end of another chain
  /// of 100.
  @Test func aSharedBinaryObjectIsAsDeepAsWhereItIsReferredTo() throws {
    func chain(from first: Int, count: Int, to last: Int) -> [[UInt8]] {
      (0..<count).map { [0xA1] + PropertyListCodecTests.reference(first + $0 + 1 == first + count ? last : first + $0 + 1) }
    }
    func document(detour: Int) -> [UInt8] {
      // 0: the root {a: 3, b: 4}; 1, 2: the keys; 3...: 200 arrays to an empty one; then the detour.
      let root: [UInt8] = [0xD2] + [1, 2, 3, 204].flatMap(PropertyListCodecTests.reference)
      let detourObjects = chain(from: 204, count: detour, to: 3)
      return PropertyListCodecTests.binary(
        [root, [0x51, 0x61], [0x51, 0x62]] + chain(from: 3, count: 200, to: 203) + [[0xA0]] + detourObjects)
    }
    #expect(try read(document(detour: 40)).kind == .dict)
    #expect {
      try read(document(detour: 100))
    } throws: { error in
      "\(error)".contains("nesting deeper")
    }
  }

  /// Binary documents whose trailer, offsets or objects do not fit: each an error.
  @Test(
    arguments: [
      // Each object cut short by the table that follows it.
      [0x13, 0, 0], [0x14, 0], [0x22, 0], [0x23, 0, 0], [0x33, 0], [0x43, 0], [0x55, 0x41], [0x62, 0, 0x41],
      [0x5F, 0x10], [0x5F], [0x5F, 0x13, 0], [0x4F, 0x20, 1, 2], [0xA3, 0, 0], [0xD1, 0, 1],
      // Objects no value holds, or no marker names.
      [0x00], [0x80, 1], [0xC1, 0, 0], [0x0F], [0x21, 0, 0], [0x34, 0, 0, 0, 0, 0, 0, 0, 0], [0x70], [0x15, 0],
      // A reference past the objects, a dictionary keyed by an integer, an ASCII string that is not.
      [0xA1, 0, 9], [0xD1, 0, 0, 0, 0], [0x51, 0xE9], [0x61, 0xD8, 0x00],
    ] as [[UInt8]])
  func aDamagedBinaryObjectIsAnError(object: [UInt8]) {
    #expect(throws: PropertyListError.self) { try read(PropertyListCodecTests.binary([object])) }
    // As the value of a dictionary too, where it is not the root.
    let root: [UInt8] = [0xD1] + PropertyListCodecTests.reference(1) + PropertyListCodecTests.reference(2)
    #expect(throws: PropertyListError.self) { try read(PropertyListCodecTests.binary([root, [0x51, 0x61], object])) }
  }

  @Test func aBinaryTrailerThatDoesNotFitIsAnError() throws {
    let good = PropertyListCodecTests.binary([[0xD0]])
    #expect(try read(good) == .dictionary([:]))
    let trailer = good.count - 32
    // Offset size 0, reference size 0, the top object past the count, no objects, the table
    // inside the header or after the trailer, an offset to the header or the table, and a
    // byte more or less before the trailer.
    let damages: [(Int, UInt8)] = [
      (trailer + 6, 0), (trailer + 7, 0), (trailer + 23, 1), (trailer + 15, 0), (trailer + 31, 3), (trailer + 31, 200),
      (trailer - 1, 2), (trailer - 1, UInt8(trailer)),
    ]
    for (position, byte) in damages {
      var bytes = good
      bytes[position] = byte
      #expect(throws: PropertyListError.self, "\(position)") { try read(bytes) }
    }
    #expect(throws: PropertyListError.self) { try read(Array(good[..<trailer]) + [0] + Array(good[trailer...])) }
  }

  @Test func aBinaryDictionaryThatRepeatsAKeyIsRefused() {
    // {"café" (precomposed, ASCII-free UTF-16): 1, "cafe\u{301}": 2}.
    let precomposed: [UInt8] = [0x64, 0, 0x63, 0, 0x61, 0, 0x66, 0, 0xE9]
    let decomposed: [UInt8] = [0x65, 0, 0x63, 0, 0x61, 0, 0x66, 0, 0x65, 0x03, 0x01]
    let root: [UInt8] = [0xD2] + [1, 2, 3, 3].flatMap(PropertyListCodecTests.reference)
    #expect {
      try read(PropertyListCodecTests.binary([root, precomposed, decomposed, [0x10, 1]]))
    } throws: { error in
      "\(error)".contains("Unicode normalisation")
    }
  }
}

/// The same numbers on every run, for tests that try many generated inputs.
struct SeededNumbers {
  var state: UInt64

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}
