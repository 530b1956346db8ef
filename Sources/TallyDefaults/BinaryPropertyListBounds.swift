/// How large a binary property list becomes once read, found from its object table without
/// reading it.
///
/// A binary property list refers to its objects by number, so one object can be referred to
/// from many places: 300 arrays of 300 references to the next fit in 3.7 KB and read as 27
/// million values, and a chain of 4,000 nested arrays in 36 KB takes the reader that deep.
/// Foundation's reader has no limit on either. This walks the object table once, with each
/// object's read size remembered, and refuses a document whose values would number more than
/// `maximumValues`, nest deeper than `maximumDepth`, or refer in a cycle.
enum BinaryPropertyListBounds {
  /// The most values a document may read as.
  static let maximumValues = 1_000_000

  /// Throws unless the binary property list in `bytes` reads as at most `maximumValues`
  /// values, nested at most `maximumDepth` deep.
  static func check(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int) throws(PropertyListError) {
    guard bytes.count >= 40 else { throw PropertyListError(reason: "a binary property list too short to hold its trailer") }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let referenceSize = Int(bytes[trailer + 7])
    let objectCount = number(bytes, at: trailer + 8, size: 8)
    let top = number(bytes, at: trailer + 16, size: 8)
    let table = number(bytes, at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objectCount > 0, top < objectCount,
      objectCount <= bytes.count, table < trailer, table + objectCount * offsetSize <= trailer
    else { throw PropertyListError(reason: "a binary property list whose trailer does not fit it") }
    var scan = Scan(
      bytes: bytes, offsets: (0..<objectCount).map { number(bytes, at: table + $0 * offsetSize, size: offsetSize) },
      referenceSize: referenceSize, maximumDepth: maximumDepth)
    _ = try scan.size(of: top, depth: 0)
  }

  /// Why the binary property list in `bytes` is refused, or `nil` when it is within bounds.
  static func problem(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int) -> PropertyListError? {
    do {
      try check(bytes, maximumDepth: maximumDepth)
      return nil
    } catch {
      return error
    }
  }

  /// The big-endian number of `size` bytes at `offset`, or `Int.max` past the end.
  fileprivate static func number(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> Int {
    guard offset >= 0, size <= 8, offset + size <= bytes.count else { return .max }
    var value: UInt64 = 0
    for index in 0..<size { value = value << 8 | UInt64(bytes[offset + index]) }
    return value > UInt64(Int.max) ? .max : Int(value)
  }

  private struct Scan {
    let bytes: UnsafeRawBufferPointer
    let offsets: [Int]
    let referenceSize: Int
    let maximumDepth: Int
    /// Each object's read size once known; `-1` while it is being walked (a cycle).
    var sizes: [Int: Int] = [:]

    /// How many values object `index` reads as.
    mutating func size(of index: Int, depth: Int) throws(PropertyListError) -> Int {
      guard depth <= maximumDepth else {
        throw PropertyListError(reason: "nesting deeper than \(maximumDepth) levels")
      }
      if let known = sizes[index] {
        guard known >= 0 else { throw PropertyListError(reason: "a binary property list that refers in a cycle") }
        return known
      }
      guard index < offsets.count, offsets[index] < bytes.count - 32 else {
        throw PropertyListError(reason: "a binary property list that refers past its objects")
      }
      sizes[index] = -1
      var total = 1
      for child in try children(at: offsets[index]) {
        total += try size(of: child, depth: depth + 1)
        guard total <= BinaryPropertyListBounds.maximumValues else {
          throw PropertyListError(reason: "more than \(BinaryPropertyListBounds.maximumValues) values once read")
        }
      }
      sizes[index] = total
      return total
    }

    /// The objects the container at `offset` refers to (none for a value that holds none).
    private func children(at offset: Int) throws(PropertyListError) -> [Int] {
      let marker = bytes[offset]
      let kind = marker >> 4
      // Arrays (0xA), sets (0xC) and dictionaries (0xD, keys then values) refer to others.
      guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
      var count = Int(marker & 0x0F)
      var start = offset + 1
      if count == 0x0F {
        // The count is an integer object of 2^n bytes that follows.
        guard start < bytes.count, bytes[start] >> 4 == 0x1 else {
          throw PropertyListError(reason: "a binary property list with a damaged count")
        }
        let size = 1 << Int(bytes[start] & 0x0F)
        count = BinaryPropertyListBounds.number(bytes, at: start + 1, size: size)
        start += 1 + size
      }
      let references: (partialValue: Int, overflow: Bool) =
        kind == 0xD ? count.multipliedReportingOverflow(by: 2) : (count, false)
      guard !references.overflow, references.partialValue <= (bytes.count - start) / referenceSize else {
        throw PropertyListError(reason: "a binary property list with more references than bytes")
      }
      return (0..<references.partialValue).map {
        BinaryPropertyListBounds.number(bytes, at: start + $0 * referenceSize, size: referenceSize)
      }
    }
  }
}
