/// Draws the history screen: a row of the four views' tabs with the counter's name, a line
/// that says what the view shows, the view, and the keys.
///
/// Every view fits 80×24. Below a view's own smallest size it says what it would show and
/// what size it needs, and the tabs still switch to another.
public struct HistoryView {
  public let model: HistoryViewModel
  /// Whether the terminal shows Unicode; without it the heat map's shading is `.:+#`.
  public let unicode: Bool

  public init(model: HistoryViewModel, unicode: Bool = true) {
    self.model = model
    self.unicode = unicode
  }

  /// The smallest screen the history draws on at all: its tabs, and a view's message.
  public var minimumSize: (width: Int, height: Int) { (30, 8) }

  /// The smallest screen each view draws on.
  public static func minimumSize(of page: HistoryViewModel.Page) -> (width: Int, height: Int) {
    switch page {
    case .year: (YearMap.weekCount + 6, 14)
    case .day: (34, 12)
    case .days: (30, 8)
    case .changes: (40, 8)
    }
  }

  /// The first row of a view, under the tabs and the line that says what it shows.
  static let top = 3

  public func render(into canvas: inout Canvas) {
    drawTabs(into: &canvas)
    let minimum = Self.minimumSize(of: model.page)
    guard canvas.width >= minimum.width, canvas.height >= minimum.height else {
      let message =
        "The \(model.page.title) view needs \(minimum.width)x\(minimum.height), this is \(canvas.width)x\(canvas.height). "
        + "Tab shows another view."
      for (offset, line) in TextLayout.wrap(message, width: canvas.width - 2).prefix(canvas.height - 3).enumerated() {
        canvas.put(" " + line, column: 0, row: 2 + offset, style: .warning)
      }
      drawHints(["Tab view", "q close"], into: &canvas)
      return
    }
    switch model.page {
    case .year: YearView(model: model, unicode: unicode).render(into: &canvas)
    case .day: DayView(model: model).render(into: &canvas)
    case .days: DaysView(model: model).render(into: &canvas)
    case .changes: ChangesView(model: model).render(into: &canvas)
    }
    if let notice = model.notice {
      canvas.put(" " + TextLayout.clip(notice, width: canvas.width - 2), column: 0, row: canvas.height - 2, style: .warning)
    }
  }

  /// What a click at a cell hits: a tab, or a day of the year.
  public func target(column: Int, row: Int, width: Int, height: Int) -> HistoryViewModel.Target? {
    if row == 0 {
      return Self.tabColumns().first { $0.columns.contains(column) }.map { .page($0.page) }
    }
    let minimum = Self.minimumSize(of: model.page)
    guard model.page == .year, width >= minimum.width, height >= minimum.height else { return nil }
    return YearView(model: model, unicode: unicode).day(column: column, row: row, width: width, height: height).map { .day($0) }
  }

  /// Where each view's tab is on the first row.
  static func tabColumns() -> [(page: HistoryViewModel.Page, columns: Range<Int>)] {
    var column = 1
    return HistoryViewModel.Page.allCases.map { page in
      let width = page.title.count + 2
      defer { column += width + 1 }
      return (page, column..<column + width)
    }
  }

  private func drawTabs(into canvas: inout Canvas) {
    var end = 0
    for (page, columns) in Self.tabColumns() {
      let current = page == model.page
      end = canvas.put(" \(page.title) ", column: columns.lowerBound, row: 0, style: current ? .selected : .hint)
    }
    let name = TextLayout.clip(TerminalText.escaped(model.counter.name), width: canvas.width - end - 3)
    if !name.isEmpty { canvas.put(name, column: canvas.width - name.terminalWidth - 1, row: 0, style: .title) }
  }

  /// The keys of a view, on the last row: as many as fit.
  static func hints(_ hints: [String], width: Int) -> String {
    var line = ""
    for hint in hints {
      let next = line + "  " + hint
      if next.terminalWidth > width - 1 { break }
      line = next
    }
    return String(line.dropFirst())
  }

