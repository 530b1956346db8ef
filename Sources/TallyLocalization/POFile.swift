/// The entries of a gettext `.po` file, read with bounds: a file that does not follow the
/// format is refused whole, with the line where it stops making sense.
public struct POFile: Sendable {
  /// One `msgid` and its translations.
  public struct Entry: Sendable, Equatable {
    public var context: String?
    public var msgid = ""
    public var msgidPlural: String?
    /// `msgstr`, or the `msgstr[N]` of a plural entry.
    public var msgstr: [String] = []
    /// The `#,` flags: `fuzzy`, `c-format`.
    public var flags: Set<String> = []
    public var isFuzzy: Bool { flags.contains("fuzzy") }
    /// What the reader found in its strings: a `%` in the English text, a C1 control
    /// character in a translation.
    var found = Found()
  }

  /// What a string holds that a catalog must check.
  struct Found: Sendable, Equatable {
    var percent = false
    var control = false
  }

  /// Why a file was refused.
  public struct Damage: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let problem: String
    public var description: String { line > 0 ? "line \(line): \(problem)" : problem }
  }

  /// The largest file read, in bytes, and the most entries.
  public static let maximumSize = 1 << 20
  public static let maximumEntries = 20_000

  /// The entries in file order, the header (`msgid ""`) aside.
  public private(set) var entries: [Entry] = []
  /// The header's fields (`Plural-Forms`, `Language`, `X-Tally-Complete`...).
  public private(set) var header: [String: String] = [:]

  /// Reads the bytes of a `.po` file.
  public init(bytes: [UInt8]) throws(Damage) {
    guard bytes.count <= Self.maximumSize else { throw Damage(line: 0, problem: "larger than \(Self.maximumSize) bytes") }
    guard String(validating: bytes, as: UTF8.self) != nil else { throw Damage(line: 0, problem: "not UTF-8") }
    var reader = Reader()
    var number = 0
    var start = 0
    while start <= bytes.count {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      number += 1
      do throws(Damage) {
        try reader.read(bytes[start..<(end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end)])
        if start == bytes.count || end == bytes.count { try reader.finish() }
      } catch {
        throw Damage(line: number, problem: error.problem)
      }
      guard reader.entries.count <= Self.maximumEntries else { throw Damage(line: number, problem: "too many entries") }
      start = end + 1
    }
    for entry in reader.entries {
      if entry.msgid.isEmpty && entry.context == nil {
        header = Self.fields(of: entry.msgstr.first ?? "")
      } else {
        entries.append(entry)
      }
    }
  }

  /// `Name: value` lines of a header.
  static func fields(of header: String) -> [String: String] {
    var fields: [String: String] = [:]
    for line in header.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon]).trimmed] = String(line[line.index(after: colon)...]).trimmed
    }
    return fields
  }

  /// The state of reading: the entry being read, its strings as bytes until it ends, and the
  /// keyword a continuation line goes to.
  private struct Reader {
    enum Field { case context, msgid, plural, msgstr }

    /// A line's first word.
    enum Keyword: Equatable {
      case msgctxt, msgid, msgidPlural, msgstr
      case msgstrForm(Int)
      case other

      init(_ word: ArraySlice<UInt8>) {
        let named: [(StaticString, Keyword)] = [
          ("msgid", .msgid), ("msgstr", .msgstr), ("msgid_plural", .msgidPlural), ("msgctxt", .msgctxt),
        ]
        for (name, keyword) in named where name.utf8CodeUnitCount == word.count {
          let matches = name.withUTF8Buffer { $0.elementsEqual(word) }
          if matches {
            self = keyword
            return
          }
        }
        let form = word.count == 9 ? Int(word[word.startIndex + 7]) - Int(UInt8(ascii: "0")) : -1
        let isForm = (0...9).contains(form) && word.starts(with: "msgstr[".utf8) && word.last == UInt8(ascii: "]")
        self = isForm ? .msgstrForm(form) : .other
      }
    }

    var entries: [Entry] = []
    var flags: Set<String> = []
    var context: [UInt8]?
    var msgid: [UInt8]?
    var plural: [UInt8]?
    var msgstr: [[UInt8]] = []
    var found = Found()
    var field: Field?

    mutating func read(_ line: ArraySlice<UInt8>) throws(Damage) {
      var index = line.startIndex
      while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
      guard index < line.endIndex else { return }
      let first = line[index]
      if first == UInt8(ascii: "#") {
        let second = index + 1 < line.endIndex ? line[index + 1] : 0
        if second == UInt8(ascii: "~") { return }
        if !msgstr.isEmpty { try finish() }
        if second == UInt8(ascii: ",") {
          for flag in line[(index + 2)...].split(separator: UInt8(ascii: ",")) {
            flags.insert(String(decoding: flag, as: UTF8.self).trimmed)
          }
        }
        return
      }
      if first == UInt8(ascii: "\"") {
        guard let field else { throw Damage(line: 0, problem: "a string outside an entry") }
        try appendString(line[index...], to: field)
        return
      }
      var end = index
      while end < line.endIndex, line[end] != 0x20, line[end] != 0x09 { end += 1 }
      let field = try start(Keyword(line[index..<end]))
      while end < line.endIndex, line[end] == 0x20 || line[end] == 0x09 { end += 1 }
      try appendString(line[end...], to: field)
    }

    /// Appends the text of the quoted string `line` to `field`.
    mutating func appendString(_ line: ArraySlice<UInt8>, to field: Field) throws(Damage) {
      switch field {
      case .context: try POString.unquote(line, into: &context)
      case .msgid: found.percent = try POString.unquote(line, into: &msgid).percent || found.percent
      case .plural: found.percent = try POString.unquote(line, into: &plural).percent || found.percent
      case .msgstr:
        var last: [UInt8]? = msgstr.removeLast()
        defer { msgstr.append(last ?? []) }
        found.control = try POString.unquote(line, into: &last).control || found.control
      }
    }

    /// Starts the field `keyword`; `msgctxt` or `msgid` after a `msgstr` starts an entry.
    mutating func start(_ keyword: Keyword) throws(Damage) -> Field {
      if keyword == .msgctxt || keyword == .msgid, !msgstr.isEmpty { try finish() }
      let started = msgid != nil
      switch keyword {
      case .msgctxt where context == nil && !started: context = []
      case .msgid where !started: msgid = []
      case .msgidPlural where started && plural == nil && msgstr.isEmpty: plural = []
      case .msgstr where started && plural == nil && msgstr.isEmpty: msgstr = [[]]
      case .msgstrForm(let form) where started && plural != nil && form == msgstr.count && form < 10: msgstr.append([])
      default: throw Damage(line: 0, problem: "an unexpected keyword")
      }
      let field: Field =
        switch keyword {
        case .msgctxt: .context
        case .msgid: .msgid
        case .msgidPlural: .plural
        default: .msgstr
        }
      self.field = field
      return field
    }

    /// Ends the entry being read.
    mutating func finish() throws(Damage) {
      defer { (flags, context, msgid, plural, msgstr, field, found) = ([], nil, nil, nil, [], nil, Found()) }
      guard let msgid else { return }
      guard !msgstr.isEmpty else { throw Damage(line: 0, problem: "an entry without msgstr") }
      func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
      entries.append(
        Entry(
          context: context.map(text), msgid: text(msgid), msgidPlural: plural.map(text), msgstr: msgstr.map(text),
          flags: flags, found: found))
    }
  }
}

extension String {
  /// Without the spaces, tabs and line ends around it.
  var trimmed: String {
    let bytes = Array(utf8)
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    let start = bytes.firstIndex(where: { !isSpace($0) }) ?? bytes.count
    let end = (bytes.lastIndex(where: { !isSpace($0) }) ?? -1) + 1
    return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
  }
}
