import Testing

@testable import TallyDefaults

/// The store's fast reader on its own: it must read everything Tally writes by itself (a
/// reader that gave every document to Foundation would pass every other test, only slower),
/// and hold its depth limit.
struct PropertyListFastReaderTests {
  private func read(_ text: String) -> PropertyListValue? {
    Array(text.utf8).withUnsafeBytes { try? PropertyListFastReader.value($0) }
  }

  /// Every sample but data and dates, which Tally's own writer leaves to Foundation too.
  static let written = PropertyListCodecTests.samples.filter { value in
    ![.data, .date].contains(value.kind) && !"\(value)".contains(".data(") && !"\(value)".contains(".date(")
  }

  @Test(arguments: written)
  func itReadsEveryValueTallyWritesWithoutFoundation(value: PropertyListValue) {
    let written = PropertyListCodec.encode(["key": value, "list": .array([value, .dictionary(["k": value])])])
    #expect(read(written) == .dictionary(["key": value, "list": .array([value, .dictionary(["k": value])])]), "\(written)")
  }

  @Test func aCommentEndingTheDocumentIsClosed() {
    // Its "-->" is the document's last bytes: what is missing is the element, not the end.
    #expect(throws: PropertyListError(reason: "a document with no element on line 1")) {
      try Array("<!-- nothing else -->".utf8).withUnsafeBytes { try PropertyListFastReader.value($0) }
    }
  }

  @Test func anUnclosedArrayOrDictionaryIsNotRead() {
    let written = PropertyListCodec.encode(["list": .array([.integer(1)])])
    #expect(read(written.replacing("</array>", with: "")) == nil)
    #expect(read(written.replacing("\n</dict>", with: "")) == nil)
    #expect(read(written.replacing("\n</plist>\n", with: "")) == nil)
  }

  @Test func nestingPastTheLimitIsLeftToTheCodecWhichRefusesIt() throws {
    func nested(_ levels: Int) -> String {
      var value = PropertyListValue.integer(1)
      for _ in 0..<levels { value = .array([value]) }
      return PropertyListCodec.encode(["deep": value])
    }
    // The root dictionary is level 0: its deepest value sits at level `levels + 1`.
    let limit = PropertyListCodec.maximumDepth
    #expect(read(nested(limit - 2)) != nil)
    #expect(read(nested(limit - 1)) == nil)
    #expect(throws: PropertyListError.self) { try PropertyListCodec.decode(Array(nested(limit).utf8)) }
  }
}