  func drawHints(_ hints: [String], into canvas: inout Canvas) {
    canvas.put(Self.hints(hints, width: canvas.width), column: 0, row: canvas.height - 1, style: .hint)
  }

  /// "23 Nov 2026".
  static func date(_ day: Int) -> String {
    let date = UTCTime.civilDate(ofDay: Int64(day))
    return "\(date.day) \(HistorySummary.months[Int(date.month) - 1]) \(date.year)"
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

/// The Year view: 53 weeks of days as a heat map, month names above, weekday names beside,
/// a legend, and the year's total.
struct YearView {
  let model: HistoryViewModel
  let unicode: Bool

  static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  static let unicodeLevels: [Character] = ["·", "░", "▒", "▓", "█"]
  static let asciiLevels: [Character] = [" ", ".", ":", "+", "#"]

  /// Where the grid goes on a screen of a size.
  struct Grid {
    /// Columns a week takes: 1, or 2 and 3 with a gap.
    var cellWidth: Int
    /// Rows a day takes.
    var cellHeight: Int
    var left: Int
    var top: Int

    init(width: Int, height: Int) {
      cellWidth = min(3, max(1, (width - 6) / YearMap.weekCount))
      cellHeight = height >= 30 && cellWidth >= 2 ? 2 : 1
      left = 5
      top = HistoryView.top + 1
    }

    var bottom: Int { top + 7 * cellHeight }
  }

  func glyph(level: Int) -> Character {
    (unicode ? Self.unicodeLevels : Self.asciiLevels)[level]
  }

  var metGlyph: Character { unicode ? "✓" : "*" }

  static func style(level: Int) -> Style {
    switch level {
    case 0: .hint
    case 1: Style(dim: true, color: .success)
    case 4: Style(bold: true, color: .success)
    default: Style(color: .success)
    }
  }

  static let metStyle = Style(bold: true, color: .accent)

  /// The day at a cell of the grid, if one is there and not in the future.
  func day(column: Int, row: Int, width: Int, height: Int) -> Int? {
    let grid = Grid(width: width, height: height)
    guard column >= grid.left, row >= grid.top, row < grid.bottom else { return nil }
    let week = (column - grid.left) / grid.cellWidth
    guard week < YearMap.weekCount else { return nil }
    let map = model.year
    let day = map.firstDay + week * 7 + (row - grid.top) / grid.cellHeight
    return day <= map.lastDay ? day : nil
  }

  func render(into canvas: inout Canvas) {
    let map = model.year
    let grid = Grid(width: canvas.width, height: canvas.height)
    let range = "\(HistoryView.date(map.firstDay)) – \(HistoryView.date(map.lastDay))"
    canvas.put(" " + range + (map.lastDay == model.today ? "" : "   (t: back to today)"), column: 0, row: 1, style: .bold)

    // Month names over the week in which each month begins (and over the first week, when
    // the next name leaves room), the year with January and with the first.
    var free = grid.left
    for week in 0..<YearMap.weekCount {
      let days = (0..<7).map { UTCTime.civilDate(ofDay: Int64(map.firstDay + week * 7 + $0)) }
      let column = grid.left + week * grid.cellWidth
      let month: (year: Int64, month: Int64, day: Int64)
      if let first = days.first(where: { $0.day == 1 }) {
        month = first
      } else if week == 0, !(1...3).contains(where: { Self.startsMonth(map.firstDay + $0 * 7) }) {
        month = days[0]
      } else {
        continue
      }
      guard column >= free, map.firstDay + week * 7 <= map.lastDay else { continue }
      let name = HistorySummary.months[Int(month.month) - 1]
      // The year too where weeks are wide enough: with January, and with the first name.
      let label = grid.cellWidth >= 2 && (month.month == 1 || free == grid.left) ? "\(name) \(month.year)" : name
      free = canvas.put(label, column: column, row: grid.top - 1, style: .hint) + 1
    }

    for weekday in 0..<7 {
      canvas.put(" " + Self.weekdays[weekday], column: 0, row: grid.top + weekday * grid.cellHeight, style: .hint)
    }
    for week in 0..<YearMap.weekCount {
      for weekday in 0..<7 {
        let index = week * 7 + weekday
        guard map.firstDay + index <= map.lastDay else { break }
        let met = map.met[index]
        let level = map.level(at: index)
        let character = met ? metGlyph : glyph(level: level)
        let style = met ? Self.metStyle : Self.style(level: level)
        let cell = String(repeating: String(character), count: grid.cellWidth == 3 ? 2 : 1)
        for line in 0..<grid.cellHeight {
          canvas.put(
            cell, column: grid.left + week * grid.cellWidth, row: grid.top + weekday * grid.cellHeight + line, style: style)
        }
      }
    }

    // The legend: what each level holds, and the goal's mark.
    var column = 1
    let legendRow = grid.bottom + 1
    column = canvas.put(String(glyph(level: 0)), column: column, row: legendRow, style: Self.style(level: 0))
    column = canvas.put(" none", column: column, row: legendRow, style: .hint)
    for level in 1...4 {
      guard let amounts = map.range(ofLevel: level) else { continue }
      column = canvas.put("  " + String(glyph(level: level)), column: column, row: legendRow, style: Self.style(level: level))
      let text =
        amounts.lowerBound == amounts.upperBound ? "\(amounts.lowerBound)" : "\(amounts.lowerBound)–\(amounts.upperBound)"
      column = canvas.put(" " + text, column: column, row: legendRow, style: .hint)
    }
    if let goal = model.counter.goal, goal.period != .total {
      column = canvas.put("   " + String(metGlyph), column: column, row: legendRow, style: Self.metStyle)
      canvas.put(
        goal.period == .day ? " goal met" : " \(goal.period.rawValue)'s goal reached", column: column, row: legendRow,
        style: .hint)
    }

    let (amount, activeDays) = map.total
    var summary = " \(HistoryView.grouped(amount)) counted on \(activeDays) day\(activeDays == 1 ? "" : "s")"
    if map.busiest > 0, let index = map.amounts.firstIndex(of: map.busiest) {
      summary += ", busiest \(HistorySummary.label(map.firstDay + index)) (\(HistoryView.grouped(map.busiest)))"
    }
    canvas.put(TextLayout.clip(summary, width: canvas.width), column: 0, row: legendRow + 2)
    if let goal = model.goal, goal.goal.period != .total {
      let line = " Goal \(goal.goal.text): streak \(goal.currentStreak), best \(goal.bestStreak)"
      canvas.put(TextLayout.clip(line, width: canvas.width), column: 0, row: legendRow + 3)
    }
    HistoryView(model: model, unicode: unicode).drawHints(
      ["Tab view", "←/→ year", "t today", "click a day", "q close"], into: &canvas)
  }

  private static func startsMonth(_ firstDay: Int) -> Bool {
    (firstDay..<firstDay + 7).contains { UTCTime.civilDate(ofDay: Int64($0)).day == 1 }
  }
}

/// The Day view: a bar for each hour of one day, the hour now marked.
struct DayView {
  let model: HistoryViewModel

  func render(into canvas: inout Canvas) {
    let hours = model.hours
    let isToday = hours.day == model.today
    let title = " \(HistorySummary.label(hours.day)) \(UTCTime.civilDate(ofDay: Int64(hours.day)).year)"
    canvas.put(title + (isToday ? " (today)" : ""), column: 0, row: 1, style: .bold)

    let slot = max(1, min(5, (canvas.width - 2) / 24))
    let barWidth = slot >= 3 ? slot - 1 : 1
    let left = max(1, (canvas.width - slot * 24) / 2)
    let labelRow = canvas.height - 5
    let chartTop = HistoryView.top
    // The top row is left for the amount over the tallest bar.
    let chartHeight = labelRow - chartTop - 1
    let largest = hours.nets.map(\.magnitude).max() ?? 0
    for index in 0..<24 {
      let net = hours.nets[index]
      let column = left + index * slot
      var height = 0
      if largest > 0, net != 0 {
        height = max(1, Int((Double(net.magnitude) / Double(largest) * Double(chartHeight)).rounded()))
      }
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
        if amount.count <= slot { canvas.put(amount, column: column, row: labelRow - 1 - height, style: .hint) }
      }
      // Every hour's number where they fit, every third otherwise.
      let hour = hours.hours[index]
      if slot >= 3 || index % 3 == 0 || current {
        let label = hour < 10 ? "0\(hour)" : "\(hour)"
        canvas.put(label, column: column, row: labelRow, style: current ? .selected : .hint)
      }
    }
    if let current = hours.currentIndex {
      canvas.put("▲ now", column: left + current * slot, row: labelRow + 1, style: Style(bold: true, color: .accent))
    }

    let changes = hours.changeCounts.reduce(0, +)
    var summary = " \(HistoryView.signed(hours.net)) in \(changes) change\(changes == 1 ? "" : "s")"
    if largest > 0, let busiest = hours.nets.indices.max(by: { hours.nets[$0].magnitude < hours.nets[$1].magnitude }) {
      let hour = hours.hours[busiest]
      summary += ", busiest \(hour < 10 ? "0" : "")\(hour):00 (\(HistoryView.signed(hours.nets[busiest])))"
    }
    canvas.put(TextLayout.clip(summary, width: canvas.width), column: 0, row: labelRow + 2)
    HistoryView(model: model).drawHints(["Tab view", "←/→ day", "t today", "q close"], into: &canvas)
  }
}

/// The Days view: the net change per day (or per week or month of the goal) in bars, the
/// periods that met the goal marked, with the totals and the goal's streaks.
struct DaysView {
  let model: HistoryViewModel

