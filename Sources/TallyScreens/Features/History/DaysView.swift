import TallyLocalization
import TallyModel

/// The Days view: the net change per day (or goal period) in bars, with totals and streaks.
struct DaysView {
  let model: HistoryViewModel
  /// What the app read for the screen.
  let shown: HistorySnapshot

  func render(into canvas: inout Canvas) {
    guard let chart = shown.days, let summary = shown.summary else { return }
    let bottom = canvas.height - 1
    if let first = chart.bars.first, let last = chart.bars.last {
      canvas.put(" \(first.label) – \(last.label)", column: 0, row: 1, style: .bold)
    }
    let totals =
      tr(
        " Today \(HistoryView.signed(summary.today))   This week \(HistoryView.signed(summary.thisWeek))   All time \(HistoryView.signed(summary.allTime))"
      )
    canvas.put(TextLayout.clip(totals, width: canvas.width), column: 0, row: bottom - 2, style: .bold)
    var aboveTotals = bottom - 3
    if let goal = shown.goal {
      let mark =
        goal.isOver ? tr(" ! over the limit") : goal.isReached ? (goal.goal.isLimit ? tr(" within") : tr(" ✓ reached")) : ""
      var text = tr(" Goal \(goal.goal.text): \(goal.progressWords)\(mark)")
      if goal.goal.period != .total { text += tr("   streak \(goal.currentStreak), best \(goal.bestStreak)") }
      canvas.put(
        TextLayout.clip(text, width: canvas.width), column: 0, row: aboveTotals,
        style: goal.isOver ? .warning : goal.isReached ? Style(bold: true, color: .success) : .bold)
      aboveTotals -= 1
    }
    let rows = max(0, min(chart.bars.count, aboveTotals - HistoryView.top))
    drawBars(Array(chart.bars.suffix(rows)), top: HistoryView.top, width: canvas.width, into: &canvas)
    let unit = chart.period == .day ? tr("14 days") : chart.period == .week ? tr("14 weeks") : tr("14 months")
    HistoryView.drawHints(
      [
        tr("\(model.hint(.nextView)) view"), "\(model.hint(.back))/\(model.hint(.forward)) \(unit)",
        tr("\(model.hint(.now)) today"), tr("\(model.hint(.close)) close"), tr("\(model.hint(.help)) keys"),
      ], into: &canvas)
  }

  private func drawBars(_ bars: [DaysChart.Bar], top: Int, width: Int, into canvas: inout Canvas) {
    guard let labelWidth = bars.map({ $0.label.terminalWidth }).max() else { return }
    let marks = bars.contains { $0.isMet != nil }
    let valueWidth = bars.map { HistoryView.signed($0.net).terminalWidth + (marks ? 2 : 0) }.max() ?? 1
    let barSpace = max(0, width - 1 - labelWidth - 1 - 1 - valueWidth)
    let largest = bars.map { $0.net.magnitude }.max() ?? 0
    for (offset, bar) in bars.enumerated() {
      let row = top + offset
      canvas.put(" " + bar.label, column: 0, row: row, style: .hint)
      let length =
        largest > 0 && bar.net != 0 ? max(1, Int((Double(bar.net.magnitude) / Double(largest) * Double(barSpace)).rounded())) : 0
      let text = String(repeating: bar.net >= 0 ? "█" : "▒", count: min(length, barSpace))
      let column = 1 + labelWidth + 1
      let met = bar.isMet == true
      let barStyle = met ? Style(color: .success) : bar.net >= 0 ? Style(color: .accent) : Style(color: .warning)
      canvas.put(text, column: column, row: row, style: barStyle)
      let value = HistoryView.signed(bar.net) + (met ? " ✓" : "")
      canvas.put(
        value, column: column + text.terminalWidth + (text.isEmpty ? 0 : 1), row: row,
        style: met ? Style(bold: true, color: .success) : .plain)
    }
  }
}
