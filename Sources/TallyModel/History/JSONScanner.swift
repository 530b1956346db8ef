/// Walks JSON bytes for the readers that cannot afford `JSONDecoder`'s map of a document.
///
/// ``JSONLineReader`` and ``BackupJSONSplit`` use it for white space, literals, strings with
/// JSON's escapes, whole numbers, and whole values skipped. Anything it does not follow
/// gives `nil`, and the caller hands the bytes to `JSONDecoder`.
struct JSONScanner {
  let bytes: [UInt8]
  var index = 0

  var atEnd: Bool {
    mutating get {
      skipSpace()
      return index == bytes.count
    }
  }

  mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// `literal` exactly where the scanner stands (no white space skipped).
  mutating func take(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count - index >= count else { return false }
    let matches = literal.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
    if matches { index += count }
    return matches
  }

  mutating func takeNull() -> Bool {
    skipSpace()
    return take("null")
  }

  /// An object's key and its colon: the raw bytes between the quotes.
  mutating func key() -> ArraySlice<UInt8>? {
    skipSpace()
    let start = index + 1
    guard skipString() else { return nil }
    let key = bytes[start..<index - 1]
    guard !key.contains(UInt8(ascii: "\\")), take(UInt8(ascii: ":")) else { return nil }
    return key
  }

  /// Skips a string from its opening quote to just past its closing one.
  mutating func skipString() -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return true
      case UInt8(ascii: "\\"): index += 2
      default: index += 1
      }
    }
    return false
  }

  /// An object or an array: `open`, then elements separated by commas, each read by
  /// `element`, then `close`; `false` as soon as one of them is not there.
  mutating func eachElement(between open: UInt8, and close: UInt8, _ element: (inout JSONScanner) -> Bool) -> Bool {
    guard take(open) else { return false }
    if take(close) { return true }
    repeat {
      guard element(&self) else { return false }
    } while take(UInt8(ascii: ","))
    return take(close)
  }

  /// Skips one whole value: a string, an object, an array, a number or a literal.
  mutating func skipValue() -> Bool {
    skipSpace()
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "\""): return skipString()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          guard skipString() else { return false }
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            index += 1
            return true
          }
        default: break
        }
        index += 1
      }
      return false
    default:
      let start = index
      while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
      return index > start
    }
  }

  /// A JSON string with the escapes JSON has (surrogate pairs left to JSONDecoder).
  mutating func string() -> String? {
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    index += 1
    var text: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return String(validating: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "u"):
          guard bytes.count - index >= 4,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
            value < 0xD800 || value > 0xDFFF, let scalar = Unicode.Scalar(value)
          else { return nil }
          index += 4
          text.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: return nil
        }
      case 0..<0x20: return nil
      default: text.append(byte)
      }
    }
    return nil
  }

  /// A whole number that fits `Int` (no fraction, no exponent).
  mutating func integer() -> Int? {
    skipSpace()
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let digits = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    guard index > digits, index - digits <= 19, index - digits == 1 || bytes[digits] != UInt8(ascii: "0") else { return nil }
    if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) { return nil }
    return Int(String(decoding: bytes[start..<index], as: UTF8.self))
  }
}
