/// Reads the XML that `PropertyListCodec.encode` writes, and nothing else, without Foundation's
/// decoder: the one fix on top of it for speed (docs/persistence.md has the figures).
///
/// The first frame reads the store, and the first use of `PropertyListDecoder` costs about a
/// million instructions of generic metadata (0.5 ms, past the first-frame target). This reader
/// takes the elements Tally writes (`dict`, `array`, `key`, `string`, `integer`, `real`,
/// `true`, `false`) with `&lt;`, `&gt;` and `&amp;` in text, and returns `nil` on anything
/// else (data, a date, a comment, another reference, a binary property list), which then goes
/// to `PropertyListDecoder`. Tests compare the two on every value Tally stores.
struct PropertyListFastReader {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0

  static func read(_ bytes: UnsafeRawBufferPointer) -> PropertyListValue? {
    let prologue: StaticString = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """
    var reader = PropertyListFastReader(bytes: bytes)
    guard reader.take(prologue), let value = reader.value(depth: 0), reader.take("\n</plist>\n"),
      reader.index == bytes.count
    else { return nil }
    return value
  }

  private init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  private mutating func value(depth: Int) -> PropertyListValue? {
    guard depth < PropertyListCodec.maximumDepth else { return nil }
    while index < bytes.count, bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\n") { index += 1 }
    if take("<string>") { return text(until: "</string>").map(PropertyListValue.string) }
    if take("<integer>") {
      guard let digits = text(until: "</integer>") else { return nil }
      if let value = Int64(digits) { return .integer(value) }
      return UInt64(digits).map(PropertyListValue.unsignedInteger)
    }
    if take("<real>") {
      // As the writer writes them: `description` (without `.0`), or ±infinity.
      guard let text = text(until: "</real>") else { return nil }
      switch text {
      case "+infinity": return .real(.infinity)
      case "-infinity": return .real(-.infinity)
      default: return Double(text).map(PropertyListValue.real)
      }
    }
    if take("<true/>") { return .bool(true) }
    if take("<false/>") { return .bool(false) }
    if take("<array/>") { return .array([]) }
    if take("<dict/>") { return .dictionary([:]) }
    if take("<array>") {
      var elements: [PropertyListValue] = []
      while !closes("</array>") {
        guard let element = value(depth: depth + 1) else { return nil }
        elements.append(element)
      }
      return .array(elements)
    }
    if take("<dict>") {
      var entries: [String: PropertyListValue] = [:]
      while !closes("</dict>") {
        guard skipWhitespace(), take("<key>"), let key = text(until: "</key>"), let element = value(depth: depth + 1),
          entries.updateValue(element, forKey: key) == nil
        else { return nil }
      }
      return .dictionary(entries)
    }
    return nil
  }

  /// Skips tabs and newlines, then takes `tag` if it comes next.
  private mutating func closes(_ tag: StaticString) -> Bool {
    _ = skipWhitespace()
    return take(tag) || index >= bytes.count
  }

  private mutating func skipWhitespace() -> Bool {
    while index < bytes.count, bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\n") { index += 1 }
    return true
  }

  private mutating func take(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
    index += count
    return true
  }

  /// The text up to `end`, which is taken; `nil` for a reference other than the three the
  /// encoder writes, a `<` that does not begin `end`, or invalid UTF-8.
  private mutating func text(until end: StaticString) -> String? {
    // Text without a reference, as nearly all is, is made from the bytes where they are.
    // ASCII, as nearly all of that is, needs no validation: `String(validating:)` is generic
    // in the standard library, about 700 instructions of metadata lookups a string.
    let start = index
    var isASCII = true
    while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") {
      isASCII = isASCII && bytes[index] < 0x80
      index += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
      let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
      guard take(end) else { return nil }
      return isASCII ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
    }
    index = start
    var text: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        guard take(end) else { return nil }
        return String(validating: text, as: UTF8.self)
      }
      if byte == UInt8(ascii: "&") {
        if take("&lt;") {
          text.append(UInt8(ascii: "<"))
        } else if take("&gt;") {
          text.append(UInt8(ascii: ">"))
        } else if take("&amp;") {
          text.append(UInt8(ascii: "&"))
        } else {
          return nil
        }
        continue
      }
      text.append(byte)
      index += 1
    }
    return nil
  }
}
