#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A compiled gettext catalog (`msgfmt`'s `.mo`), as the .deb installs it: its texts sorted,
/// found by binary search in the file's bytes, each checked when it is looked up.
///
/// Reading it is checking its header and its two tables' bounds: no text is decoded until a
/// screen asks for it, so a translated first frame costs little more than an English one.
struct MOFile: Sendable {
  private let bytes: [UInt8]
  private let bigEndian: Bool
  /// Texts, and where the originals' and the translations' tables start.
  private let count: Int
  private let originals: Int
  private let translations: Int
  /// The header's `Plural-Forms`, if any.
  private(set) var pluralForms: String? = nil

  /// Reads the bytes of a `.mo` file; a damage for a header or a table that does not fit in it.
  init(bytes: [UInt8]) throws(POFile.Damage) {
    func damage(_ problem: String) -> POFile.Damage { POFile.Damage(line: 0, problem: problem) }
    guard bytes.count >= 28, bytes.count <= POFile.maximumSize else { throw damage("not the size of a .mo file") }
    let magic = Self.word(bytes, at: 0, bigEndian: false)
    guard magic == 0x9504_12DE || magic == 0xDE12_0495 else { throw damage("not a .mo file") }
    let bigEndian = magic == 0xDE12_0495
    let words = (1...4).map { Self.word(bytes, at: 4 * $0, bigEndian: bigEndian) }
    guard words[0] >> 16 == 0, words[1] <= POFile.maximumEntries else { throw damage("an unknown revision or too many texts") }
    let (count, originals, translations) = (words[1], words[2], words[3])
    for table in [originals, translations] {
      guard table <= bytes.count, count * 8 <= bytes.count - table else { throw damage("a table past the end") }
    }
    self.bytes = bytes
    self.bigEndian = bigEndian
    self.count = count
    self.originals = originals
    self.translations = translations
    // The strings are checked when they are looked up: one past the end is a text not there.
    let header = count > 0 && string(originals, 0)?.isEmpty == true ? string(translations, 0) : nil
    pluralForms = header.flatMap(Self.pluralForms(in:))
  }

  private static func word(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> Int {
    let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    return Int(bigEndian ? value.bigEndian : value.littleEndian)
  }

  /// The value of the header's `Plural-Forms:` line.
  private static func pluralForms(in header: ArraySlice<UInt8>) -> String? {
    for line in header.split(separator: 0x0A) where line.starts(with: "Plural-Forms:".utf8) {
      return String(decoding: line.dropFirst(13), as: UTF8.self).trimmed
    }
    return nil
  }

  /// The bytes of string `index` of the table at `table`; `nil` if they do not fit.
  private func string(_ table: Int, _ index: Int) -> ArraySlice<UInt8>? {
    let length = Self.word(bytes, at: table + 8 * index, bigEndian: bigEndian)
    let offset = Self.word(bytes, at: table + 8 * index + 4, bigEndian: bigEndian)
    guard offset <= bytes.count, length < bytes.count - offset else { return nil }
    return bytes[offset..<(offset + length)]
  }

  /// What the file has for a msgid.
  enum Lookup {
    case missing
    /// A string of it, or one passed on the way, lies past the end of the file.
    case damaged
    /// Its translation: one form, or one per plural form, as bytes.
    case found([ArraySlice<UInt8>])
  }

  /// The translation of `msgid`, found by binary search.
  func forms(of msgid: String) -> Lookup {
    var key = msgid
    return key.withUTF8 { key -> Lookup in
      var (low, high) = (0, count)
      while low < high {
        let middle = (low + high) / 2
        guard let original = string(originals, middle) else { return .damaged }
        // A plural's original is "msgid\0msgid_plural": it sorts, and matches, by its msgid.
        let order = original.withUnsafeBufferPointer { original in
          let name = UnsafeBufferPointer(rebasing: original[..<(original.firstIndex(of: 0) ?? original.endIndex)])
          let common = min(name.count, key.count)
          var compared: Int32 = 0
          if common > 0, let left = name.baseAddress, let right = key.baseAddress { compared = memcmp(left, right, common) }
          return compared != 0 ? Int(compared) : name.count - key.count
        }
        if order == 0 {
          guard let translation = string(translations, middle) else { return .damaged }
          return .found(translation.split(separator: 0, omittingEmptySubsequences: false))
        }
        if order < 0 { low = middle + 1 } else { high = middle }
      }
      return .missing
    }
  }
}
