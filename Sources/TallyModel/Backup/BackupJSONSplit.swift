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
    var scanner = JSONScanner(bytes: bytes)
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
    var scanner = JSONScanner(bytes: Array(bytes))
    var strings: [String: String] = [:]
    var numbers: [String: Int?] = [:]
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    if !scanner.take(UInt8(ascii: "}")) {
      repeat {
        guard let raw = scanner.key(), let key = String(validating: raw, as: UTF8.self), strings[key] == nil,
          numbers[key] == nil
        else { return nil }
        switch key {
        case "time", "event", "name", "source", "note":
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
      time: time, event: event, name: name, old: numbers["old"] ?? nil, new: numbers["new"] ?? nil, source: source,
      note: strings["note"])
  }
}

extension JSONScanner {
  /// A counter of the counters array: its history's elements (cut out of the skeleton),
  /// and its other values skipped.
  fileprivate mutating func counter(cutting cut: inout [Range<Int>]) -> [Range<Int>]? {
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
}
