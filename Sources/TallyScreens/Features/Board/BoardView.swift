import TallyLocalization
import TallyModel
import TallyPlatform

/// Draws the board: a title, a row per counter (scrolled to keep the chosen one in sight),
/// the total, the status line and the keys; narrower than ``fullWidth``, each row is only its
/// key, name and value.
struct BoardView {
  let model: BoardViewModel
  let counters: [Counter]
  /// What the app read for the board (``HistorySnapshot/board``), and the terminal.
  let context: ScreenContext
  var unicode: Bool { context.unicode }

  /// The smallest board: one row, a name of 5 columns.
  static let minimumSize = (width: 20, height: 6)
  /// The width from which the rows show the share, today and the last 14 days.
  static let fullWidth = 80
  /// Rows above the counters (title, header) and below them (total, status, keys).
  static let (top, bottom) = (2, 3)

  /// The first counter on screen, so that the chosen one is in sight.
  func firstShown(height: Int) -> Int {
    let room = max(1, height - Self.top - Self.bottom)
    return min(max(0, model.selected - room + 1), max(0, counters.count - room))
  }

  /// The counters drawn at `height`, by index.
  func shown(height: Int) -> Range<Int> {
    let first = firstShown(height: height)
    return first..<max(first, min(counters.count, first + height - Self.top - Self.bottom))
  }

  func target(row: Int, height: Int) -> BoardViewModel.Target? {
    let index = firstShown(height: height) + row - Self.top
    guard row >= Self.top, shown(height: height).contains(index) else { return nil }
    return .row(index)
  }

  func render(into canvas: inout Canvas) {
    let title: String =
      // Before its first key the board shows the current counter's group.
      switch model.scope ?? BoardViewModel.scope(of: context.counters) {
      case .group(let name): tr("Board: \(name ?? tr("No group"))")
      case .everyCounter: tr("Board: every counter")
      }
    canvas.put(" Tally  " + TerminalText.escaped(title), column: 0, row: 0, style: .title)
    let width = canvas.width
    canvas.put(
      Self.line(tr("key"), tr("name"), tr("value"), tr("share"), tr("today"), tr("last 14 days"), width: width), column: 0,
      row: 1, style: .hint)
    let total = Proportion.sum(counters.map(\.shown))
    let shares = Proportion.percentages(of: counters.map(\.shown))
    let shown = shown(height: canvas.height)
    for index in shown {
      canvas.put(
        row(index, share: shares[index], width: width), column: 0, row: Self.top + index - shown.lowerBound,
        style: index == model.selected ? .selected : .plain)
    }
    let shared = shares.contains { $0 != nil }
    canvas.put(
      Self.line("", tr("total"), String(total), shared ? "100%" : "", "", "", width: width), column: 0, row: canvas.height - 3,
      style: .bold)
    let more =
      counters.count > canvas.height - Self.top - Self.bottom ? tr("\(counters.count) counters: Up/Down to see them all") : ""
    let status =
      model.message?.text
      ?? (model.subtracting
        ? tr("\(model.keyMap.binding(for: .subtract)?.label ?? "-") then a row's key subtracts its step") : more)
    canvas.put(
      TextLayout.clip(status, width: canvas.width), column: 0, row: canvas.height - 2,
      style: model.message?.kind == .warning ? .warning : .hint)
    let rows = tr(" 1-9 a-z add")
    canvas.put(
      TextLayout.clip(rows + " " + model.keyMap.hintLine(width: width - rows.count - 1), width: width), column: 0,
      row: canvas.height - 1, style: .hint)
  }

  /// A counter's row; `share` is its percent of the board (``Proportion/percentages(of:)``).
  private func row(_ index: Int, share: Int?, width: Int) -> String {
    let counter = counters[index]
    let key = index < model.rowKeys.count ? String(model.rowKeys[index]) : ""
    let history = (context.history as? BoardAnswer)?.days[counter.id]
    return Self.line(
      key, TerminalText.escaped(counter.name), String(counter.shown), share.map { "\($0)%" } ?? "",
      history?.goal.map(progress) ?? "",
      history.map { sparkline($0.days) } ?? "", width: width)
  }

  /// The columns at their widths: key, name, value, and from ``fullWidth`` share, today, days.
  static func line(
    _ key: String, _ name: String, _ value: String, _ share: String, _ today: String, _ days: String, width: Int
  ) -> String {
    func right(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.terminalWidth)) + text
    }
    let full = width >= fullWidth
    let nameWidth = full ? 18 : max(1, width - 15)
    let named = TextLayout.clip(name, width: nameWidth)
    let start = right(key, 3) + "  " + named + String(repeating: " ", count: nameWidth - named.terminalWidth) + right(value, 9)
    guard full else { return start }
    return start + right(share, 6) + "  " + today + String(repeating: " ", count: max(0, 18 - today.terminalWidth)) + "  " + days
  }

  /// A bar of 10 toward the goal and `6/8`; a limit over is marked `!`.
  private func progress(_ goal: GoalSummary) -> String {
    (unicode ? goal.bar() : goal.bar(full: "#", empty: "-")) + " \(goal.progress)/\(goal.goal.amount)"
      + goal.mark(unicode: unicode)
  }

  /// `▁▂▃▄▅▆▇█`, a level a day scaled to the busiest, or ASCII without Unicode.
  private func sparkline(_ days: [Int]) -> String {
    let levels = unicode ? Array("▁▂▃▄▅▆▇█") : Array("_.-:=+*#")
    let most = max(1, days.max() ?? 0)
    return String(days.map { levels[Proportion.level(of: $0, top: most, levels: 7)] })
  }
}
