import TallyCore
import Testing

extension Canvas {
  /// The canvas as a framed picture, for failure messages.
  public var picture: String {
    let border = "+" + String(repeating: "-", count: width) + "+"
    return ([border] + lines.map { "|" + $0 + String(repeating: " ", count: max(0, width - $0.terminalWidth)) + "|" } + [border])
      .joined(separator: "\n")
  }
}

/// Expects `canvas` to show exactly `expected`, line by line (trailing spaces ignored); on a
/// mismatch the message shows both screens whole.
public func expectLines(
  _ canvas: Canvas, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  let trimmed = expected.map { line in
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
  #expect(
    canvas.lines == trimmed,
    "the screen was:\n\(canvas.picture)\nexpected:\n\(trimmed.joined(separator: "\n"))",
    sourceLocation: sourceLocation)
}
