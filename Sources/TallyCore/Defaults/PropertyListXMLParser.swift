#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A small recursive-descent reader for the property-list subset of XML.
///
/// It accepts what Apple's writer and `PropertyListXML` produce: an optional XML
/// declaration, DOCTYPE and comments, `<plist>`, and the value elements with entity and
/// character references and CDATA in text. Anything else is an error with a byte offset,
/// never a crash, and nesting deeper than `PropertyListXML.maximumDepth` is refused.
struct PropertyListXMLParser {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  private enum TagKind { case open, close, empty }
  private struct Tag {
    var name: String
    var kind: TagKind
    var offset: Int
  }

  mutating func parseDocument() throws(PropertyListXMLError) -> PropertyListValue {
    // A property list is UTF-8 throughout, its prologue included.
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw PropertyListXMLError("the file is not valid UTF-8", at: Self.firstInvalidUTF8(in: bytes))
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    try checkDeclaration()
    try skipMarkup()
    let open = try readTag()
    guard open.name == "plist", open.kind == .open else {
      throw PropertyListXMLError("expected <plist>, found <\(open.name)>", at: open.offset)
    }
    let value = try parseValue(depth: 0)
    try skipMarkup()
    let close = try readTag()
    guard close.name == "plist", close.kind == .close else {
      throw PropertyListXMLError("expected </plist>, found <\(close.name)>", at: close.offset)
    }
    try skipMarkup()
    guard index == bytes.count else {
      throw PropertyListXMLError("unexpected content after </plist>", at: index)
    }
    return value
  }

  mutating func parseFragment() throws(PropertyListXMLError) -> PropertyListValue {
    let value = try parseValue(depth: 0)
    try skipMarkup()
    guard index == bytes.count else {
      throw PropertyListXMLError("unexpected content after the value", at: index)
    }
    return value
  }

  // MARK: Values

  private mutating func parseValue(depth: Int) throws(PropertyListXMLError) -> PropertyListValue {
    guard depth < PropertyListXML.maximumDepth else {
      throw PropertyListXMLError(
        "nesting deeper than \(PropertyListXML.maximumDepth) levels", at: index)
    }
    try skipMarkup()
    let tag = try readTag()
    guard tag.kind != .close else {
      throw PropertyListXMLError("unexpected </\(tag.name)>", at: tag.offset)
    }
    switch tag.name {
    case "true", "false":
      if tag.kind == .open { try expectClose(tag.name) }
      return .bool(tag.name == "true")
    case "integer":
      let text = try readText(of: tag)
      return try integer(from: text, at: tag.offset)
    case "real":
      let text = try readText(of: tag)
      return try real(from: text, at: tag.offset)
    case "string":
      return .string(try readText(of: tag, trimming: false))
    case "date":
      let text = try readText(of: tag)
      guard let date = PropertyListDate.date(from: text) else {
        throw PropertyListXMLError("<date> holds \"\(Self.excerpt(text))\", not an ISO 8601 UTC date", at: tag.offset)
      }
      return .date(date)
    case "data":
      let text = try readText(of: tag).filter { !$0.isWhitespace }
      guard let data = Data(base64Encoded: text) else {
        throw PropertyListXMLError("<data> does not hold valid base64", at: tag.offset)
      }
      return .data(data)
    case "array":
      var elements: [PropertyListValue] = []
      if tag.kind == .empty { return .array(elements) }
      while true {
        try skipMarkup()
        if peekCloseTag() {
          try expectClose("array")
          return .array(elements)
        }
        elements.append(try parseValue(depth: depth + 1))
      }
    case "dict":
      var entries: [String: PropertyListValue] = [:]
      if tag.kind == .empty { return .dictionary(entries) }
      while true {
        try skipMarkup()
        if peekCloseTag() {
          try expectClose("dict")
          return .dictionary(entries)
        }
        let keyTag = try readTag()
        guard keyTag.name == "key", keyTag.kind != .close else {
          throw PropertyListXMLError("expected <key> in <dict>, found <\(keyTag.name)>", at: keyTag.offset)
        }
        let key = try readText(of: keyTag, trimming: false)
        entries[key] = try parseValue(depth: depth + 1)
      }
    default:
      throw PropertyListXMLError("unknown element <\(tag.name)>", at: tag.offset)
    }
  }