  func render(into canvas: inout Canvas) {
    let chart = model.days
    let summary = model.summary
    let bottom = canvas.height - 1
    if let first = chart.bars.first, let last = chart.bars.last {
      canvas.put(" \(first.label) – \(last.label)", column: 0, row: 1, style: .bold)
    }
    let totals =
      " Today \(HistoryView.signed(summary.today))   This week \(HistoryView.signed(summary.thisWeek))"
      + "   All time \(HistoryView.signed(summary.allTime))"
    canvas.put(TextLayout.clip(totals, width: canvas.width), column: 0, row: bottom - 2, style: .bold)
    var aboveTotals = bottom - 3
    if let goal = model.goal {
      var text = " Goal \(goal.goal.text): \(goal.progressText)\(goal.isReached ? " ✓ reached" : "")"
      if goal.goal.period != .total { text += "   streak \(goal.currentStreak), best \(goal.bestStreak)" }
      canvas.put(
        TextLayout.clip(text, width: canvas.width), column: 0, row: aboveTotals,
        style: goal.isReached ? Style(bold: true, color: .success) : .bold)
      aboveTotals -= 1
    }
    let rows = max(0, min(chart.bars.count, aboveTotals - HistoryView.top))
    drawBars(Array(chart.bars.suffix(rows)), top: HistoryView.top, width: canvas.width, into: &canvas)
    let unit = chart.period == .day ? "14 days" : "14 \(chart.period.rawValue)s"
    HistoryView(model: model).drawHints(["Tab view", "←/→ \(unit)", "t today", "q close"], into: &canvas)
  }

