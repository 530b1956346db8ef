/// A five-row block font for the counter's value: glyphs three columns wide, a blank between.
public enum BigDigits {
  public static let height = 5
  private static let glyphWidth = 3

  /// A `switch`, not a dictionary, which would cost a runtime conformance scan at the first frame.
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

  public static func width(of text: String) -> Int {
    text.isEmpty ? 0 : text.count * (glyphWidth + 1) - 1
  }

  /// The five rows of `text`, or `nil` if it has a character the font lacks.
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
