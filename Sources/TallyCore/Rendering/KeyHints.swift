/// The key-hint line at the bottom of a screen.
public enum KeyHints {
  /// The hints joined with two spaces, dropping hints from the end until it fits `width`.
  public static func line(for hints: [(keys: String, summary: String)], width: Int) -> String {
    var parts = hints.map { " \($0.keys) \($0.summary)" }
    while !parts.isEmpty {
      let text = parts.joined(separator: "  ")
      if text.terminalWidth <= width { return text }
      parts.removeLast()
    }
    return ""
  }
}
