/// Draws the counter screen: a title, the value in large digits and as plain text, a status
/// line and the key hints.
public struct CounterView {
  public let model: CounterViewModel

  public init(model: CounterViewModel) {
    self.model = model
  }

  /// The plain-text line that screen readers, copy and paste and scripts read.
  public var valueLine: String { "Count: \(model.countText)" }

  /// The smallest canvas the screen fits: the plain value line and the hint line.
  public var minimumSize: (width: Int, height: Int) {
    (max(20, valueLine.terminalWidth), 5)
  }

  public func render(into canvas: inout Canvas) {
    let bottom = canvas.height - 1
    canvas.put(" Tally", column: 0, row: 0, style: .title)
    canvas.put(CounterViewModel.keyMap.hintLine(width: canvas.width), column: 0, row: bottom, style: .hint)
    if let message = model.message {
      canvas.put(message, column: 1, row: bottom - 1, style: .warning)
    }

    // The area between the title and the status line.
    let top = 1
    let areaHeight = max(0, bottom - 1 - top)
    let digits = model.countText
    let bigWidth = BigDigits.width(of: digits)
    let blockHeight = BigDigits.height + 2
    if areaHeight >= blockHeight, bigWidth <= canvas.width, let rows = BigDigits.rows(for: digits) {
      let firstRow = top + (areaHeight - blockHeight) / 2
      let column = (canvas.width - bigWidth) / 2
      for (offset, text) in rows.enumerated() {
        canvas.put(text, column: column, row: firstRow + offset, style: .bold)
      }
      canvas.putCentered(valueLine, row: firstRow + blockHeight - 1)
    } else {
      canvas.putCentered(valueLine, row: top + max(0, areaHeight - 1) / 2, style: .bold)
    }
  }
}
