/// The quoted strings of a `.po` file.
public enum POString {
  /// Appends the text of `line`, a C string in double quotes, to `bytes`.
  ///
  /// Its escapes are `\"`, `\\`, `\n` and `\t`; a damage for anything else, a control
  /// character or text after the closing quote included.
  /// Returns what it found in it: a `%`, a C1 control character (U+0080 to U+009F).
  @discardableResult
  static func unquote(_ line: ArraySlice<UInt8>, into bytes: inout [UInt8]?) throws(POFile.Damage) -> POFile.Found {
    guard line.first == UInt8(ascii: "\"") else { throw POFile.Damage(line: 0, problem: "expected a quoted string") }
    var found = POFile.Found()
    var index = line.startIndex + 1
    var start = index
    while index < line.endIndex {
      let byte = line[index]
      if byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "\"") {
        if byte == UInt8(ascii: "%") { found.percent = true }
        // A C1 control is 0xC2 then 0x80 to 0x9F in UTF-8.
        if byte == 0xC2, index + 1 < line.endIndex, line[index + 1] < 0xA0 { found.control = true }
        index += 1
        continue
      }
      bytes? += line[start..<index]
      switch byte {
      case UInt8(ascii: "\\"):
        let escaped: UInt8? =
          switch index + 1 < line.endIndex ? line[index + 1] : 0 {
          case UInt8(ascii: "\""): UInt8(ascii: "\"")
          case UInt8(ascii: "\\"): UInt8(ascii: "\\")
          case UInt8(ascii: "n"): 0x0A
          case UInt8(ascii: "t"): 0x09
          default: nil
          }
        guard let escaped else { throw POFile.Damage(line: 0, problem: "an unknown escape") }
        bytes?.append(escaped)
        index += 2
        start = index
      case UInt8(ascii: "\""):
        guard line[(index + 1)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
          throw POFile.Damage(line: 0, problem: "text after a string")
        }
        return found
      default: throw POFile.Damage(line: 0, problem: "a control character")
      }
    }
    throw POFile.Damage(line: 0, problem: "a string without its closing quote")
  }

  /// `text` as a `.po` file writes it: quoted and escaped, a multi-line text one line a
  /// string after an empty first one.
  public static func quoted(_ text: String) -> String {
    let escaped = text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\t", with: "\\t")
    let lines = escaped.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count > 1 else { return "\"\(escaped)\"" }
    var parts = ["\"\""]
    for (index, line) in lines.enumerated() where !(index == lines.count - 1 && line.isEmpty) {
      parts.append("\"\(line)\(index < lines.count - 1 ? "\\n" : "")\"")
    }
    return parts.joined(separator: "\n")
  }
}
