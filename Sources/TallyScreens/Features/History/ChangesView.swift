import TallyLocalization
import TallyModel
import TallyPlatform

/// The Changes view: every change, newest first, a page at a time.
struct ChangesView {
  let model: HistoryViewModel
  /// What the app read for the screen.
  let shown: HistorySnapshot

  func render(into canvas: inout Canvas) {
    guard let page = shown.changes else { return }
    let headerRow = HistoryView.top - 1
    if page.count == 0 {
      canvas.put(tr(" No changes yet"), column: 0, row: 1, style: .bold)
    } else {
      let first = page.skipped + 1
      let last = page.skipped + page.entries.count
      canvas.put(
        tr(" \(HistoryView.grouped(first))–\(HistoryView.grouped(last)) of \(HistoryView.grouped(page.count)), newest first"),
        column: 0, row: 1, style: .bold)
    }
    let valueWidth = canvas.width >= 60 ? 17 : 0
    let sourceWidth = canvas.width >= 50 ? 10 : 0
    let columns = [1, 19, 27, 27 + valueWidth, 27 + valueWidth + sourceWidth]
    let header = [tr("When"), tr("Change"), valueWidth > 0 ? tr("Value") : "", sourceWidth > 0 ? tr("By") : "", tr("Note")]
    for (column, title) in zip(columns, header) where !title.isEmpty {
      canvas.put(title, column: column, row: headerRow, style: .hint)
    }
    for (offset, entry) in page.entries.prefix(canvas.height - HistoryView.top - 3).enumerated() {
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
    HistoryView.drawHints(
      [
        tr("\(model.hint(.nextView)) view"), tr("\(model.hint(.back)) older"), tr("\(model.hint(.forward)) newer"),
        tr("\(model.hint(.now)) newest"), tr("\(model.hint(.close)) close"), tr("\(model.hint(.help)) keys"),
      ], into: &canvas)
  }

  /// `+1`, `-3`, `set 12`, `reset` (``LastChangeLine/label(_:)``), `created`, `renamed` or
  /// `deleted`, and how it is drawn.
  static func what(_ entry: HistoryEntry) -> (String, Style) {
    switch entry.event {
    case .changed:
      let style = entry.action == .reset || entry.netChange < 0 ? Style(color: .warning) : Style(color: .success)
      // A difference is grouped by thousands here, as the view's other numbers are.
      let named = entry.action == .reset || entry.action == .set
      return (named ? LastChangeLine.label(entry) : HistoryView.signed(entry.netChange), style)
    case .created: return (tr("created"), .bold)
    case .renamed: return (tr("renamed"), .bold)
    case .deleted: return (tr("deleted"), .warning)
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
