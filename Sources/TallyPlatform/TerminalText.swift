/// Text from elsewhere made safe to print in a terminal.
public enum TerminalText {
  /// `text` with every C0 and C1 control character and DEL written out as `\u{1B}`, so that
  /// nothing read from a file can move the cursor or set the terminal's title.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return text.unicodeScalars.map { isControl($0) ? "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" : String($0) }
      .joined()
  }

  /// C0 (U+0000 to U+001F), DEL (U+007F) and C1 (U+0080 to U+009F).
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
