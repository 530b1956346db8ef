#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads and writes property lists with FoundationEssentials' `PropertyListDecoder` and
/// `PropertyListEncoder`: XML written; XML and binary read, as Foundation reads them.
///
/// For speed, what Tally stores is written by `PropertyListFastWriter` and read back by
/// `PropertyListFastReader`, byte for byte as Foundation would.
///
/// Three fixes sit on top of Foundation's codec (docs/persistence.md). Its decoder keeps one
/// of two keys that differ only in Unicode normalisation (Swift's `String` compares them
/// equal), so a document whose `<key>` elements outnumber the keys read is refused: the store
/// then moves it aside rather than lose a value. Its XML reader recurses once per level, so
/// nesting deeper than ``maximumDepth`` is refused before it overflows the stack. Its encoder
/// writes control characters and noncharacters raw, which strict XML readers refuse for the
/// whole file, so such a scalar is written as U+FFFD (the stores refuse such strings; this
/// only guards values read from elsewhere). And for speed, the XML Tally writes is read by
/// `PropertyListFastReader` first; anything else goes to Foundation's decoder.
public enum PropertyListCodec {
  /// The deepest nesting of arrays and dictionaries an XML document may have.
  public static let maximumDepth = 256

  /// Reads a whole document, XML or binary, whose root is a dictionary.
  public static func decode(_ bytes: some Collection<UInt8>) throws(PropertyListError) -> [String: PropertyListValue] {
    // Foundation's decoder reads a blank file as an empty dictionary; it holds no store.
    guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
      throw PropertyListError(reason: "the file is blank")
    }
    let root = try decodeValue(Data(bytes))
    guard case .dictionary(let entries) = root else {
      throw PropertyListError(reason: "the root of the property list is <\(root.typeName)>, not <dict>")
    }
    return entries
  }

  private static func decodeValue(_ data: Data) throws(PropertyListError) -> PropertyListValue {
    if let value = data.withUnsafeBytes({ PropertyListFastReader.read($0) }) { return value }
    let isXML = !data.starts(with: Array("bplist".utf8))
    if !isXML {
      // Foundation's binary reader follows shared and nested references without a limit.
      if let problem = data.withUnsafeBytes({ BinaryPropertyListBounds.problem($0, maximumDepth: maximumDepth) }) {
        throw problem
      }
    }
    let scanned = isXML ? scanXML(data) : (keys: 0, depth: 0)
    // Foundation's XML reader recurses once per level and would overflow the stack.
    guard scanned.depth <= maximumDepth else {
      throw PropertyListError(reason: "nesting deeper than \(maximumDepth) levels")
    }
    let root: PropertyListValue
    do {
      root = try PropertyListDecoder().decode(PropertyListValue.self, from: data)
    } catch {
      throw PropertyListError(error)
    }
    if isXML, scanned.keys > root.keyCount {
      throw PropertyListError(
        reason: "\(scanned.keys - root.keyCount) <key> elements repeat another key of their <dict>, "
          + "perhaps in another Unicode normalisation, so a value would be lost")
    }
    return root
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
    let root = try decodeValue(Data(document.utf8))
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

  /// How many `<key>` elements an XML document holds, and its deepest nesting of `<array>`
  /// and `<dict>` elements.
  private static func scanXML(_ data: Data) -> (keys: Int, depth: Int) {
    data.withUnsafeBytes { bytes in
      var keys = 0
      var depth = 0
      var deepest = 0
      var index = 0
      func follows(_ text: StaticString) -> Bool {
        guard index + text.utf8CodeUnitCount < bytes.count else { return false }
        for offset in 0..<text.utf8CodeUnitCount where bytes[index + 1 + offset] != text.utf8Start[offset] { return false }
        return true
      }
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "<") {
          if follows("key>") {
            keys += 1
          } else if follows("array>") || follows("dict>") {
            depth += 1
            deepest = max(deepest, depth)
          } else if follows("/array>") || follows("/dict>") {
            depth -= 1
          }
        }
        index += 1
      }
      return (keys, deepest)
    }
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

  init(_ error: any Error) {
    switch error {
    case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
      let underlying = (context.underlyingError as? CocoaError)?.userInfo["NSDebugDescription"] as? String
      reason = underlying ?? context.debugDescription
    default:
      reason = "\(error)"
    }
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

  /// How many keys the dictionaries in this value hold, nested ones included.
  fileprivate var keyCount: Int {
    switch self {
    case .array(let values): values.reduce(0) { $0 + $1.keyCount }
    case .dictionary(let entries): entries.reduce(entries.count) { $0 + $1.value.keyCount }
    default: 0
    }
  }
}

extension PropertyListValue: Codable {
  /// Reads any property-list value.
  ///
  /// The decoder's type-mismatch message names the element it found ("an integer", "a real number"), which tells `<real>2</real>` from `<integer>2`.
  public init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    let found: String
    do {
      self = .string(try single.decode(String.self))
      return
    } catch DecodingError.typeMismatch(_, let context) {
      // "Expected to decode String but found an integer instead.": the words after "found".
      // Compared as bytes: `String.contains` costs tens of thousands of instructions a call.
      let words = context.debugDescription.utf8.split(separator: UInt8(ascii: " "))
      let start = (words.lastIndex { $0.elementsEqual("found".utf8) } ?? words.endIndex - 1) + 1
      found = words[start..<max(start, words.endIndex - 1)].map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }
    if found == "a dictionary" {
      let container = try decoder.container(keyedBy: AnyKey.self)
      var entries: [String: PropertyListValue] = [:]
      entries.reserveCapacity(container.allKeys.count)
      for key in container.allKeys { entries[key.stringValue] = try container.decode(PropertyListValue.self, forKey: key) }
      self = .dictionary(entries)
    } else if found == "an array" {
      var container = try decoder.unkeyedContainer()
      var elements: [PropertyListValue] = []
      while !container.isAtEnd { elements.append(try container.decode(PropertyListValue.self)) }
      self = .array(elements)
    } else if found == "an integer" {
      if let value = try? single.decode(Int64.self) {
        self = .integer(value)
      } else {
        self = .unsignedInteger(try single.decode(UInt64.self))
      }
    } else if found == "a real number" {
      self = .real(try single.decode(Double.self))
    } else if found == "a boolean" {
      self = .bool(try single.decode(Bool.self))
    } else if found == "a data value" {
      self = .data(try single.decode(Data.self))
    } else if found == "a date" {
      self = .date(try single.decode(Date.self))
    } else {
      throw DecodingError.dataCorruptedError(in: single, debugDescription: "not a property-list value: \(found)")
    }
  }

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

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
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
