import FoundationEssentials
import TallyPlatform

/// Reads an XML property list into ``PropertyListValue`` as Foundation's `PropertyListDecoder`
/// reads it, knowing each element's tag; it also refuses a `<dict>` with a repeated key and
/// nesting deeper than `PropertyListCodec.maximumDepth` (docs/persistence.md).
///
/// The first frame reads the store with it, so it is written for the XML Tally writes: the
/// fixed prologue is taken whole, and text without a reference is made from the bytes where
/// they are, ASCII without validation (docs/performance.md).
struct PropertyListFastReader {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0

  /// The value of the XML property list in `bytes`.
  static func value(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyListValue {
    let prologue: StaticString = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """
    var reader = PropertyListFastReader(bytes: bytes)
    if reader.take(prologue) { return try reader.plist(depth: 0) }
    _ = reader.take("\u{FEFF}")
    guard try reader.skipToTag(in: nil) else { throw reader.failure("an end tag before any element") }
    return try reader.value(depth: 0)
  }

  private enum Tag {
    case plist, dict, array, key, string, integer, real, `true`, `false`, data, date

    @inline(__always) var name: StaticString {
      switch self {
      case .plist: "plist"
      case .dict: "dict"
      case .array: "array"
      case .key: "key"
      case .string: "string"
      case .integer: "integer"
      case .real: "real"
      case .true: "true"
      case .false: "false"
      case .data: "data"
      case .date: "date"
      }
    }
  }

  /// The element whose start tag is at `index`, nested `depth` deep, with its end tag.
  private mutating func value(depth: Int) throws(PropertyListError) -> PropertyListValue {
    guard depth < PropertyListCodec.maximumDepth else {
      throw PropertyListError(reason: "nesting deeper than \(PropertyListCodec.maximumDepth) levels")
    }
    let start = index
    let (tag, isEmpty) = try startTag()
    switch tag {
    case .string, .key: return .string(try text(of: tag, isEmpty: isEmpty))
    case .true, .false:
      if !isEmpty { try endTag(tag) }
      return .bool(tag == .true)
    case .array:
      var elements: [PropertyListValue] = []
      guard !isEmpty else { return .array(elements) }
      while try skipToTag(in: tag) { elements.append(try value(depth: depth + 1)) }
      try endTag(tag)
      return .array(elements)
    case .dict:
      var entries: [String: PropertyListValue] = [:]
      guard !isEmpty else { return .dictionary(entries) }
      while try skipToTag(in: tag) {
        let keyStart = index
        let (keyTag, isEmptyKey) = try startTag()
        guard keyTag == .key else { throw failure("<\(keyTag.name)> where <dict> needs a <key>", at: keyStart) }
        let key = try text(of: .key, isEmpty: isEmptyKey)
        guard try skipToTag(in: tag) else { throw failure("<key> with no value", at: keyStart) }
        guard entries.updateValue(try value(depth: depth + 1), forKey: key) == nil else {
          throw PropertyListCodec.repeated(key, where: "on line \(line(at: keyStart))")
        }
      }
      try endTag(tag)
      return .dictionary(entries)
    case .plist:
      guard !isEmpty else { throw failure("an empty <plist/>", at: start) }
      return try plist(depth: depth)
    case .integer, .real, .data, .date:
      guard !isEmpty else { throw failure("an empty <\(tag.name)/>", at: start) }
      let textStart = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
      let text = UnsafeRawBufferPointer(rebasing: bytes[textStart..<index])
      try endTag(tag)
      let value: PropertyListValue? =
        switch tag {
        case .integer: Self.integer(text)
        case .real: Self.real(text).map(PropertyListValue.real)
        case .data: Self.data(text).map(PropertyListValue.data)
        default: Self.date(text).map(PropertyListValue.date)
        }
      guard let value else { throw failure("Invalid <\(tag.name)> value", at: start) }
      return value
    }
  }

  /// The one element in a `<plist>` whose start tag was taken, and its end tag.
  private mutating func plist(depth: Int) throws(PropertyListError) -> PropertyListValue {
    guard try skipToTag(in: .plist) else { throw failure("<plist> with no value") }
    let value = try value(depth: depth)
    guard try !skipToTag(in: .plist) else { throw failure("a second value in <plist>") }
    try endTag(.plist)
    return value
  }

  /// Skips whitespace, comments and processing instructions (and before the root a DOCTYPE)
  /// up to the next tag: `true` at a start tag, `false` at an end tag.
  private mutating func skipToTag(in parent: Tag?) throws(PropertyListError) -> Bool {
    while true {
      while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
      guard index + 1 < bytes.count else {
        throw failure(parent.map { "the document ends inside <\($0.name)>" } ?? "a document with no element")
      }
      guard bytes[index] == UInt8(ascii: "<") else {
        throw failure(parent == nil ? "neither an XML nor a binary property list" : "text outside an element")
      }
      switch bytes[index + 1] {
      case UInt8(ascii: "/"): return false
      case UInt8(ascii: "?"): try skip("<?", past: "?>", what: "a processing instruction")
      case UInt8(ascii: "!") where matches("<!--", at: index): try skip("<!--", past: "-->", what: "a comment")
      case UInt8(ascii: "!") where parent == nil && matches("<!DOCTYPE", at: index):
        // Foundation's reader has never taken a DTD inside the DOCTYPE.
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "[") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
          throw failure("a DOCTYPE with a DTD or no end", at: start)
        }
        index += 1
      case UInt8(ascii: "!"): throw failure("a declaration that is not a comment")
      default: return true
      }
    }
  }

  /// Skips `opening`, which is at `index`, and what follows it up to and past the first `end`.
  private mutating func skip(_ opening: StaticString, past end: StaticString, what: String) throws(PropertyListError) {
    let start = index
    index += opening.utf8CodeUnitCount
    while index < bytes.count, !matches(end, at: index) { index += 1 }
    guard index < bytes.count else { throw failure("\(what) with no end", at: start) }
    index += end.utf8CodeUnitCount
  }

  /// Takes the start tag at `index`: its element, and whether it is empty (`<true/>`).
  private mutating func startTag() throws(PropertyListError) -> (Tag, isEmpty: Bool) {
    let start = index + 1
    var end = start
    while end < bytes.count, !Self.isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "/") {
      end += 1
    }
    // The candidate by length and first letter, then every letter compared.
    let tag: Tag? =
      switch (end - start, bytes[start]) {
      case (3, UInt8(ascii: "k")): .key
      case (4, UInt8(ascii: "d")):
        bytes[start + 1] == UInt8(ascii: "i") ? .dict : bytes[start + 3] == UInt8(ascii: "a") ? .data : .date
      case (4, UInt8(ascii: "r")): .real
      case (4, UInt8(ascii: "t")): .true
      case (5, UInt8(ascii: "a")): .array
      case (5, UInt8(ascii: "f")): .false
      case (5, UInt8(ascii: "p")): .plist
      case (6, UInt8(ascii: "s")): .string
      case (7, UInt8(ascii: "i")): .integer
      default: nil
      }
    guard let tag, matches(tag.name, at: start) else {
      let name = TerminalText.escaped(String(decoding: bytes[start..<min(end, start + 20)], as: UTF8.self))
      throw failure("an unknown element <\(name)>")
    }
    // Attributes are skipped, as Foundation does, up to the first `>`.
    index = end
    while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
    guard index < bytes.count else { throw failure("<\(tag.name) with no end", at: start) }
    index += 1
    return (tag, bytes[index - 2] == UInt8(ascii: "/"))
  }

  /// Takes `</tag>`, with any whitespace before the `>`.
  private mutating func endTag(_ tag: Tag) throws(PropertyListError) {
    let start = index
    if take("</"), take(tag.name) {
      while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
      if index < bytes.count, bytes[index] == UInt8(ascii: ">") {
        index += 1
        return
      }
    }
    guard start < bytes.count else { throw failure("the document ends inside <\(tag.name)>", at: start) }
    guard matches("</", at: start) else { throw failure("<\(tag.name)> not closed by </\(tag.name)>", at: start) }
    // In Foundation's words, which people and scripts may know.
    let found = bytes[start..<min(start + 20, bytes.count)].prefix { $0 != UInt8(ascii: ">") }
    throw failure(
      "\(TerminalText.escaped(String(decoding: found, as: UTF8.self)))> does not match open tag \(tag.name)", at: start)
  }

  /// The text of a `<string>` or `<key>` whose start tag was taken, and its end tag.
  private mutating func text(of tag: Tag, isEmpty: Bool) throws(PropertyListError) -> String {
    if isEmpty { return "" }
    // Text without a reference or a CDATA section, as nearly all is, is made from the bytes
    // where they are, and ASCII, as nearly all of that is, without validation.
    let start = index
    var isASCII = true
    while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") {
      isASCII = isASCII && bytes[index] < 0x80
      index += 1
    }
    var text: String?
    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] != UInt8(ascii: "!") {
      let plain = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
      text = isASCII ? String(decoding: plain, as: UTF8.self) : String(validating: plain, as: UTF8.self)
    } else {
      index = start
      text = String(validating: try unescapedText(), as: UTF8.self)
    }
    guard let text else { throw failure("<\(tag.name)> that is not UTF-8", at: start) }
    try endTag(tag)
    return text
  }

  /// The bytes of text up to the next tag, with references replaced and CDATA sections opened.
  private mutating func unescapedText() throws(PropertyListError) -> [UInt8] {
    var text: [UInt8] = []
    while index < bytes.count {
      let start = index
      switch bytes[index] {
      case UInt8(ascii: "<"):
        guard matches("<!", at: index) else { return text }
        guard take("<![CDATA[") else { throw failure("a comment or declaration inside text") }
        while index < bytes.count, !matches("]]>", at: index) { index += 1 }
        guard index < bytes.count else { throw failure("a CDATA section with no end", at: start) }
        text += bytes[start + 9..<index]
        index += 3
      case UInt8(ascii: "&"):
        index += 1
        let entities: [(name: StaticString, byte: UInt8)] = [
          ("lt;", UInt8(ascii: "<")), ("gt;", UInt8(ascii: ">")), ("amp;", UInt8(ascii: "&")),
          ("quot;", UInt8(ascii: "\"")), ("apos;", UInt8(ascii: "'")),
        ]
        if let entity = entities.first(where: { matches($0.name, at: index) }) {
          text.append(entity.byte)
          index += entity.name.utf8CodeUnitCount
        } else if take("#") {
          // As Foundation: decimal, or hexadecimal after a lowercase x, at most 8 digits.
          let radix: UInt32 = take("x") ? 16 : 10
          var value: UInt32 = 0
          var digits = 0
          while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
            guard digits < 8, let digit = Self.digit(bytes[index]), digit < radix else { break }
            value = value &* radix &+ digit
            digits += 1
            index += 1
          }
          guard index < bytes.count, bytes[index] == UInt8(ascii: ";"), let scalar = Unicode.Scalar(value) else {
            throw failure("a character reference that is not a character", at: start)
          }
          index += 1
          UTF8.encode(scalar) { text.append($0) }
        } else {
          throw failure("a reference other than &lt; &gt; &amp; &quot; &apos; or &#…;", at: start)
        }
      case let byte:
        text.append(byte)
        index += 1
      }
    }
    return text
  }

  /// An `<integer>` as Foundation reads it: whitespace, a sign, whitespace, then decimal digits
  /// or `0x` and hexadecimal ones; `Int64` when it fits, else `UInt64`.
  private static func integer(_ text: UnsafeRawBufferPointer) -> PropertyListValue? {
    var index = skipIntegerSpace(text, from: 0)
    let isNegative = index < text.count && text[index] == UInt8(ascii: "-")
    if index < text.count, isNegative || text[index] == UInt8(ascii: "+") { index = skipIntegerSpace(text, from: index + 1) }
    var radix: UInt64 = 10
    if index + 1 < text.count, text[index] == UInt8(ascii: "0"), text[index + 1] | 0x20 == UInt8(ascii: "x") {
      radix = 16
      index += 2
    }
    guard index < text.count else { return nil }
    var magnitude: UInt64 = 0
    for byte in text[index...] {
      guard let digit = digit(byte), UInt64(digit) < radix else { return nil }
      let (product, overflow) = magnitude.multipliedReportingOverflow(by: radix)
      let (sum, carry) = product.addingReportingOverflow(UInt64(digit))
      guard !overflow, !carry else { return nil }
      magnitude = sum
    }
    guard isNegative else { return PropertyListValue(unsigned: magnitude) }
    return magnitude <= 1 << 63 ? .integer(Int64(bitPattern: 0 &- magnitude)) : nil
  }

  /// Skips what Foundation skips around an integer's sign: bytes up to the space, DEL to
  /// U+00A0's bytes, and whitespace scalars.
  private static func skipIntegerSpace(_ text: UnsafeRawBufferPointer, from start: Int) -> Int {
    var index = start
    while index < text.count {
      let byte = text[index]
      if byte < 0x21 || (0x7F...0xA0).contains(byte) {
        index += 1
        continue
      }
      var bytes = text[index...].makeIterator()
      var decoder = UTF8()
      guard byte > 0xA0, case .scalarValue(let scalar) = decoder.decode(&bytes), scalar.properties.isWhitespace else { break }
      index += UTF8.width(scalar)
    }
    return index
  }

  /// A `<real>` as Foundation reads it with `strtod`: leading whitespace, `inf`, `infinity` and
  /// `nan` in any case, but no hexadecimal (an `x` after signs, spaces and zeros).
  private static func real(_ text: UnsafeRawBufferPointer) -> Double? {
    let first = text.first { !" \t\n\r+-0".utf8.contains($0) }
    guard first.map({ $0 | 0x20 }) != UInt8(ascii: "x"), !text.contains(0) else { return nil }
    let start = text.firstIndex { $0 != 0x20 && !(0x09...0x0D).contains($0) } ?? text.count
    return Double(String(decoding: text[start...], as: UTF8.self))
  }

  /// A `<data>`'s base 64 as Foundation reads it: characters outside the alphabet skipped, `=`
  /// counted as padding until whitespace, a byte above 0x7F refused.
  private static func data(_ text: UnsafeRawBufferPointer) -> Data? {
    var data = Data()
    var bits: UInt32 = 0
    var count = 0
    var padding = 0
    for byte in text {
      let value: UInt8
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      case UInt8(ascii: "="):
        padding += 1
        value = 0
      case 0x80...: return nil
      default:
        if byte == 0x20 || (0x09...0x0D).contains(byte) { padding = 0 }
        continue
      }
      bits = bits << 6 | UInt32(value)
      count += 1
      if count % 4 == 0 {
        for shift in [16, 8, 0].prefix(3 - min(padding, 2)) { data.append(UInt8(truncatingIfNeeded: bits >> shift)) }
      }
    }
    return data
  }

  /// A `<date>` as Foundation reads it: `yyyy-MM-ddTHH:mm:ssZ` (any number of year digits after
  /// an ignored minus), through the ISO 8601 calendar, which also takes `2024-13-01` as the
  /// next January and dates before 1582 as Julian.
  private static func date(_ text: UnsafeRawBufferPointer) -> Date? {
    var index = text.first == UInt8(ascii: "-") ? 1 : 0
    var year = 0
    while index < text.count, let digit = digit(text[index]), digit < 10 {
      let (product, overflow) = year.multipliedReportingOverflow(by: 10)
      guard !overflow, product <= Int.max - 9 else { return nil }
      year = product + Int(digit)
      index += 1
    }
    var parts = [year]
    for separator in "--T::Z".utf8 {
      guard index < text.count, text[index] == separator else { return nil }
      index += 1
      guard separator != UInt8(ascii: "Z") else { break }
      guard index + 2 <= text.count, let tens = digit(text[index]), let ones = digit(text[index + 1]), tens < 10, ones < 10
      else { return nil }
      parts.append(Int(tens * 10 + ones))
      index += 2
    }
    guard index == text.count, parts.count == 6 else { return nil }
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = .gmt
    return calendar.date(
      from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5]))
  }

  private static func digit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  @inline(__always) private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  @inline(__always) private func matches(_ text: StaticString, at position: Int) -> Bool {
    let count = text.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] { return false }
    return true
  }

  @inline(__always) private mutating func take(_ text: StaticString) -> Bool {
    guard matches(text, at: index) else { return false }
    index += text.utf8CodeUnitCount
    return true
  }

  private func line(at position: Int) -> Int {
    bytes[..<min(position, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
  }

  /// An error that says `what` is wrong, and on which line.
  private func failure(_ what: String, at position: Int? = nil) -> PropertyListError {
    PropertyListError(reason: "\(what) on line \(line(at: position ?? index))")
  }
}
