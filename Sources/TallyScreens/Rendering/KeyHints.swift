import TallyLocalization

/// The key-hint line at the bottom of a screen.
public enum KeyHints {
  /// The hints joined with two spaces; while wider than `width`, the hint of lowest priority
  /// (0 unless given; of equal ones, the last) is dropped.
  public static func line(for hints: [(keys: String, summary: String)], priorities: [Int] = [], width: Int) -> String {
    // A summary is a key map's English text, marked where it is written (`trMarked`).
    let parts = hints.map { " \($0.keys) \(tr(verbatim: $0.summary))" }
    let widths = parts.map(\.terminalWidth)
    var kept = Array(hints.indices)
    while !kept.isEmpty {
      let lineWidth = kept.reduce(0) { $0 + widths[$1] } + 2 * (kept.count - 1)
      if lineWidth <= width {
        // Not `joined(separator:)`, whose generic path costs a runtime lookup at the first frame.
        var line = ""
        for (position, index) in kept.enumerated() {
          if position > 0 { line += "  " }
          line += parts[index]
        }
        return line
      }
      let priority: (Int) -> Int = { $0 < priorities.count ? priorities[$0] : 0 }
      let lowest = kept.map(priority).min() ?? 0
      if let position = kept.lastIndex(where: { priority($0) == lowest }) { kept.remove(at: position) }
    }
    return ""
  }
}
