/// A backup's JSON with each counter's history cut out, so that `JSONDecoder` reads the
/// counters and every change is read on its own.
///
/// `JSONDecoder` maps a whole document before decoding it, about 300 bytes a value: ten
/// years of changes (146,000, a 15 MB file) took 110 MB to import. Cut out, the counters
/// are a few hundred bytes, and each change is one small object: read by
/// ``BackupJSONSplit/change(_:)`` when it is a flat object of the keys a change has, by
/// `JSONDecoder` otherwise. A document this scanner does not follow (not an object, a key
/// given twice) is left whole to `JSONDecoder`, which says what is wrong with it.
struct BackupJSONSplit {
  /// The document with every `"history": [...]` array emptied.
  var skeleton: [UInt8]
  /// For each counter, in order, the byte ranges of its history's elements.
  var histories: [[Range<Int>]]

  init?(_ bytes: [UInt8]) {
    var scanner = Scanner(bytes: bytes)
    var cut: [Range<Int>] = []
    var histories: [[Range<Int>]] = []
    var sawCounters = false
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    if !scanner.take(UInt8(ascii: "}")) {
      repeat {
        guard let key = scanner.key() else { return nil }
        if key.elementsEqual("counters".utf8) {
          guard !sawCounters, scanner.take(UInt8(ascii: "[")) else { return nil }
          sawCounters = true
          if !scanner.take(UInt8(ascii: "]")) {
            repeat {
              guard let history = scanner.counter(cutting: &cut) else { return nil }
              histories.append(history)
            } while scanner.take(UInt8(ascii: ","))
            guard scanner.take(UInt8(ascii: "]")) else { return nil }
          }
        } else {
          guard scanner.skipValue() else { return nil }
        }
      } while scanner.take(UInt8(ascii: ","))
      guard scanner.take(UInt8(ascii: "}")) else { return nil }
    }
    guard scanner.atEnd else { return nil }
    var skeleton: [UInt8] = []
    var start = 0
    for range in cut {
      skeleton += bytes[start..<range.lowerBound]
      start = range.upperBound
    }
    skeleton += bytes[start...]
    self.skeleton = skeleton
    self.histories = histories
  }

  /// A change read from a flat JSON object with the keys a change has, each once, and the
  /// values of their types; `nil` for anything else (`JSONDecoder` then reads it, and says
  /// what is wrong).
  static func change(_ bytes: ArraySlice<UInt8>) -> BackupJSON.Change? {
    var scanner = Scanner(bytes: Array(bytes))
    var strings: [String: String] = [:]
    var numbers: [String: Int?] = [:]
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    if !scanner.take(UInt8(ascii: "}")) {
      repeat {
        guard let raw = scanner.key(), let key = String(validating: raw, as: UTF8.self), strings[key] == nil,
          numbers[key] == nil
        else { return nil }
        switch key {
        case "time", "event", "name", "source":
          guard let value = scanner.string() else { return nil }
          strings[key] = value
        case "old", "new":
          if scanner.takeNull() {
            numbers[key] = .some(nil)
          } else {
            guard let value = scanner.integer() else { return nil }
            numbers[key] = value
          }
        default: return nil
        }
      } while scanner.take(UInt8(ascii: ","))
      guard scanner.take(UInt8(ascii: "}")) else { return nil }
    }
    guard scanner.atEnd, let time = strings["time"], let name = strings["name"],
      let event = strings["event"].flatMap(HistoryEntry.Event.init(rawValue:)),
      let source = strings["source"].flatMap(HistoryEntry.Source.init(rawValue:))
    else { return nil }
    return BackupJSON.Change(
      time: time, event: event, name: name, old: numbers["old"] ?? nil, new: numbers["new"] ?? nil, source: source)
  }

  /// Walks JSON bytes: white space, strings, numbers and whole values.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
      self.bytes = bytes
    }

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

    mutating func takeNull() -> Bool {
      skipSpace()
      guard bytes.count - index >= 4, bytes[index..<index + 4].elementsEqual("null".utf8) else { return false }
      index += 4
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

    /// A counter of the counters array: its history's elements (cut out of the skeleton),
    /// and its other values skipped.
    mutating func counter(cutting cut: inout [Range<Int>]) -> [Range<Int>]? {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
        // Not an object: JSONDecoder reads it and says so.
        return skipValue() ? [] : nil
      }
      index += 1
      var elements: [Range<Int>]?
      if take(UInt8(ascii: "}")) { return [] }
      repeat {
        guard let key = key() else { return nil }
        skipSpace()
        if key.elementsEqual("history".utf8), index < bytes.count, bytes[index] == UInt8(ascii: "[") {
          guard elements == nil else { return nil }
          index += 1
          let open = index
          var found: [Range<Int>] = []
          if !take(UInt8(ascii: "]")) {
            repeat {
              skipSpace()
              let start = index
              guard skipValue() else { return nil }
              found.append(start..<index)
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { return nil }
          }
          cut.append(open..<index - 1)
          elements = found
        } else {
          guard skipValue() else { return nil }
        }
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")) else { return nil }
      return elements ?? []
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
}
