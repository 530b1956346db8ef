import TallyLocalization
import TallyModel
import TallyPlatform

/// Draws the counter screen where ``CounterLayout`` puts things, and says what a click hits.
public struct CounterView {
  public let model: CounterViewModel
  public let counters: CounterList
  public let goal: GoalSummary?
  /// What last changed the current counter and when (``LastChangeLine``), if anything did.
  public let lastChange: String?

  public init(model: CounterViewModel, counters: CounterList, goal: GoalSummary? = nil, lastChange: String? = nil) {
    self.model = model
    self.counters = counters
    self.goal = goal
    self.lastChange = lastChange
  }

  /// The goal's line: "6 of 8 today", a bar when there is room, the streak, and "✓ goal
  /// reached" once it is (in words as well as colour, for `NO_COLOR`).
  public func progressLine(width: Int) -> String? {
    guard let goal else { return nil }
    let reached = goal.isOver ? tr("  ! over the limit") : goal.isGoalReached ? tr("  ✓ goal reached") : ""
    let streak = goal.currentStreak > 0 ? tr("  streak \(goal.currentStreak)") : ""
    let bar = "  " + goal.bar()
    let candidates = [
      goal.progressWords + bar + reached + streak, goal.progressWords + bar + reached, goal.progressWords + reached,
      goal.progressWords + goal.mark(),
    ]
    return candidates.first { $0.terminalWidth <= width - 2 } ?? TextLayout.clip(candidates[3], width: max(1, width - 2))
  }

  /// The plain-text line that screen readers, copy and paste and scripts read: "Count: 12".
  public var valueLine: String { "\(counters.current.name): \(counters.valueText(of: counters.current))" }

  public func target(column: Int, row: Int, width: Int, height: Int) -> CounterLayout.Target? {
    layout(width: width, height: height).target(column: column, row: row)
  }

  private func layout(width: Int, height: Int) -> CounterLayout {
    CounterLayout(
      counters: counters, width: width, height: height, showsBigDigits: model.settings.showsBigDigits,
      showsLastChange: lastChange != nil)
  }

  public func render(into canvas: inout Canvas) {
    let layout = layout(width: canvas.width, height: canvas.height)
    drawTabs(layout, into: &canvas)
    drawValue(layout, into: &canvas)
    if let row = layout.progressRow, let line = progressLine(width: canvas.width) {
      let style: Style =
        goal?.isOver == true ? .warning : goal?.isGoalReached == true ? Style(bold: true, color: .success) : .plain
      canvas.putCentered(line, row: row, style: style)
    }
    if let row = layout.lastChangeRow, let lastChange {
      canvas.putCentered(TextLayout.clip(lastChange, width: max(1, canvas.width - 2)), row: row, style: .hint)
    }
    if let row = layout.totalRow {
      canvas.putCentered(TextLayout.clip(groupTotal, width: max(1, canvas.width - 2)), row: row, style: .hint)
    }
    drawStatus(layout, into: &canvas)
    canvas.put(hintLine(width: canvas.width), column: 0, row: layout.hintRow, style: .hint)
  }

  private func hintLine(width: Int) -> String {
    switch model.mode {
    case .counting: model.keyMap.hintLine(width: width)
    case .prompt: Prompt.keyMap.hintLine(width: width)
    case .confirmation: Confirmation.keyMap.hintLine(width: width)
    }
  }

  /// "Health: 42 in 3 counters".
  var groupTotal: String {
    let group = counters.currentGroup
    let total = Proportion.sum(group.map(\.shown))
    let name = TerminalText.escaped(counters.current.group ?? CounterLayout.noGroup)
    return tr("\(name): \(total) in \(group.count) counters")
  }

  private func drawTabs(_ layout: CounterLayout, into canvas: inout Canvas) {
    if layout.showsTitle { canvas.put(layout.title, column: 0, row: layout.tabRow, style: .title) }
    if let column = layout.tabs.earlierMarker { canvas.put("‹", column: column, row: layout.tabRow, style: .hint) }
    for tab in layout.tabs.tabs {
      canvas.put(tab.text, column: tab.column, row: layout.tabRow, style: tab.isCurrent ? .selected : .plain)
    }
    if let column = layout.tabs.laterMarker { canvas.put("›", column: column, row: layout.tabRow, style: .hint) }
  }

