import TallyScreens
import Testing

extension Canvas {
  /// The canvas as a framed picture, for failure messages.
  public var picture: String { TerminalApp.frame(lines, columns: width) }
}

/// Expects `canvas` to show exactly `expected` (trailing spaces ignored).
public func expectLines(
  _ canvas: Canvas, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  let trimmed = expected.map(\.withoutTrailingSpaces)
  #expect(
    canvas.lines == trimmed,
    "the screen was:\n\(canvas.picture)\nexpected:\n\(trimmed.joined(separator: "\n"))",
    sourceLocation: sourceLocation)
}

extension Canvas {
  /// The styles of `row`, one letter per cell, trailing plain cells left out.
  public func styleLine(_ row: Int) -> String {
    var letters = (0..<width).map { column -> Character in
      switch style(column: column, row: row) {
      case .plain: " "
      case .bold: "b"
      case .hint: "h"
      case .title, .button: "A"
      case .selected: "S"
      case .field: "F"
      case .warning: "W"
      default: "?"
      }
    }
    while letters.last == " " { letters.removeLast() }
    return String(letters)
  }
}
