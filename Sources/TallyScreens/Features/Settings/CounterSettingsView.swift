import TallyLocalization
import TallyModel
import TallyPlatform

/// Draws a counter's settings: a title, a row per field (the chosen one marked, or open as a
/// text field), what the field takes or why its text was refused, and the keys.
struct CounterSettingsView {
  let model: CounterSettingsViewModel
  let list: CounterList

  /// The title, the seven fields, a status row and the hint line.
  static let minimumSize = (width: 30, height: 10)
  /// The row of the first field.
  static let top = 1
  /// The column of the fields' values: after the longest label in the user's language.
  /// (Each access looks the seven labels up in the catalog: read it once per frame.)
  static var labelWidth: Int { CounterField.allCases.map { label(of: $0).count }.max().map { $0 + 4 } ?? 10 }

  /// A field's name on the screen.
  static func label(of field: CounterField) -> String {
    switch field {
    case .step: tr("step")
    case .goal: tr("goal")
    case .bounds: tr("bounds")
    case .link: tr("link")
    case .alert: tr("alert")
    case .group: tr("group")
    case .name: tr("name")
    }
  }

  /// What each field takes, shown while it is edited.
  static func syntax(of field: CounterField) -> String {
    switch field {
    case .step: tr("a whole number from 1")
    case .goal: tr("8/day, 3/week, 20/month, 300, at most 3/day; empty: none")
    case .bounds: tr("min 0 max 10, min 0 or max 10; empty: none")
    case .link: tr("one on another counter every N: repeats every 12; empty: none")
    case .alert: tr("rings at N, or at every multiple: 100, every 10; empty: none")
    case .group: tr("a group's name, made if new; empty: none")
    case .name: tr("1 to 32 characters, unique ignoring case")
    }
  }

  func render(into canvas: inout Canvas) {
    let counter = model.counter(in: list)
    let title = counter.map { tr("Settings: \(TerminalText.escaped($0.name))") } ?? tr("Settings")
    canvas.put(TextLayout.clip(" Tally  " + title, width: canvas.width), column: 0, row: 0, style: .title)
    let labelWidth = Self.labelWidth
    for (index, field) in CounterField.allCases.enumerated() {
      let row = Self.top + index
      let chosen = field == model.selected
      let label = "  " + Self.label(of: field)
      if chosen { canvas.fill(row: row, style: model.field == nil ? .selected : .plain) }
      canvas.put(label, column: 0, row: row, style: chosen ? (model.field == nil ? .selected : .bold) : .plain)
      if chosen, let field = model.field {
        field.render(into: &canvas, column: labelWidth, row: row)
        continue
      }
      let text = counter.flatMap { field.text(of: $0, in: list) }
      canvas.put(
        TextLayout.clip(text.map(TerminalText.escaped) ?? tr("none"), width: canvas.width - labelWidth),
        column: labelWidth,
        row: row, style: chosen ? .selected : text == nil ? .hint : .plain)
    }
    drawStatus(counter == nil, into: &canvas)
    let hints = model.field == nil ? model.keyMap.hintLine(width: canvas.width) : Prompt.keyMap.hintLine(width: canvas.width)
    canvas.put(hints, column: 0, row: canvas.height - 1, style: .hint)
  }

  /// The refusal, what the open field takes, or the last change's news, on the rows below the fields.
  private func drawStatus(_ deleted: Bool, into canvas: inout Canvas) {
    let status: StatusMessage? =
      if deleted {
        StatusMessage(tr("This counter was deleted."), kind: .warning)
      } else if let error = model.error {
        StatusMessage(error, kind: .warning)
      } else if model.field != nil {
        StatusMessage(Self.syntax(of: model.selected), kind: .news)
      } else {
        model.message
      }
    guard let status else { return }
    let bottom = canvas.height - 2
    let lines = max(1, min(3, bottom - Self.top - CounterField.allCases.count + 1))
    canvas.putWrapped(
      status.text, bottom: bottom, lines: lines, style: status.isWarning ? .warning : model.field == nil ? .plain : .hint)
  }
}
