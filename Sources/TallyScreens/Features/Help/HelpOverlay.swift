import TallyLocalization

/// Draws the help over a screen: a box of full entries when it fits, otherwise the short
/// ones in two columns or one, cut with "…".
struct HelpOverlay {
  let full: [Help.Entry]
  let short: [Help.Entry]

  func render(into canvas: inout Canvas) {
    let height = canvas.height - 1  // the hint line stays
    if !drawBox(full, into: &canvas, height: height) {
      drawColumns(short, into: &canvas, height: height)
    }
  }

  /// A framed table, centred; `false` if it does not fit.
  private func drawBox(_ entries: [Help.Entry], into canvas: inout Canvas, height: Int) -> Bool {
    let keysWidth = entries.map(\.keys.terminalWidth).max() ?? 0
    let actionWidth = entries.map(\.action.terminalWidth).max() ?? 0
    let inner = 1 + keysWidth + 3 + actionWidth + 1
    let boxWidth = inner + 2
    let boxHeight = entries.count + 2
    guard boxWidth <= canvas.width, boxHeight <= height else { return false }
    let left = (canvas.width - boxWidth) / 2
    let top = (height - boxHeight) / 2
    let title = " " + tr("Keys") + " "
    let rule = String(repeating: "─", count: inner - 1 - title.terminalWidth)
    // On the top row the box would cut the tab strip short: the row is the box's alone.
    canvas.fill(row: top, from: top == 0 ? 0 : left, to: top == 0 ? canvas.width : left + boxWidth, style: .plain)
    canvas.put("┌─" + title + rule + "┐", column: left, row: top, style: .hint)
    canvas.put(title, column: left + 2, row: top, style: .title)
    for (offset, entry) in entries.enumerated() {
      let row = top + 1 + offset
      canvas.fill(row: row, from: left, to: left + boxWidth, style: .plain)
      canvas.put("│", column: left, row: row, style: .hint)
      canvas.put(entry.keys, column: left + 2, row: row, style: .bold)
      canvas.put(entry.action, column: left + 2 + keysWidth + 3, row: row)
      canvas.put("│", column: left + boxWidth - 1, row: row, style: .hint)
    }
    canvas.fill(row: top + boxHeight - 1, from: left, to: left + boxWidth, style: .plain)
    canvas.put("└" + String(repeating: "─", count: inner) + "┘", column: left, row: top + boxHeight - 1, style: .hint)
    return true
  }

  /// The whole screen above the hints: a title row, then the entries.
  private func drawColumns(_ entries: [Help.Entry], into canvas: inout Canvas, height: Int) {
    for row in 0..<max(0, height) { canvas.fill(row: row, style: .plain) }
    guard height > 0 else { return }
    canvas.put(" Keys", column: 0, row: 0, style: .title)
    let rows = height - 1
    guard rows > 0 else { return }
    let keysWidth = entries.map(\.keys.terminalWidth).max() ?? 0
    let entryWidth = keysWidth + 1 + (entries.map(\.action.terminalWidth).max() ?? 0)
    let twoColumns = (entries.count + 1) / 2 <= rows && 1 + entryWidth * 2 + 2 <= canvas.width
    let perColumn = twoColumns ? (entries.count + 1) / 2 : rows
    for (index, entry) in entries.enumerated() {
      let columnIndex = index / perColumn
      guard columnIndex < (twoColumns ? 2 : 1) else { break }
      let row = 1 + index % perColumn
      let column = 1 + columnIndex * (entryWidth + 2)
      let isLastShown = !twoColumns && entries.count > rows && index == rows - 1
      if isLastShown {
        canvas.put("…", column: column, row: row, style: .hint)
        break
      }
      canvas.put(entry.keys, column: column, row: row, style: .bold)
      canvas.put(entry.action, column: column + keysWidth + 1, row: row)
    }
  }
}
