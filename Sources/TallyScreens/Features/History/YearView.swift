import TallyLocalization
import TallyModel
import TallyPlatform

/// The Year view: the heat map with months and weekdays, a legend, and the year's total.
struct YearView {
  let model: HistoryViewModel
  /// What the app read for the screen.
  let shown: HistorySnapshot
  let unicode: Bool

  static let weekdays = [tr("Mon"), tr("Tue"), tr("Wed"), tr("Thu"), tr("Fri"), tr("Sat"), tr("Sun")]
  static let unicodeLevels: [Character] = ["·", "░", "▒", "▓", "█"]
  static let asciiLevels: [Character] = [" ", ".", ":", "+", "#"]

  struct Grid {
    /// 1, or 2 and 3 with a gap.
    var cellWidth: Int
    var cellHeight: Int
    var left = 5
    var top = HistoryView.top + 1

    init(width: Int, height: Int) {
      cellWidth = min(3, max(1, (width - 6) / YearMap.weekCount))
      cellHeight = height >= 30 && cellWidth >= 2 ? 2 : 1
    }

    var bottom: Int { top + 7 * cellHeight }
  }

  func glyph(level: Int) -> Character {
    (unicode ? Self.unicodeLevels : Self.asciiLevels)[level]
  }

  /// A day that met the goal, or went over a limit: a mark, not only a colour.
  var metMark: (glyph: Character, style: Style) {
    model.counter.goal?.isLimit == true
      ? (unicode ? "✗" : "!", .warning) : (unicode ? "✓" : "*", Style(bold: true, color: .accent))
  }

  static func style(level: Int) -> Style {
    switch level {
    case 0: .hint
    case 1: Style(dim: true, color: .success)
    case 4: Style(bold: true, color: .success)
    default: Style(color: .success)
    }
  }

  func day(column: Int, row: Int, width: Int, height: Int) -> Int? {
    let grid = Grid(width: width, height: height)
    guard column >= grid.left, row >= grid.top, row < grid.bottom else { return nil }
    let week = (column - grid.left) / grid.cellWidth
    guard week < YearMap.weekCount else { return nil }
    guard let map = shown.year else { return nil }
    let day = map.firstDay + week * 7 + (row - grid.top) / grid.cellHeight
    return day <= map.lastDay ? day : nil
  }

  func render(into canvas: inout Canvas) {
    guard let map = shown.year else { return }
    let grid = Grid(width: canvas.width, height: canvas.height)
    let range = "\(HistoryView.date(map.firstDay)) – \(HistoryView.date(map.lastDay))"
    canvas.put(" " + range + (map.lastDay == model.today ? "" : tr("   (t: back to today)")), column: 0, row: 1, style: .bold)
    drawMonths(map, grid: grid, into: &canvas)
    drawDays(map, grid: grid, into: &canvas)
    let legendRow = grid.bottom + 1
    drawLegend(map, row: legendRow, into: &canvas)

    let (amount, activeDays) = map.total
    let counted = HistoryView.grouped(amount)
    var summary = tr(
      count: activeDays, one: " \(counted) counted on \(activeDays) day", other: " \(counted) counted on \(activeDays) days")
    if map.busiest > 0, let index = map.amounts.firstIndex(of: map.busiest) {
      summary += tr(", busiest \(HistorySummary.label(map.firstDay + index)) (\(HistoryView.grouped(map.busiest)))")
    }
    canvas.put(TextLayout.clip(summary, width: canvas.width), column: 0, row: legendRow + 2)
    if let goal = shown.goal, goal.goal.period != .total {
      let line = tr(" Goal \(goal.goal.text): streak \(goal.currentStreak), best \(goal.bestStreak)")
      canvas.put(TextLayout.clip(line, width: canvas.width), column: 0, row: legendRow + 3)
    }
    HistoryView.drawHints(
      [
        tr("\(model.hint(.nextView)) view"), tr("\(model.hint(.back))/\(model.hint(.forward)) year"),
        tr("\(model.hint(.now)) today"), tr("click a day"), tr("\(model.hint(.close)) close"), tr("\(model.hint(.help)) keys"),
      ], into: &canvas)
  }

  /// Month names over the week each begins in (and the first week when there is room).
  private func drawMonths(_ map: YearMap, grid: Grid, into canvas: inout Canvas) {
    var free = grid.left
    for week in 0..<YearMap.weekCount {
      let days = (0..<7).map { UTCTime.civilDate(ofDay: Int64(map.firstDay + week * 7 + $0)) }
      let column = grid.left + week * grid.cellWidth
      let namesFirstWeek = week == 0 && !(1...3).contains { Self.startsMonth(map.firstDay + $0 * 7) }
      guard let month = days.first(where: { $0.day == 1 }) ?? (namesFirstWeek ? days[0] : nil) else { continue }
      guard column >= free, map.firstDay + week * 7 <= map.lastDay else { continue }
      let name = tr(verbatim: HistorySummary.months[Int(month.month) - 1])
      // The year too where weeks are wide enough: with January, and with the first name.
      let label = grid.cellWidth >= 2 && (month.month == 1 || free == grid.left) ? "\(name) \(month.year)" : name
      free = canvas.put(label, column: column, row: grid.top - 1, style: .hint) + 1
    }
  }

  private func drawDays(_ map: YearMap, grid: Grid, into canvas: inout Canvas) {
    for weekday in 0..<7 {
      canvas.put(" " + Self.weekdays[weekday], column: 0, row: grid.top + weekday * grid.cellHeight, style: .hint)
    }
    let mark = metMark
    for week in 0..<YearMap.weekCount {
      for weekday in 0..<7 {
        let index = week * 7 + weekday
        guard map.firstDay + index <= map.lastDay else { break }
        let met = map.met[index]
        let level = map.level(at: index)
        let character = met ? mark.glyph : glyph(level: level)
        let style = met ? mark.style : Self.style(level: level)
        let cell = String(repeating: String(character), count: grid.cellWidth == 3 ? 2 : 1)
        for line in 0..<grid.cellHeight {
          canvas.put(
            cell, column: grid.left + week * grid.cellWidth, row: grid.top + weekday * grid.cellHeight + line, style: style)
        }
      }
    }
  }

  private func drawLegend(_ map: YearMap, row legendRow: Int, into canvas: inout Canvas) {
    var column = canvas.put(String(glyph(level: 0)), column: 1, row: legendRow, style: Self.style(level: 0))
    column = canvas.put(tr(" none"), column: column, row: legendRow, style: .hint)
    for level in 1...4 {
      guard let amounts = map.range(ofLevel: level) else { continue }
      column = canvas.put("  " + String(glyph(level: level)), column: column, row: legendRow, style: Self.style(level: level))
      let text =
        amounts.lowerBound == amounts.upperBound ? "\(amounts.lowerBound)" : "\(amounts.lowerBound)–\(amounts.upperBound)"
      column = canvas.put(" " + text, column: column, row: legendRow, style: .hint)
    }
    if let goal = model.counter.goal, goal.period != .total {
      column = canvas.put("   " + String(metMark.glyph), column: column, row: legendRow, style: metMark.style)
      let words = goal.isLimit ? tr("over the limit") : goal.period == .day ? tr("goal met") : tr("goal reached")
      canvas.put(
        goal.period == .day ? " \(words)" : " \(goal.period.rawValue)'s \(words)", column: column, row: legendRow, style: .hint)
    }
  }

  private static func startsMonth(_ firstDay: Int) -> Bool {
    (firstDay..<firstDay + 7).contains { UTCTime.civilDate(ofDay: Int64($0)).day == 1 }
  }
}
