/// Draws a counter's history: a bar per day for the last 14 days, totals, and the latest
/// changes beside the chart when there is room (below it otherwise).
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
    if let notice = model.notice { canvas.put(" " + notice, column: 0, row: bottom - 2, style: .warning) }

    // The chart: the most recent days that fit between the title and the totals.
    let chartTop = 2
    let chartRows = max(0, min(summary.days.count, bottom - 2 - chartTop - (model.notice == nil ? 0 : 1)))
    let sideBySide = canvas.width >= 72
    let chartWidth = sideBySide ? canvas.width * 11 / 20 : canvas.width
    let days = summary.days.suffix(chartRows)
    drawChart(days: Array(days), top: chartTop, width: chartWidth, into: &canvas)

    // The latest changes: beside the chart, or in the rows left under it.
    let listColumn = sideBySide ? chartWidth + 1 : 1
    let listTop = sideBySide ? chartTop - 1 : chartTop + chartRows + 1
    let listRows = (bottom - 2) - listTop
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

  private func drawChart(days: [HistorySummary.Day], top: Int, width: Int, into canvas: inout Canvas) {
    guard let labelWidth = days.map({ $0.label.count }).max() else { return }
    let valueWidth = days.map { HistorySummary.signed($0.net).count }.max() ?? 1
    let barSpace = max(0, width - 1 - labelWidth - 1 - 1 - valueWidth)
    let largest = days.map { $0.net.magnitude }.max() ?? 0
    for (offset, day) in days.enumerated() {
      let row = top + offset
      canvas.put(" " + day.label, column: 0, row: row, style: .hint)
      var length = 0
      if largest > 0, day.net != 0 {
        length = max(1, Int((Double(day.net.magnitude) / Double(largest) * Double(barSpace)).rounded()))
      }
      let bar = String(repeating: day.net >= 0 ? "█" : "▒", count: min(length, barSpace))
      let column = 1 + labelWidth + 1
      canvas.put(bar, column: column, row: row, style: day.net >= 0 ? Style(color: .accent) : Style(color: .warning))
      canvas.put(HistorySummary.signed(day.net), column: column + bar.count + (bar.isEmpty ? 0 : 1), row: row)
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
