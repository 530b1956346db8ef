#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads and writes property lists in Apple's XML format, without Foundation's
/// `PropertyListSerialization`.
///
/// Tally's store file is a property-list document, and launch arguments carry values as
/// XML fragments such as `<integer>12</integer>`, the way swift-user-defaults'
/// `ValueContainer` writes them. Dates keep every bit of their `Double` (fractional seconds
/// are written in full), and integers their full 64-bit range.
public enum PropertyListXML {
  /// The deepest nesting of arrays and dictionaries a document may have.
  public static let maximumDepth = 256

  // MARK: Writing

  /// A complete property-list document whose root is `dictionary`, keys sorted.
  public static func document(_ dictionary: [String: PropertyListValue]) -> String {
    var output = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """
    write(.dictionary(dictionary), indent: 0, into: &output)
    output += "\n</plist>\n"
    return output
  }

  /// A single value as an XML fragment on one line, e.g. `<integer>12</integer>`.
  public static func fragment(_ value: PropertyListValue) -> String {
    var output = ""
    write(value, indent: nil, into: &output)
    return output
  }

  private static func write(_ value: PropertyListValue, indent: Int?, into output: inout String) {
    let pad = indent.map { String(repeating: "\t", count: $0) } ?? ""
    let newline = indent == nil ? "" : "\n"
    let inner = indent.map { $0 + 1 }
    output += pad
    switch value {
    case .bool(let flag):
      output += flag ? "<true/>" : "<false/>"
    case .integer(let number):
      output += "<integer>\(number)</integer>"
    case .unsignedInteger(let number):
      output += "<integer>\(number)</integer>"
    case .real(let number):
      output += "<real>\(realText(number))</real>"
    case .string(let text):
      output += "<string>\(escaped(text))</string>"
    case .data(let bytes):
      output += "<data>\(bytes.base64EncodedString())</data>"
    case .date(let date):
      output += "<date>\(PropertyListDate.text(for: date))</date>"
    case .array(let elements):
      if elements.isEmpty {
        output += "<array/>"
        return
      }
      output += "<array>" + newline
      for element in elements {
        write(element, indent: inner, into: &output)
        output += newline
      }
      output += pad + "</array>"
    case .dictionary(let entries):
      if entries.isEmpty {
        output += "<dict/>"
        return
      }
      output += "<dict>" + newline
      let innerPad = inner.map { String(repeating: "\t", count: $0) } ?? ""
      for key in entries.keys.sorted() {
        output += innerPad + "<key>\(escaped(key))</key>" + newline
        // `entries[key]` is present: the key came from `entries.keys`.
        if let element = entries[key] {
          write(element, indent: inner, into: &output)
        }
        output += newline
      }
      output += pad + "</dict>"
    }
  }

  static func realText(_ number: Double) -> String {
    if number.isNaN { return "nan" }
    if number == .infinity { return "+infinity" }
    if number == -.infinity { return "-infinity" }
    return "\(number)"
  }

  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\r": result += "&#13;"
      default:
        if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" {
          result += "&#\(scalar.value);"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  // MARK: Reading

  /// Reads a whole document whose root is a dictionary.
  public static func parseDocument(_ bytes: some Collection<UInt8>) throws(PropertyListXMLError)
    -> [String: PropertyListValue]
  {
    var parser = PropertyListXMLParser(Array(bytes))
    let root = try parser.parseDocument()
    guard case .dictionary(let entries) = root else {
      throw PropertyListXMLError("the root of the property list is <\(root.typeName)>, not <dict>", at: 0)
    }
    return entries
  }

  /// Reads an ISO 8601 UTC time as a `<date>` holds it, such as "2026-11-23T10:00:00Z".
  public static func date(from text: String) -> Date? {
    PropertyListDate.date(from: text)
  }

  /// Writes a time as a `<date>` holds it, fractional seconds in full.
  public static func text(for date: Date) -> String {
    PropertyListDate.text(for: date)
  }

  /// Reads a single value written as an XML fragment, such as `<integer>12</integer>`.
  public static func parseFragment(_ text: String) throws(PropertyListXMLError) -> PropertyListValue {
    var parser = PropertyListXMLParser(Array(text.utf8))
    return try parser.parseFragment()
  }
}