  private func drawBars(_ bars: [DaysChart.Bar], top: Int, width: Int, into canvas: inout Canvas) {
    guard let labelWidth = bars.map({ $0.label.count }).max() else { return }
    let marks = bars.contains { $0.isMet != nil }
    let valueWidth = bars.map { HistoryView.signed($0.net).count + (marks ? 2 : 0) }.max() ?? 1
    let barSpace = max(0, width - 1 - labelWidth - 1 - 1 - valueWidth)
    let largest = bars.map { $0.net.magnitude }.max() ?? 0
    for (offset, bar) in bars.enumerated() {
      let row = top + offset
      canvas.put(" " + bar.label, column: 0, row: row, style: .hint)
      var length = 0
      if largest > 0, bar.net != 0 {
        length = max(1, Int((Double(bar.net.magnitude) / Double(largest) * Double(barSpace)).rounded()))
      }
      let text = String(repeating: bar.net >= 0 ? "█" : "▒", count: min(length, barSpace))
      let column = 1 + labelWidth + 1
      let met = bar.isMet == true
      let barStyle = met ? Style(color: .success) : bar.net >= 0 ? Style(color: .accent) : Style(color: .warning)
      canvas.put(text, column: column, row: row, style: barStyle)
      let value = HistoryView.signed(bar.net) + (met ? " ✓" : "")
      canvas.put(
        value, column: column + text.count + (text.isEmpty ? 0 : 1), row: row,
        style: met ? Style(bold: true, color: .success) : .plain)
    }
  }
}

/// The Changes view: every change, newest first, a page at a time: when, what, the value
/// before and after, where it came from, and its note.
struct ChangesView {
  let model: HistoryViewModel