  private func drawValue(_ layout: CounterLayout, into canvas: inout Canvas) {
    if let origin = layout.digits {
      for (offset, text) in layout.digitRows.enumerated() {
        canvas.put(text, column: origin.column, row: origin.row + offset, style: .bold)
      }
    }
    canvas.putCentered(layout.valueLine, row: layout.valueLineRow, style: layout.digits == nil ? .bold : .plain)
    if let minus = layout.decrement, let plus = layout.increment {
      canvas.put(CounterLayout.decrementButton, column: minus.column, row: minus.row, style: .button)
      if let step = layout.stepLabel { canvas.put(step.text, column: step.column, row: minus.row, style: .hint) }
      canvas.put(CounterLayout.incrementButton, column: plus.column, row: plus.row, style: .button)
    }
  }

  private func drawStatus(_ layout: CounterLayout, into canvas: inout Canvas) {
    let row = layout.statusRow
    // Rows free above the status line, for a long message.
    let spare = row - 1 - (layout.lastChangeRow ?? layout.progressRow ?? layout.decrement?.row ?? layout.valueLineRow)
    switch model.mode {
    case .counting:
      if let status = model.status {
        canvas.putWrapped(status.text, bottom: row, lines: 1 + min(2, spare), style: status.isWarning ? .warning : .plain)
      }
    case .confirmation(let confirmation):
      canvas.putWrapped(confirmation.question, bottom: row, lines: 1, style: .warning)
    case .prompt(let prompt):
      if let error = prompt.error {
        // A prompt may cover the buttons, never the value line.
        let room = min(2, row - 1 - layout.valueLineRow)
        canvas.putWrapped(error, bottom: row - 1, lines: room, style: .warning)
      }
      drawPrompt(prompt, row: row, into: &canvas)
    }
  }

  /// The question, then the field, scrolled to keep the cursor in view.
  private func drawPrompt(_ prompt: Prompt, row: Int, into canvas: inout Canvas) {
    canvas.fill(row: row, style: .plain)
    let question = " " + TextLayout.clip(prompt.question, width: max(1, canvas.width - 12))
    let fieldColumn = canvas.put(question, column: 0, row: row, style: .bold) + 1
    prompt.field.render(into: &canvas, column: fieldColumn, row: row)
  }
}

extension GoalSummary {
  /// A goal reached, as opposed to a limit kept.
  var isGoalReached: Bool { isReached && !goal.isLimit }

  /// Ten cells toward the goal, filled as far as the progress went.
  func bar(full: String = "█", empty: String = "░") -> String {
    let filled = Proportion.level(of: progress, top: goal.amount, levels: 10)
    return String(repeating: full, count: filled) + String(repeating: empty, count: 10 - filled)
  }

  /// ` !` over a limit, ` ✓` (` ok` in ASCII) for a goal reached, or nothing.
  func mark(unicode: Bool = true) -> String {
    isOver ? " !" : isGoalReached ? (unicode ? " ✓" : " ok") : ""
  }
}

extension Canvas {
  /// `text` wrapped onto at most `lines` rows ending at `bottom`, cut with "…", each row cleared first.
  mutating func putWrapped(_ text: String, bottom: Int, lines: Int, style: Style) {
    guard lines > 0 else { return }
    var wrapped = TextLayout.wrap(text, width: width - 1)
    if wrapped.count > lines {
      wrapped = Array(wrapped.prefix(lines))
      wrapped[lines - 1] = TextLayout.clip(wrapped[lines - 1] + "…", width: width - 1)
    }
    for (offset, line) in wrapped.enumerated() {
      let row = bottom - wrapped.count + 1 + offset
      fill(row: row, style: .plain)
      put(" " + line, column: 0, row: row, style: style)
    }
  }
}
