/// A five-row block font for the counter's value.
///
/// Each glyph is three columns wide; glyphs are joined with one blank column.
public enum BigDigits {
  public static let height = 5
  private static let glyphWidth = 3

  private static let glyphs: [Character: [String]] = [
    "0": ["███", "█ █", "█ █", "█ █", "███"],
    "1": ["  █", "  █", "  █", "  █", "  █"],
    "2": ["███", "  █", "███", "█  ", "███"],
    "3": ["███", "  █", "███", "  █", "███"],
    "4": ["█ █", "█ █", "███", "  █", "  █"],
    "5": ["███", "█  ", "███", "  █", "███"],
    "6": ["███", "█  ", "███", "█ █", "███"],
    "7": ["███", "  █", "  █", "  █", "  █"],
    "8": ["███", "█ █", "███", "█ █", "███"],
    "9": ["███", "█ █", "███", "  █", "███"],
    "-": ["   ", "   ", "███", "   ", "   "],
  ]

  /// The columns `text` takes in the block font.
  public static func width(of text: String) -> Int {
    text.isEmpty ? 0 : text.count * (glyphWidth + 1) - 1
  }

  /// The five rows of `text` in the block font, or `nil` if it has a character the font
  /// lacks.
  public static func rows(for text: String) -> [String]? {
    var rows = Array(repeating: "", count: height)
    for (position, character) in text.enumerated() {
      guard let glyph = glyphs[character] else { return nil }
      for row in 0..<height {
        rows[row] += (position == 0 ? "" : " ") + glyph[row]
      }
    }
    return rows
  }
}
