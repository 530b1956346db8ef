import FoundationEssentials

/// The one way the commands print a JSON value: on one line, keys sorted, slashes as they are.
public enum JSONLine {
  /// `value` as one line of JSON; `null` if it cannot be encoded.
  public static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }
}
