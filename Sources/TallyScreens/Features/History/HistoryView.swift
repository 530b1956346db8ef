import TallyLocalization
import TallyModel
import TallyPlatform

/// Draws the history screen: the views' tabs and the counter's name, the view, and the keys.
struct HistoryView {
  let model: HistoryViewModel
  /// What the app read for the screen.
  let shown: HistorySnapshot
  /// The view drawn: the one on show, or the Days view when it does not fit
  /// (``HistoryViewModel/drawnPage(in:)``).
  let page: HistoryViewModel.Page
  let unicode: Bool

  /// The smallest screen, the Days view's.
  static let minimumSize = minimumSize(of: .days)

  static func minimumSize(of page: HistoryViewModel.Page) -> (width: Int, height: Int) {
    switch page {
    case .year: (YearMap.weekCount + 6, 14)
    case .day: (34, 12)
    case .days: (30, 8)
    case .changes: (40, 8)
    }
  }

  /// The first row of a view.
  static let top = 3

  func render(into canvas: inout Canvas) {
    drawTabs(into: &canvas)
    switch page {
    case .year: YearView(model: model, shown: shown, unicode: unicode).render(into: &canvas)
    case .day: DayView(model: model, shown: shown).render(into: &canvas)
    case .days: DaysView(model: model, shown: shown).render(into: &canvas)
    case .changes: ChangesView(model: model, shown: shown).render(into: &canvas)
    }
    if let notice = shown.notice {
      canvas.put(" " + TextLayout.clip(notice, width: canvas.width - 2), column: 0, row: canvas.height - 2, style: .warning)
    }
  }

  func target(column: Int, row: Int, width: Int, height: Int) -> HistoryViewModel.Target? {
    if row == 0 {
      return Self.tabColumns().first { $0.columns.contains(column) }.map { .page($0.page) }
    }
    guard page == .year else { return nil }
    return YearView(model: model, shown: shown, unicode: unicode).day(column: column, row: row, width: width, height: height).map
    { .day($0) }
  }

  static func tabColumns() -> [(page: HistoryViewModel.Page, columns: Range<Int>)] {
    var column = 1
    return HistoryViewModel.Page.allCases.map { page in
      let width = page.title.terminalWidth + 2
      defer { column += width + 1 }
      return (page, column..<column + width)
    }
  }

  private func drawTabs(into canvas: inout Canvas) {
    var end = 0
    for (page, columns) in Self.tabColumns() {
      let current = page == self.page
      end = canvas.put(" \(page.title) ", column: columns.lowerBound, row: 0, style: current ? .selected : .hint)
    }
    let name = TextLayout.clip(TerminalText.escaped(model.counter.name), width: canvas.width - end - 3)
    if !name.isEmpty { canvas.put(name, column: canvas.width - name.terminalWidth - 1, row: 0, style: .title) }
  }

  static func drawHints(_ hints: [String], into canvas: inout Canvas) {
    var line = ""
    for hint in hints {
      let next = line + "  " + hint
      if next.terminalWidth > canvas.width - 1 { break }
      line = next
    }
    canvas.put(String(line.dropFirst()), column: 0, row: canvas.height - 1, style: .hint)
  }

  /// "23 Nov 2026".
  static func date(_ day: Int) -> String {
    let date = UTCTime.civilDate(ofDay: Int64(day))
    return "\(date.day) \(tr(verbatim: HistorySummary.months[Int(date.month) - 1])) \(date.year)"
  }

  /// "1,234".
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }

  /// "+1,234", "-3", "0".
  static func signed(_ value: Int) -> String {
    (value > 0 ? "+" : "") + grouped(value)
  }
}
