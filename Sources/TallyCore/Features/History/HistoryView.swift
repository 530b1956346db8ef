/// Draws a counter's history: a bar per day for the last 14 days (per week or month for a
/// weekly or monthly goal, each period that met the goal marked ✓), totals, the goal's
/// streaks, and the latest changes beside the chart when there is room (below it otherwise).
public struct HistoryView {
  public let model: HistoryViewModel

  public init(model: HistoryViewModel) {
    self.model = model
  }

  public var minimumSize: (width: Int, height: Int) { (30, 8) }

  public func render(into canvas: inout Canvas) {
    let summary = model.summary
    let bottom = canvas.height - 1
    canvas.put(" History of \(model.counter.name)", column: 0, row: 0, style: .title)
    canvas.put(" any key closes", column: 0, row: bottom, style: .hint)
    let (today, week, all) = (
      HistorySummary.signed(summary.today), HistorySummary.signed(summary.thisWeek), HistorySummary.signed(summary.allTime)
    )
    var totals = " Today \(today)   This week \(week)   All time \(all)"
    if totals.count > canvas.width { totals = " Today \(today)  Week \(week)  All \(all)" }
    canvas.put(totals, column: 0, row: bottom - 1, style: .bold)
    var aboveTotals = bottom - 2
    if let line = goalLine {
      canvas.put(line.text, column: 0, row: aboveTotals, style: line.reached ? Style(bold: true, color: .success) : .bold)
      aboveTotals -= 1
    }
    if let notice = model.notice {
      canvas.put(" " + notice, column: 0, row: aboveTotals, style: .warning)
      aboveTotals -= 1
    }

    // The chart: the most recent days (or goal periods) that fit between the title and the totals.
    let chartTop = 2
    let rows = chartRows
    let chartRows = max(0, min(rows.count, aboveTotals - chartTop))
    let sideBySide = canvas.width >= 72
    let chartWidth = sideBySide ? canvas.width * 11 / 20 : canvas.width
    drawChart(Array(rows.suffix(chartRows)), top: chartTop, width: chartWidth, into: &canvas)

    // The latest changes: beside the chart, or in the rows left under it.
    let listColumn = sideBySide ? chartWidth + 1 : 1
    let listTop = sideBySide ? chartTop - 1 : chartTop + chartRows + 1
    let listRows = aboveTotals - listTop
    guard listRows >= 2 else { return }
    canvas.put("Last changes", column: listColumn, row: listTop, style: .bold)
    if summary.recent.isEmpty {
      canvas.put("none yet", column: listColumn, row: listTop + 1, style: .hint)
      return
    }
    for (offset, entry) in summary.recent.prefix(listRows - 1).enumerated() {
      canvas.put(describe(entry), column: listColumn, row: listTop + 1 + offset)
    }
  }

  /// One bar of the chart: a day, or a period of the goal.
  private struct ChartRow {
    var label: String
    var net: Int
    /// Whether the period met the goal; `nil` when the chart is not of the goal's periods.
    var isMet: Bool?
  }

  /// The goal's periods when it has days, weeks or months; the days otherwise.
  private var chartRows: [ChartRow] {
    if let goal = model.goal, goal.goal.period != .total {
      return goal.periods.map { ChartRow(label: $0.label, net: $0.progress, isMet: $0.isMet) }
    }
    return model.summary.days.map { ChartRow(label: $0.label, net: $0.net, isMet: nil) }
  }

  /// "Goal 8/day: 6 of 8 today   streak 3, best 5", or `nil` without a goal.
  private var goalLine: (text: String, reached: Bool)? {
    guard let goal = model.goal else { return nil }
    var text = " Goal \(goal.goal.text): \(goal.progressText)\(goal.isReached ? " ✓ reached" : "")"
    if goal.goal.period != .total { text += "   streak \(goal.currentStreak), best \(goal.bestStreak)" }
    return (text, goal.isReached)
  }

  private func drawChart(_ rows: [ChartRow], top: Int, width: Int, into canvas: inout Canvas) {
    guard let labelWidth = rows.map({ $0.label.count }).max() else { return }
    let marks = rows.contains { $0.isMet != nil }
    let valueWidth = rows.map { HistorySummary.signed($0.net).count + (marks ? 2 : 0) }.max() ?? 1
    let barSpace = max(0, width - 1 - labelWidth - 1 - 1 - valueWidth)
    let largest = rows.map { $0.net.magnitude }.max() ?? 0
    for (offset, day) in rows.enumerated() {
      let row = top + offset
      canvas.put(" " + day.label, column: 0, row: row, style: .hint)
      var length = 0
      if largest > 0, day.net != 0 {
        length = max(1, Int((Double(day.net.magnitude) / Double(largest) * Double(barSpace)).rounded()))
      }
      let bar = String(repeating: day.net >= 0 ? "█" : "▒", count: min(length, barSpace))
      let column = 1 + labelWidth + 1
      let met = day.isMet == true
      let barStyle = met ? Style(color: .success) : day.net >= 0 ? Style(color: .accent) : Style(color: .warning)
      canvas.put(bar, column: column, row: row, style: barStyle)
      let value = HistorySummary.signed(day.net) + (met ? " ✓" : "")
      canvas.put(
        value, column: column + bar.count + (bar.isEmpty ? 0 : 1), row: row,
        style: met ? Style(bold: true, color: .success) : .plain)
    }
  }

  private func describe(_ entry: HistoryEntry) -> String {
    let time = model.formatTime(entry)
    let source = entry.source == .command || entry.machine != nil ? " (\(entry.sourceDescription))" : ""
    switch entry.event {
    case .changed: return "\(time)  \(entry.old.map(String.init) ?? "?") → \(entry.new.map(String.init) ?? "?")\(source)"
    case .created: return "\(time)  created\(source)"
    case .renamed: return "\(time)  renamed \(entry.name)\(source)"
    case .deleted: return "\(time)  deleted\(source)"
    }
  }
}