  func render(into canvas: inout Canvas) {
    let rows = canvas.height - HistoryView.top - 3
    let page = model.changes(rows: rows)
    let headerRow = HistoryView.top - 1
    if page.count == 0 {
      canvas.put(" No changes yet", column: 0, row: 1, style: .bold)
    } else {
      let first = page.skipped + 1
      let last = page.skipped + page.entries.count
      canvas.put(
        " \(HistoryView.grouped(first))–\(HistoryView.grouped(last)) of \(HistoryView.grouped(page.count)), newest first",
        column: 0, row: 1, style: .bold)
    }
    let valueWidth = canvas.width >= 60 ? 17 : 0
    let sourceWidth = canvas.width >= 50 ? 10 : 0
    // When, what, value, by, note.
    let columns = [1, 19, 27, 27 + valueWidth, 27 + valueWidth + sourceWidth]
    let header = ["When", "Change", valueWidth > 0 ? "Value" : "", sourceWidth > 0 ? "By" : "", "Note"]
    for (column, title) in zip(columns, header) where !title.isEmpty {
      canvas.put(title, column: column, row: headerRow, style: .hint)
    }
    for (offset, entry) in page.entries.enumerated() {
      let row = HistoryView.top + offset
      canvas.put(model.time(entry.time), column: columns[0], row: row)
      let (what, style) = Self.what(entry)
      canvas.put(TextLayout.clip(what, width: 7), column: columns[1], row: row, style: style)
      if valueWidth > 0 {
        canvas.put(TextLayout.clip(Self.values(entry), width: valueWidth - 1), column: columns[2], row: row)
      }
      if sourceWidth > 0 {
        let source = entry.machine.map(TerminalText.escaped) ?? entry.source.rawValue
        canvas.put(TextLayout.clip(source, width: sourceWidth - 1), column: columns[3], row: row, style: .hint)
      }
      if let note = entry.note {
        canvas.put(
          TextLayout.clip(TerminalText.escaped(note), width: max(0, canvas.width - columns[4] - 1)), column: columns[4], row: row)
      }
    }
    HistoryView(model: model).drawHints(["Tab view", "← older", "→ newer", "t newest", "q close"], into: &canvas)
  }

  /// `+1`, `-3`, `reset`, `created`, `renamed` or `deleted`, and how it is drawn.
  static func what(_ entry: HistoryEntry) -> (String, Style) {
    switch entry.event {
    case .changed:
      if entry.new == 0 && (entry.old ?? 0) != 0 { return ("reset", Style(color: .warning)) }
      let net = entry.netChange
      return (HistoryView.signed(net), net < 0 ? Style(color: .warning) : Style(color: .success))
    case .created: return ("created", .bold)
    case .renamed: return ("renamed", .bold)
    case .deleted: return ("deleted", .warning)
    }
  }

  /// `12 → 13`, or the name a rename gave.
  static func values(_ entry: HistoryEntry) -> String {
    switch entry.event {
    case .changed: return "\(entry.old.map(String.init) ?? "?") → \(entry.new.map(String.init) ?? "?")"
    case .renamed: return TerminalText.escaped(entry.name)
    case .created, .deleted: return ""
    }
  }
}
