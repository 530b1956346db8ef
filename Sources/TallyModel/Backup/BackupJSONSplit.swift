/// A backup's JSON with each counter's history cut out, so that `JSONDecoder` reads the
/// counters and every change is read on its own.
///
/// `JSONDecoder` maps a whole document before decoding it (docs/performance.md); cut out, the
/// counters are a few hundred bytes, and each change is one small object. A document this
/// scanner does not follow (not an object, a key given twice) is left whole to `JSONDecoder`,
/// which says what is wrong with it.
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
    let read = scanner.eachElement(between: UInt8(ascii: "{"), and: UInt8(ascii: "}")) { scanner in
      guard let key = scanner.key() else { return false }
      guard key.elementsEqual("counters".utf8) else { return scanner.skipValue() }
      guard !sawCounters else { return false }
      sawCounters = true
      return scanner.eachElement(between: UInt8(ascii: "["), and: UInt8(ascii: "]")) { scanner in
        guard let history = scanner.counter(cutting: &cut) else { return false }
        histories.append(history)
        return true
      }
    }
    guard read, scanner.atEnd else { return nil }
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
    var elements: [Range<Int>]?
    let read = eachElement(between: UInt8(ascii: "{"), and: UInt8(ascii: "}")) { scanner in
      guard let key = scanner.key() else { return false }
      scanner.skipSpace()
      guard key.elementsEqual("history".utf8), scanner.index < scanner.bytes.count,
        scanner.bytes[scanner.index] == UInt8(ascii: "[")
      else { return scanner.skipValue() }
      guard elements == nil else { return false }
      let open = scanner.index + 1
      var found: [Range<Int>] = []
      let listed = scanner.eachElement(between: UInt8(ascii: "["), and: UInt8(ascii: "]")) { scanner in
        scanner.skipSpace()
        let start = scanner.index
        guard scanner.skipValue() else { return false }
        found.append(start..<scanner.index)
        return true
      }
      guard listed else { return false }
      cut.append(open..<scanner.index - 1)
      elements = found
      return true
    }
    return read ? elements ?? [] : nil
  }
}
