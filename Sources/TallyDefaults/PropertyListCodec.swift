import FoundationEssentials
import TallyPlatform

/// Reads and writes property lists: XML and binary read, XML written.
///
/// The readers (`PropertyListFastReader`, `BinaryPropertyListReader`) tell each value's kind,
/// as Foundation's decoder cannot; a scalar XML cannot carry is written as U+FFFD. Why, and
/// what they refuse beyond Foundation: docs/persistence.md.
public enum PropertyListCodec {
  /// The deepest nesting of arrays and dictionaries a document may have.
  public static let maximumDepth = 256

  /// Reads a whole document, XML or binary, whose root is a dictionary.
  public static func decode(_ bytes: some Collection<UInt8>) throws(PropertyListError) -> [String: PropertyListValue] {
    // Foundation's decoder reads a blank file as an empty dictionary; it holds no store.
    guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
      throw PropertyListError(reason: "the file is blank")
    }
    let root = try decodeValue(bytes)
    guard case .dictionary(let entries) = root else {
      throw PropertyListError(reason: "the root of the property list is <\(root.kind.rawValue)>, not <dict>")
    }
    return entries
  }

  private static func decodeValue(_ bytes: some Collection<UInt8>) throws(PropertyListError) -> PropertyListValue {
    if let utf8 = try utf8(fromUTF16: bytes) { return try decodeValue(utf8) }
    let read = { (bytes: UnsafeRawBufferPointer) in
      Result { () throws(PropertyListError) in
        try bytes.starts(with: "bplist".utf8)
          ? BinaryPropertyListReader.value(bytes) : PropertyListFastReader.value(bytes)
      }
    }
    return try (bytes.withContiguousStorageIfAvailable { read(UnsafeRawBufferPointer($0)) } ?? Array(bytes).withUnsafeBytes(read))
      .get()
  }

  /// An XML document in UTF-16, told by its byte-order mark (either order), as UTF-8, as
  /// Foundation reads one; `nil` for any other document.
  private static func utf8(fromUTF16 bytes: some Collection<UInt8>) throws(PropertyListError) -> [UInt8]? {
    let mark = Array(bytes.prefix(2))
    guard mark == [0xFF, 0xFE] || mark == [0xFE, 0xFF] else { return nil }
    var units: [UInt16] = []
    var byte = bytes.dropFirst(2).makeIterator()
    while let first = byte.next() {
      guard let second = byte.next() else { throw PropertyListError(reason: "UTF-16 with an odd number of bytes") }
      units.append(mark[0] == 0xFF ? UInt16(second) << 8 | UInt16(first) : UInt16(first) << 8 | UInt16(second))
    }
    var utf8: [UInt8] = []
    let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { utf8.append($0) }
    guard !failed else { throw PropertyListError(reason: "UTF-16 that is not text (a lone surrogate)") }
    return utf8
  }

  /// The error for a `<dict>` that holds `key` twice, found `place` ("on line 3").
  static func repeated(_ key: String, where place: String) -> PropertyListError {
    PropertyListError(
      reason: "the key \"\(TerminalText.escaped(String(key.prefix(40))))\" \(place) repeats another of its <dict>, "
        + "perhaps in another Unicode normalisation, so a value would be lost")
  }

  /// A complete XML document whose root is `dictionary`, keys sorted.
  public static func encode(_ dictionary: [String: PropertyListValue]) -> String {
    xml(.dictionary(dictionary).writable)
  }

  /// A single value as an XML fragment, such as `<integer>12</integer>`.
  public static func fragment(_ value: PropertyListValue) -> String {
    // The value as the one element of an array: between "<array>\n\t" and "\n</array>".
    let document = xml(.array([value.writable]))
    guard let open = document.firstRange(of: "<array>\n\t"), let close = document.ranges(of: "\n</array>").last,
      open.upperBound <= close.lowerBound
    else { return "" }
    return String(document[open.upperBound..<close.lowerBound])
  }

  /// Reads a single value written as an XML fragment, as swift-user-defaults' `ValueContainer`
  /// writes launch arguments: `<integer>12</integer>`.
  public static func decodeFragment(_ text: String) throws(PropertyListError) -> PropertyListValue {
    let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><array>\(text)</array></plist>"
    let root = try decodeValue(document.utf8)
    guard case .array(let values) = root, values.count == 1, let value = values.first else {
      let count = if case .array(let values) = root { values.count } else { 0 }
      throw PropertyListError(reason: "expected one value, found \(count)")
    }
    return value
  }

  private static func xml(_ value: PropertyListValue) -> String {
    if let document = PropertyListFastWriter.document(value) { return String(decoding: document, as: UTF8.self) }
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    // Only NUL makes the encoder throw, and `writable` has replaced it.
    guard let data = try? encoder.encode(value) else { return "" }
    return String(decoding: data, as: UTF8.self)
  }
}

/// Why a property list could not be read.
public struct PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in words a user can act on.
  public var reason: String

  /// An error that says `reason`.
  public init(reason: String) {
    self.reason = reason
  }

  public var description: String { reason }
}

extension PropertyListValue {
  /// Whether XML 1.0 can carry `scalar`: not a control character other than tab, line feed
  /// and carriage return, and not the noncharacters U+FFFE and U+FFFF.
  public static func isWritable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: true
    case 0..<0x20, 0xFFFE, 0xFFFF: false
    default: true
    }
  }

  /// The first scalar in a string of this value (or a key) that XML cannot carry, if any.
  public var unwritableScalar: Unicode.Scalar? {
    switch self {
    case .string(let text): text.unicodeScalars.first { !Self.isWritable($0) }
    case .array(let values): values.lazy.compactMap(\.unwritableScalar).first
    case .dictionary(let entries):
      entries.lazy.compactMap { PropertyListValue.string($0.key).unwritableScalar ?? $0.value.unwritableScalar }.first
    default: nil
    }
  }

  /// The value with every scalar XML cannot carry replaced by U+FFFD.
  fileprivate var writable: PropertyListValue {
    guard unwritableScalar != nil else { return self }
    switch self {
    case .string(let text): return .string(Self.writable(text))
    case .array(let values): return .array(values.map(\.writable))
    case .dictionary(let entries):
      return .dictionary(Dictionary(entries.map { (Self.writable($0.key), $0.value.writable) }) { first, _ in first })
    default: return self
    }
  }

  private static func writable(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { isWritable($0) ? $0 : "\u{FFFD}" }))
  }
}

extension PropertyListValue: Encodable {
  /// Writes the value as its property-list element, for `PropertyListEncoder`, which writes the
  /// documents `PropertyListFastWriter` leaves to it (those with data or dates).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .unsignedInteger(let value): try container.encode(value)
    case .real(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .data(let value): try container.encode(value)
    case .date(let value): try container.encode(value)
    case .array(let values): try container.encode(values)
    case .dictionary(let entries): try container.encode(entries)
    }
  }
}

extension String {
  /// The string without leading and trailing XML whitespace (space, tab, CR, LF).
  package func trimmingXMLWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
    return String(self[first...last])
  }
}
