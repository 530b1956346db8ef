/// Walks JSON bytes for ``BackupJSONSplit``.
///
/// It skips white space, keys and whole values; anything it does not follow gives `false` or
/// `nil`, and the caller hands the bytes to `JSONDecoder`.
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
}