  private func integer(from text: String, at offset: Int) throws(PropertyListXMLError) -> PropertyListValue {
    let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
    if let value = Int64(digits) { return .integer(value) }
    if let value = UInt64(digits) { return PropertyListValue(unsigned: value) }
    let isNumeral =
      !digits.isEmpty
      && digits.drop(while: { $0 == "-" }).allSatisfy { $0.isASCII && $0.isNumber }
    if isNumeral && digits.filter({ $0 == "-" }).count <= 1 {
      throw PropertyListXMLError(
        "<integer>\(Self.excerpt(text))</integer> is out of range (\(Int64.min) to \(UInt64.max))", at: offset)
    }
    throw PropertyListXMLError("<integer> holds \"\(Self.excerpt(text))\", not a whole number", at: offset)
  }

  private func real(from text: String, at offset: Int) throws(PropertyListXMLError) -> PropertyListValue {
    switch text.lowercased() {
    case "nan": return .real(.nan)
    case "+infinity", "infinity", "inf", "+inf": return .real(.infinity)
    case "-infinity", "-inf": return .real(-.infinity)
    default:
      guard let value = Double(text) else {
        throw PropertyListXMLError("<real> holds \"\(Self.excerpt(text))\", not a number", at: offset)
      }
      return .real(value)
    }
  }

  // MARK: Markup

