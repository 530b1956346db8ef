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
    guard let text = String(validating: bytes, as: UTF8.self) else { throw Damage(line: 0, problem: "not UTF-8") }
    var reader = Reader()
    var number = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      do throws(Damage) {
        try reader.read(line.hasSuffix("\r") ? line.dropLast() : line)
      } catch {
        throw Damage(line: number, problem: error.problem)
      }
      guard reader.entries.count <= Self.maximumEntries else { throw Damage(line: number, problem: "too many entries") }
    }
    do throws(Damage) { try reader.finish() } catch { throw Damage(line: number, problem: error.problem) }
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

  /// The state of reading: the entry being read and the keyword its strings go to.
  private struct Reader {
    var entries: [Entry] = []
    var current = Entry()
    var started = false
    /// Where a continuation line goes: "msgctxt", "msgid", "msgid_plural" or "msgstr[N]".
    var field: String?

    mutating func read(_ line: Substring) throws(Damage) {
      let line = line.drop(while: { $0 == " " || $0 == "\t" })
      if line.isEmpty || line.hasPrefix("#~") { return }
      if line.hasPrefix("#") {
        if current.msgstr.isEmpty == false { try finish() }
        if line.hasPrefix("#,") {
          for flag in line.dropFirst(2).split(separator: ",") { current.flags.insert(String(flag).trimmed) }
        }
        return
      }
      if line.hasPrefix("\"") {
        guard let field else { throw Damage(line: 0, problem: "a string outside an entry") }
        try append(POString.unquoted(line), to: field)
        return
      }
      let keyword = String(line.prefix(while: { $0 != " " && $0 != "\t" }))
      let value = try POString.unquoted(line.dropFirst(keyword.count).drop(while: { $0 == " " || $0 == "\t" }))
      try start(keyword)
      try append(value, to: field ?? "")
    }

    /// Starts the field `keyword`; `msgctxt` or `msgid` after a `msgstr` starts an entry.
    mutating func start(_ keyword: String) throws(Damage) {
      if keyword == "msgctxt" || keyword == "msgid", !current.msgstr.isEmpty { try finish() }
      switch keyword {
      case "msgctxt" where current.context == nil && !started: current.context = ""
      case "msgid" where !started: started = true
      case "msgid_plural" where started && current.msgidPlural == nil && current.msgstr.isEmpty: current.msgidPlural = ""
      case "msgstr" where started && current.msgidPlural == nil && current.msgstr.isEmpty: current.msgstr = [""]
      default:
        guard started, current.msgidPlural != nil, keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
          Int(keyword.dropFirst(7).dropLast()) == current.msgstr.count, current.msgstr.count < 10
        else { throw Damage(line: 0, problem: "unexpected \(keyword.prefix(20))") }
        current.msgstr.append("")
      }
      field = keyword
    }

    mutating func append(_ value: String, to field: String) throws(Damage) {
      switch field {
      case "msgctxt": current.context? += value
      case "msgid": current.msgid += value
      case "msgid_plural": current.msgidPlural? += value
      default: current.msgstr[current.msgstr.count - 1] += value
      }
    }

    /// Ends the entry being read.
    mutating func finish() throws(Damage) {
      guard started || current.flags.isEmpty else {
        current = Entry()
        return
      }
      guard !started || !current.msgstr.isEmpty else { throw Damage(line: 0, problem: "an entry without msgstr") }
      if started { entries.append(current) }
      current = Entry()
      started = false
      field = nil
    }
  }
}

extension String {
  var trimmed: String { String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
}
