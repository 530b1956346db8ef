import FoundationEssentials

/// Reads a binary property list (`bplist00`, the format macOS keeps preferences in) into
/// ``PropertyListValue`` as Foundation's `PropertyListDecoder` reads it, within bounds.
///
/// Objects are referred to by number, so a few kilobytes can refer to one object millions of
/// times: each object is read once, remembering how many values it reads as and how deep it
/// nests, and a document past `maximumValues` or `PropertyListCodec.maximumDepth`, or that
/// refers in a cycle, is refused. Null, sets and UIDs, which no value holds, are refused.
struct BinaryPropertyListReader {
  /// The most values a document may read as.
  static let maximumValues = 1_000_000

  private let bytes: UnsafeRawBufferPointer
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  /// Where the offset table starts, and the objects end.
  private let table: Int
  /// Each object read, with how many values it reads as (0 while it is being read: a
  /// reference to it then is a cycle) and how deep its values nest below it.
  private var objects: [Int: (value: PropertyListValue, count: Int, height: Int)] = [:]

  /// The value of the binary property list in `bytes`.
  static func value(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyListValue {
    guard bytes.count >= 41 else { throw damaged("too short to hold its trailer") }
    // The trailer: sizes of an offset and a reference, the count of objects, the top one,
    // where the offset table starts. As Foundation, the table must fill the space up to it.
    let trailer = bytes.count - 32
    let objectCount = Int(exactly: number(bytes, at: trailer + 8, size: 8)) ?? .max
    let top = Int(exactly: number(bytes, at: trailer + 16, size: 8)) ?? .max
    var reader = BinaryPropertyListReader(
      bytes: bytes, offsetSize: Int(bytes[trailer + 6]), referenceSize: Int(bytes[trailer + 7]), objectCount: objectCount,
      table: Int(exactly: number(bytes, at: trailer + 24, size: 8)) ?? .max)
    let tableSize = objectCount.multipliedReportingOverflow(by: reader.offsetSize)
    guard reader.offsetSize > 0, reader.referenceSize > 0, top < objectCount, (9..<trailer).contains(reader.table),
      !tableSize.overflow, tableSize.partialValue == trailer - reader.table
    else { throw damaged("whose trailer does not fit it") }
    return try reader.object(top, depth: 0).value
  }

  /// Object `index`, `depth` deep: its value, how many values it reads as, how deep they nest.
  private mutating func object(_ index: Int, depth: Int) throws(PropertyListError) -> (
    value: PropertyListValue, count: Int, height: Int
  ) {
    if let known = objects[index] {
      guard known.count > 0 else { throw Self.damaged("that refers in a cycle") }
      guard depth + known.height < PropertyListCodec.maximumDepth else { throw Self.tooDeep }
      return known
    }
    guard depth < PropertyListCodec.maximumDepth else { throw Self.tooDeep }
    // Each object read is a value at least: no more of them than values are allowed.
    guard objects.count < Self.maximumValues else { throw Self.tooMany }
    guard index < objectCount else { throw Self.damaged("that refers past its objects") }
    let offset = Int(exactly: Self.number(bytes, at: table + index * offsetSize, size: offsetSize)) ?? .max
    guard offset >= 8, offset < table else { throw Self.damaged("that refers past its objects") }
    let marker = bytes[offset]
    var start = offset + 1
    var length = Int(marker & 0x0F)
    if length == 0x0F, [0x4, 0x5, 0x6, 0xA, 0xD].contains(marker >> 4) {
      // A count of 15 or more is an integer object of 1, 2, 4 or 8 bytes that follows.
      guard start < table, bytes[start] >> 4 == 0x1, bytes[start] & 0x0F <= 3 else {
        throw Self.damaged("with a damaged count at byte \(offset)")
      }
      let size = 1 << Int(bytes[start] & 0x0F)
      length = Int(exactly: try number(at: start + 1, size: size, of: offset)) ?? .max
      start += 1 + size
    }
    if marker >> 4 == 0xA || marker >> 4 == 0xD {
      objects[index] = (.bool(false), 0, 0)
      let read = try collection(marker, at: start, length: length, of: offset, depth: depth)
      objects[index] = read
      return read
    }
    let value = try scalar(marker, at: start, length: length, of: offset)
    objects[index] = (value, 1, 0)
    return (value, 1, 0)
  }

  /// The value of a marker other than an array's or a dictionary's, its contents `length`
  /// long at `start`, for the object at byte `offset`.
  private func scalar(_ marker: UInt8, at start: Int, length: Int, of offset: Int) throws(PropertyListError)
    -> PropertyListValue
  {
    // How many bytes of contents fit before the table: never fewer than `length` promises.
    let room = table - start
    switch marker >> 4 {
    case 0x0 where marker == 0x08 || marker == 0x09: return .bool(marker == 0x09)
    case 0x1 where length <= 4:
      let number = try number(at: start, size: 1 << length, of: offset)
      return length == 4 ? PropertyListValue(unsigned: number) : .integer(Int64(bitPattern: number))
    case 0x2 where length == 2:
      return .real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: try number(at: start, size: 4, of: offset)))))
    case 0x2 where length == 3: return .real(Double(bitPattern: try number(at: start, size: 8, of: offset)))
    case 0x3 where marker == 0x33:
      return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try number(at: start, size: 8, of: offset))))
    case 0x4, 0x5:
      guard length <= room else { throw Self.damaged("whose object at byte \(offset) runs past its end") }
      let contents = UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
      if marker >> 4 == 0x4 { return .data(Data(contents)) }
      guard !contents.contains(where: { $0 >= 0x80 }) else {
        throw Self.damaged("with an ASCII string at byte \(offset) holding a byte above 0x7F")
      }
      return .string(String(decoding: contents, as: UTF8.self))
    case 0x6:
      guard length <= room / 2 else { throw Self.damaged("whose object at byte \(offset) runs past its end") }
      let bytes = bytes
      let units = (0..<length).lazy.map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
      guard let text = String(validating: units, as: UTF16.self) else {
        throw Self.damaged("with a UTF-16 string at byte \(offset) that is not valid UTF-16")
      }
      return .string(text)
    default:
      let kind = marker == 0 ? "a null" : marker >> 4 == 0x8 ? "a UID" : marker >> 4 == 0xC ? "a set" : "an unknown object"
      throw Self.damaged("with \(kind) (marker 0x\(String(marker, radix: 16))) at byte \(offset)")
    }
  }

  /// An array or a dictionary (`marker`) of `length` references at `start`, for the object at
  /// byte `offset`, `depth` deep: its value, how many values it reads as, how deep they nest.
  private mutating func collection(_ marker: UInt8, at start: Int, length: Int, of offset: Int, depth: Int)
    throws(PropertyListError) -> (value: PropertyListValue, count: Int, height: Int)
  {
    let isDictionary = marker >> 4 == 0xD
    guard length <= (table - start) / referenceSize / (isDictionary ? 2 : 1) else {
      throw Self.damaged("whose object at byte \(offset) runs past its end")
    }
    var count = 1
    var height = 0
    var elements: [PropertyListValue] = []
    var entries: [String: PropertyListValue] = [:]
    for position in 0..<length {
      // A dictionary's references are its keys, then its values; a key counts as a value.
      let key = try isDictionary ? object(reference(at: start + position * referenceSize), depth: depth + 1) : nil
      let element = try object(
        reference(at: start + (isDictionary ? length + position : position) * referenceSize), depth: depth + 1)
      count += element.count + (key?.count ?? 0)
      height = max(height, element.height + 1)
      guard count <= Self.maximumValues else { throw Self.tooMany }
      guard let key else {
        elements.append(element.value)
        continue
      }
      guard case .string(let name) = key.value else {
        throw Self.damaged("whose <dict> at byte \(offset) has a key that is not a string")
      }
      guard entries.updateValue(element.value, forKey: name) == nil else {
        throw PropertyListCodec.repeated(name, where: "in a binary property list")
      }
    }
    return (isDictionary ? .dictionary(entries) : .array(elements), count, height)
  }

  private func reference(at position: Int) -> Int {
    Int(exactly: Self.number(bytes, at: position, size: referenceSize)) ?? .max
  }

  /// The number of `size` bytes at `position`, which must lie before the table.
  private func number(at position: Int, size: Int, of object: Int) throws(PropertyListError) -> UInt64 {
    guard size <= table - position else { throw Self.damaged("whose object at byte \(object) runs past its end") }
    return Self.number(bytes, at: position, size: size)
  }

  /// The big-endian number of `size` bytes at `position` (of more than 8, the last 8).
  private static func number(_ bytes: UnsafeRawBufferPointer, at position: Int, size: Int) -> UInt64 {
    bytes[position..<position + size].reduce(0) { $0 << 8 | UInt64($1) }
  }

  private static func damaged(_ what: String) -> PropertyListError {
    PropertyListError(reason: "a binary property list \(what)")
  }

  private static let tooDeep = PropertyListError(reason: "nesting deeper than \(PropertyListCodec.maximumDepth) levels")
  private static let tooMany = PropertyListError(reason: "more than \(maximumValues) values once read")
}
