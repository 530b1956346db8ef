/// Writes the XML that `PropertyListEncoder` writes, byte for byte.
///
/// It saves the encoder's first-use cost (docs/performance.md); data and dates are left to the
/// encoder. Merges order values by their XML (``CounterReplica``): every machine writes the same.
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

  /// `<tag>text</tag>` and a line feed, with `<`, `>` and `&` in `text` escaped.
  private mutating func element(_ tag: StaticString, _ text: String) {
    append("<")
    append(tag)
    append(">")
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "<"): append("&lt;")
      case UInt8(ascii: ">"): append("&gt;")
      case UInt8(ascii: "&"): append("&amp;")
      default: bytes.append(byte)
      }
    }
    append("</")
    append(tag)
    append(">\n")
  }

  private mutating func indent(_ count: Int) {
    for _ in 0..<count { bytes.append(UInt8(ascii: "\t")) }
  }

  /// Appends `value` at `indentation` tabs; `false` when it holds data or a date.
  private mutating func append(_ value: PropertyListValue, indentation: Int) -> Bool {
    indent(indentation)
    switch value {
    case .bool(let flag): append(flag ? "<true/>\n" : "<false/>\n")
    case .integer(let number): element("integer", number.description)
    case .unsignedInteger(let number): element("integer", number.description)
    case .real(let number):
      let text = number.isInfinite ? (number > 0 ? "+infinity" : "-infinity") : number.description
      element("real", text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    case .string(let text): element("string", text)
    case .array(let values):
      return appendContainer("array", isEmpty: values.isEmpty, indentation: indentation) { writer in
        values.allSatisfy { writer.append($0, indentation: indentation + 1) }
      }
    case .dictionary(let entries):
      return appendContainer("dict", isEmpty: entries.isEmpty, indentation: indentation) { writer in
        entries.sorted(by: { $0.key < $1.key }).allSatisfy { key, element in
          writer.indent(indentation + 1)
          writer.element("key", key)
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
