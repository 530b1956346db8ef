/// A five-row block font for the counter's value.
///
/// Each glyph is three columns wide; glyphs are joined with one blank column.
public enum BigDigits {
  public static let height = 5
  private static let glyphWidth = 3

  /// The glyph for `character`, top row first, or `nil` if the font lacks it.
  ///
  /// A `switch`, not a `[Character: [String]]`: building that dictionary at the first frame
  /// made the Swift runtime scan every conformance record for `Character: Hashable`.
  private static func glyph(_ character: Character) -> [String]? {
    switch character {
    case "0": ["███", "█ █", "█ █", "█ █", "███"]
    case "1": ["  █", "  █", "  █", "  █", "  █"]
    case "2": ["███", "  █", "███", "█  ", "███"]
    case "3": ["███", "  █", "███", "  █", "███"]
    case "4": ["█ █", "█ █", "███", "  █", "  █"]
    case "5": ["███", "█  ", "███", "  █", "███"]
    case "6": ["███", "█  ", "███", "█ █", "███"]
    case "7": ["███", "  █", "  █", "  █", "  █"]
    case "8": ["███", "█ █", "███", "█ █", "███"]
    case "9": ["███", "█ █", "███", "  █", "███"]
    case "-": ["   ", "   ", "███", "   ", "   "]
    default: nil
    }
  }

  /// The columns `text` takes in the block font.
  public static func width(of text: String) -> Int {
    text.isEmpty ? 0 : text.count * (glyphWidth + 1) - 1
  }

  /// The five rows of `text` in the block font, or `nil` if it has a character the font
  /// lacks.
  public static func rows(for text: String) -> [String]? {
    var rows = Array(repeating: "", count: height)
    for (position, character) in text.enumerated() {
      guard let glyph = glyph(character) else { return nil }
      for row in 0..<height {
        rows[row] += (position == 0 ? "" : " ") + glyph[row]
      }
    }
    return rows
  }
}
