/// A one-line field, kept as the text before and after the cursor so that an emoji's scalars,
/// typed one at a time, join into one character, and Backspace removes whole characters.
public struct TextField: Sendable, Equatable {
  public static let maximumLength = 256

  public private(set) var beforeCursor: String
  public private(set) var afterCursor: String

  public init(_ text: String = "") {
    beforeCursor = String(text.prefix(Self.maximumLength))
    afterCursor = ""
  }

  public var text: String { beforeCursor + afterCursor }

  public mutating func insert(_ character: Character) {
    var extended = beforeCursor
    extended.append(character)
    // A joiner or combining mark that extends the last character does not count as one more.
    if extended.count > beforeCursor.count, text.count >= Self.maximumLength { return }
    beforeCursor = extended
  }

  public mutating func deleteBackward() {
    if !beforeCursor.isEmpty { beforeCursor.removeLast() }
  }

  public mutating func deleteForward() {
    if !afterCursor.isEmpty { afterCursor.removeFirst() }
  }

  public mutating func moveLeft() {
    guard let last = beforeCursor.popLast() else { return }
    afterCursor.insert(last, at: afterCursor.startIndex)
  }

  public mutating func moveRight() {
    guard let first = afterCursor.first else { return }
    afterCursor.removeFirst()
    beforeCursor.append(first)
  }

  public mutating func moveToStart() {
    afterCursor = beforeCursor + afterCursor
    beforeCursor = ""
  }

  public mutating func moveToEnd() {
    beforeCursor += afterCursor
    afterCursor = ""
  }

  public mutating func clear() {
    beforeCursor = ""
    afterCursor = ""
  }
}

extension TextField {
  /// Applies an editing key of ``Prompt/keyMap`` (a character bound to none is typed);
  /// returns `.confirm` or `.cancel` for the caller to act on.
  public mutating func edit(with key: Key) -> Prompt.Action? {
    guard let action = Prompt.keyMap.action(for: key) else {
      if case .character(let character) = key { insert(character) }
      return nil
    }
    switch action {
    case .confirm, .cancel: return action
    case .deleteBackward: deleteBackward()
    case .deleteForward: deleteForward()
    case .moveLeft: moveLeft()
    case .moveRight: moveRight()
    case .moveToStart: moveToStart()
    case .moveToEnd: moveToEnd()
    case .clear: clear()
    }
    return nil
  }
}

extension TextField {
  /// Draws the field from `column` to the right edge, scrolled to keep the cursor in view.
  func render(into canvas: inout Canvas, column: Int, row: Int) {
    let width = canvas.width - column
    guard width > 0 else { return }
    canvas.fill(row: row, from: column, to: canvas.width, style: .field)
    var shown = beforeCursor
    while !shown.isEmpty, shown.terminalWidth > width - 1 { shown.removeFirst() }
    let cursor = canvas.put(shown, column: column, row: row, style: .field)
    canvas.put(afterCursor, column: cursor, row: row, style: .field)
    canvas.cursor = Canvas.Position(column: cursor, row: row)
  }
}
