/// The quoted strings of a `.po` file.
public enum POString {
  /// The text of `line`, a C string in double quotes (`\"`, `\\`, `\n`, `\t`); a damage for
  /// anything else, a control character or text after the closing quote included.
  static func unquoted(_ line: Substring) throws(POFile.Damage) -> String {
    guard line.first == "\"" else { throw POFile.Damage(line: 0, problem: "expected a quoted string") }
    var result = ""
    var escaped = false
    var rest = line.dropFirst().unicodeScalars[...]
    while let scalar = rest.popFirst() {
      if escaped {
        switch scalar {
        case "\"", "\\": result.unicodeScalars.append(scalar)
        case "n": result += "\n"
        case "t": result += "\t"
        default: throw POFile.Damage(line: 0, problem: "an unknown escape \\\(scalar.isASCII ? String(scalar) : "?")")
        }
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == "\"" {
        guard rest.allSatisfy({ $0 == " " || $0 == "\t" }) else { throw POFile.Damage(line: 0, problem: "text after a string") }
        return result
      } else if scalar.value < 0x20 || scalar.value == 0x7F {
        throw POFile.Damage(line: 0, problem: "a control character")
      } else {
        result.unicodeScalars.append(scalar)
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