  /// A leading `<?xml ...?>` may only say version 1.0, UTF-8 and standalone.
  private mutating func checkDeclaration() throws(PropertyListXMLError) {
    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    guard has("<?xml") else { return }
    let start = index
    try skip(past: "?>")
    let text = String(decoding: bytes[(start + 5)..<(index - 2)], as: UTF8.self)
    var attributes: [String: String] = [:]
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      guard !rest.isEmpty else { break }
      guard let equals = rest.firstIndex(of: "="), let quote = rest[rest.index(after: equals)...].first,
        quote == "\"" || quote == "'"
      else { throw PropertyListXMLError("malformed XML declaration", at: start) }
      let name = String(rest[..<equals])
      let valueStart = rest.index(equals, offsetBy: 2)
      guard let valueEnd = rest[valueStart...].firstIndex(of: quote) else {
        throw PropertyListXMLError("malformed XML declaration", at: start)
      }
      attributes[name] = String(rest[valueStart..<valueEnd])
      rest = rest[rest.index(after: valueEnd)...]
    }
    guard Set(attributes.keys).isSubset(of: ["version", "encoding", "standalone"]), attributes["version"] == "1.0",
      attributes["encoding"].map({ $0.lowercased() == "utf-8" }) ?? true
    else {
      throw PropertyListXMLError("the XML declaration must say version 1.0 and UTF-8", at: start)
    }
  }

  /// The offset of the first byte that does not begin a valid UTF-8 character.
  private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
      guard length > 0, index + length <= bytes.count,
        String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil
      else { return index }
      index += length
    }
    return index
  }

  /// At most 40 characters of `text`, for messages.
  static func excerpt(_ text: String) -> String {
    text.count > 40 ? String(text.prefix(37)) + "..." : text
  }

  /// Skips whitespace, comments, processing instructions and the DOCTYPE.
  private mutating func skipMarkup() throws(PropertyListXMLError) {
    while true {
      while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
      if has("<?") {
        try skip(past: "?>")
      } else if has("<!--") {
        try skipComment()
      } else if has("<!DOCTYPE") {
        try skip(past: ">")
      } else {
        return
      }
    }
  }

  /// Skips a comment, at `<!--`; XML allows no `--` inside one.
  private mutating func skipComment() throws(PropertyListXMLError) {
    let start = index
    index += 4
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") {
        guard index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: ">") else {
          throw PropertyListXMLError("a comment holds \"--\"", at: index)
        }
        index += 3
        return
      }
      index += 1
    }
    throw PropertyListXMLError("\"-->\" never comes", at: start)
  }

  private mutating func skip(past terminator: String) throws(PropertyListXMLError) {
    let start = index
    let pattern = Array(terminator.utf8)
    while index + pattern.count <= bytes.count {
      if bytes[index..<index + pattern.count].elementsEqual(pattern) {
        index += pattern.count
        return
      }
      index += 1
    }
    throw PropertyListXMLError("\"\(terminator)\" never comes", at: start)
  }

  private func has(_ prefix: String) -> Bool {
    var position = index
    for byte in prefix.utf8 {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
    }
    return true
  }

  private func peekCloseTag() -> Bool { has("</") }

  private mutating func readTag() throws(PropertyListXMLError) -> Tag {
    let start = index
    guard index < bytes.count else {
      throw PropertyListXMLError("the input ends where an element was expected", at: index)
    }
    guard bytes[index] == UInt8(ascii: "<") else {
      throw PropertyListXMLError("expected an element such as <string>, found text", at: index)
    }
    index += 1
    var kind = TagKind.open
    if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
      kind = .close
      index += 1
    }
    let nameStart = index
    while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    guard !name.isEmpty else {
      throw PropertyListXMLError("malformed tag", at: start)
    }
    // Attributes (such as `version="1.0"`) are skipped; quoted values may hold `>`.
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
        guard kind == .open else { throw PropertyListXMLError("malformed tag </\(name)/>", at: start) }
        index += 2
        return Tag(name: name, kind: .empty, offset: start)
      } else if byte == UInt8(ascii: ">") {
        index += 1
        return Tag(name: name, kind: kind, offset: start)
      } else if byte == UInt8(ascii: "<") {
        break
      }
      index += 1
    }
    throw PropertyListXMLError("the tag <\(name)> is not closed with >", at: start)
  }

  private mutating func expectClose(_ name: String) throws(PropertyListXMLError) {
    try skipMarkup()
    let tag = try readTag()
    guard tag.kind == .close, tag.name == name else {
      let found = tag.kind == .close ? "</\(tag.name)>" : "<\(tag.name)>"
      throw PropertyListXMLError("expected </\(name)>, found \(found)", at: tag.offset)
    }
  }

  /// Reads the text of an element up to its closing tag, decoding references and CDATA.
  private mutating func readText(of tag: Tag, trimming: Bool = true) throws(PropertyListXMLError) -> String {
    if tag.kind == .empty { return "" }
    var raw: [UInt8] = []
    while true {
      guard index < bytes.count else {
        throw PropertyListXMLError("<\(tag.name)> is never closed", at: tag.offset)
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        if has("<![CDATA[") {
          index += 9
          let start = index
          try skip(past: "]]>")
          raw.append(contentsOf: bytes[start..<(index - 3)])
          continue
        }
        if has("<!--") {
          try skipComment()
          continue
        }
        break
      }
      if byte == UInt8(ascii: "&") {
        raw.append(contentsOf: try readReference())
        continue
      }
      raw.append(byte)
      index += 1
    }
    try expectClose(tag.name)
    guard let text = String(validating: raw, as: UTF8.self) else {
      throw PropertyListXMLError("<\(tag.name)> holds text that is not valid UTF-8", at: tag.offset)
    }
    return trimming ? text.trimmingXMLWhitespace() : text
  }

  private mutating func readReference() throws(PropertyListXMLError) -> [UInt8] {
    let start = index
    index += 1
    let nameStart = index
    while index < bytes.count, bytes[index] != UInt8(ascii: ";"), index - nameStart < 12 {
      index += 1
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
      throw PropertyListXMLError("an & that does not begin a reference such as &amp;", at: start)
    }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    index += 1
    switch name {
    case "amp": return [UInt8(ascii: "&")]
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default:
      var number: UInt32?
      if name.hasPrefix("#x") || name.hasPrefix("#X") {
        number = UInt32(name.dropFirst(2), radix: 16)
      } else if name.hasPrefix("#") {
        number = UInt32(name.dropFirst(1))
      }
      guard let number, let scalar = Unicode.Scalar(number) else {
        throw PropertyListXMLError("unknown reference &\(name);", at: start)
      }
      return Array(String(Character(scalar)).utf8)
    }
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
      || byte == UInt8(ascii: ".")
  }
}

extension String {
  /// The string without leading and trailing XML whitespace (space, tab, CR, LF).
  func trimmingXMLWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
