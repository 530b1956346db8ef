/// Writes the XML that `PropertyListEncoder` writes, byte for byte, without Foundation's
/// encoder: the fix for speed that mirrors ``PropertyListFastReader`` (docs/performance.md).
///
/// The first use of `PropertyListEncoder` in a process makes its generic metadata, which the
/// first key press of every session and every `tally inc` paid for their save. This writer takes every value but data and dates (which give `nil`, and go
/// to the encoder): booleans, integers, reals (`description` without a trailing `.0`, and
/// `+infinity`, `-infinity`), strings (`<`, `>` and `&` escaped), arrays and dictionaries
/// (keys in `String` order), with the encoder's indentation and empty elements. Tests compare
/// the two on every value Tally stores and on random ones, since merges order values by
/// their XML (``CounterReplica``) and every machine must write the same bytes.
struct PropertyListFastWriter {
  private var bytes: [UInt8] = []

  /// The whole document for `value`, or `nil` when it holds data or a date.
  static func document(_ value: PropertyListValue) -> [UInt8]? {
    var writer = PropertyListFastWriter()
    writer.bytes.reserveCapacity(4096)
    writer.append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """)
    guard writer.append(value, indentation: 0) else { return nil }
    writer.append("</plist>\n")
    return writer.bytes
  }

  private mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private mutating func append(text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func indent(_ count: Int) {
    for _ in 0..<count { bytes.append(UInt8(ascii: "\t")) }
  }

  private mutating func appendEscaped(_ text: String) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "<"): append("&lt;")
      case UInt8(ascii: ">"): append("&gt;")
      case UInt8(ascii: "&"): append("&amp;")
      default: bytes.append(byte)
      }
    }
  }

  /// Appends `value` at `indentation` tabs; `false` when it holds data or a date.
  private mutating func append(_ value: PropertyListValue, indentation: Int) -> Bool {
    indent(indentation)
    switch value {
    case .bool(let flag): append(flag ? "<true/>\n" : "<false/>\n")
    case .integer(let number):
      append("<integer>")
      append(text: number.description)
      append("</integer>\n")
    case .unsignedInteger(let number):
      append("<integer>")
      append(text: number.description)
      append("</integer>\n")
    case .real(let number):
      append("<real>")
      if number.isInfinite {
        append(number > 0 ? "+infinity" : "-infinity")
      } else {
        let text = number.description
        append(text: text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
      }
      append("</real>\n")
    case .string(let text):
      append("<string>")
      appendEscaped(text)
      append("</string>\n")
    case .array(let values):
      return appendContainer("array", isEmpty: values.isEmpty, indentation: indentation) { writer in
        values.allSatisfy { writer.append($0, indentation: indentation + 1) }
      }
    case .dictionary(let entries):
      return appendContainer("dict", isEmpty: entries.isEmpty, indentation: indentation) { writer in
        entries.sorted(by: { $0.key < $1.key }).allSatisfy { key, element in
          writer.indent(indentation + 1)
          writer.append("<key>")
          writer.appendEscaped(key)
          writer.append("</key>\n")
          return writer.append(element, indentation: indentation + 1)
        }
      }
    case .data, .date: return false
    }
    return true
  }

  /// Appends `<tag/>` when the container `isEmpty`, else `<tag>`, what `elements` appends
  /// (`false` when it met data or a date) and `</tag>` at `indentation`.
  private mutating func appendContainer(
    _ tag: StaticString, isEmpty: Bool, indentation: Int, _ elements: (inout PropertyListFastWriter) -> Bool
  ) -> Bool {
    append("<")
    append(tag)
    guard !isEmpty else {
      append("/>\n")
      return true
    }
    append(">\n")
    guard elements(&self) else { return false }
    indent(indentation)
    append("</")
    append(tag)
    append(">\n")
    return true
  }
}
