import TallyLocalization
import TallyModel
import TallyPlatform

/// The Day view: a bar for each hour of one day, the hour now marked.
struct DayView {
  let model: HistoryViewModel
  /// What the app read for the screen.
  let shown: HistorySnapshot

  func render(into canvas: inout Canvas) {
    guard let hours = shown.hours else { return }
    let isToday = hours.day == model.today
    let title = " \(HistorySummary.label(hours.day)) \(UTCTime.civilDate(ofDay: Int64(hours.day)).year)"
    canvas.put(title + (isToday ? tr(" (today)") : ""), column: 0, row: 1, style: .bold)

    let slot = max(1, min(5, (canvas.width - 2) / 24))
    let barWidth = slot >= 3 ? slot - 1 : 1
    let left = max(1, (canvas.width - slot * 24) / 2)
    let labelRow = canvas.height - 5
    let chartTop = HistoryView.top
    // A row left for the amount over the tallest bar.
    let chartHeight = labelRow - chartTop - 1
    let largest = hours.nets.map(\.magnitude).max() ?? 0
    for index in 0..<24 {
      let net = hours.nets[index]
      let column = left + index * slot
      let height =
        largest > 0 && net != 0 ? max(1, Int((Double(net.magnitude) / Double(largest) * Double(chartHeight)).rounded())) : 0
      let current = index == hours.currentIndex
      let style = net < 0 ? Style(color: .warning) : current ? Style(bold: true, color: .accent) : Style(color: .success)
      let bar = String(repeating: net < 0 ? "▒" : "█", count: barWidth)
      for line in 0..<min(height, chartHeight) {
        canvas.put(bar, column: column, row: labelRow - 1 - line, style: style)
      }
      if height == 0 {
        canvas.put(String(repeating: "·", count: barWidth), column: column, row: labelRow - 1, style: .hint)
      } else {
        // The amount over its bar, where it fits.
        let amount = String(net)
        if amount.terminalWidth <= slot { canvas.put(amount, column: column, row: labelRow - 1 - height, style: .hint) }
      }
      // Every hour's number where they fit, every third otherwise.
      let hour = hours.hours[index]
      if slot >= 3 || index % 3 == 0 || current {
        let label = hour < 10 ? "0\(hour)" : "\(hour)"
        canvas.put(label, column: column, row: labelRow, style: current ? .selected : .hint)
      }
    }
    if let current = hours.currentIndex {
      canvas.put(tr("▲ now"), column: left + current * slot, row: labelRow + 1, style: Style(bold: true, color: .accent))
    }

    let changes = hours.changeCounts.reduce(0, +)
    let net = HistoryView.signed(hours.net)
    var summary = tr(count: changes, one: " \(net) in \(changes) change", other: " \(net) in \(changes) changes")
    if largest > 0, let busiest = hours.nets.indices.max(by: { hours.nets[$0].magnitude < hours.nets[$1].magnitude }) {
      let hour = hours.hours[busiest]
      summary += tr(", busiest \(hour < 10 ? "0" : "")\(hour):00 (\(HistoryView.signed(hours.nets[busiest])))")
    }
    canvas.put(TextLayout.clip(summary, width: canvas.width), column: 0, row: labelRow + 2)
    HistoryView.drawHints(
      [
        tr("\(model.hint(.nextView)) view"), tr("\(model.hint(.back))/\(model.hint(.forward)) day"),
        tr("\(model.hint(.now)) today"), tr("\(model.hint(.close)) close"), tr("\(model.hint(.help)) keys"),
      ], into: &canvas)
  }
}
