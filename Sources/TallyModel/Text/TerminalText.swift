/// Text from elsewhere made safe to print in a terminal.
public enum TerminalText {
  /// `text` with every C0 and C1 control character and DEL written out as `\u{1B}`.
  ///
  /// Nothing read from a file (a name from the sync folder, a file name there) can then move
  /// the cursor, set the terminal's title or print a line of its own. Text without any comes
  /// back as it is.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// C0 (U+0000 to U+001F), DEL (U+007F) and C1 (U+0080 to U+009F).
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}

extension String {
  /// The first character that a one-line text kept by Tally (a counter's name, a note) may
  /// not hold: a control character (C0, DEL, C1), a line or paragraph separator, or a
  /// noncharacter; `nil` when there is none.
  var firstScalarRefusedInALine: Unicode.Scalar? {
    unicodeScalars.first {
      [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        || $0.properties.isNoncharacterCodePoint
    }
  }
}
