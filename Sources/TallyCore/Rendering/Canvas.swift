/// A grid of styled cells that views draw into; the terminal copies it to the screen.
///
/// Like ratatui's buffer, a canvas never touches the terminal, so views are tested by
/// comparing its ``lines``. A character two columns wide fills its cell and marks the next
/// one as its continuation; text that does not fit is clipped, never wrapped.
public struct Canvas: Sendable, Equatable {
  /// One screen cell.
  public struct Cell: Sendable, Equatable {
    public var character: Character
    public var style: Style
    /// The right half of a wide character drawn in the cell to the left.
    public var isContinuation: Bool

    public static let blank = Cell(character: " ", style: .plain, isContinuation: false)
  }

  /// A cell of the canvas.
  public struct Position: Sendable, Equatable {
    public var column: Int
    public var row: Int

    public init(column: Int, row: Int) {
      self.column = column
      self.row = row
    }
  }

  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]
  /// Where the terminal shows its cursor, such as the insertion point of a text field;
  /// `nil` hides it.
  public var cursor: Position?

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  public subscript(column: Int, row: Int) -> Cell {
    cells[row * width + column]
  }

  /// Writes `text` from `column` on `row`, clipped to the canvas; returns the column after it.
  @discardableResult
  public mutating func put(_ text: String, column: Int, row: Int, style: Style = .plain) -> Int {
    guard row >= 0, row < height else { return column }
    var x = column
    for character in text {
      let columns = character.terminalWidth
      guard columns > 0 else { continue }
      if x >= width { break }
      if x >= 0 {
        if columns == 2 && x + 1 >= width {
          set(Cell(character: " ", style: style, isContinuation: false), column: x, row: row)
        } else {
          set(Cell(character: character, style: style, isContinuation: false), column: x, row: row)
          if columns == 2 {
            set(Cell(character: " ", style: style, isContinuation: true), column: x + 1, row: row)
          }
        }
      }
      x += columns
    }
    return x
  }

  /// Writes `text` centred on `row`; text wider than the canvas is clipped on the right.
  @discardableResult
  public mutating func putCentered(_ text: String, row: Int, style: Style = .plain) -> Int {
    let column = max(0, (width - text.terminalWidth) / 2)
    return put(text, column: column, row: row, style: style)
  }

  /// Fills a row with `style` (for bars such as a highlighted status line).
  public mutating func fill(row: Int, style: Style) {
    fill(row: row, from: 0, to: width, style: style)
  }

  /// Fills the columns `from..<to` of a row with blanks in `style`, clipped to the canvas.
  public mutating func fill(row: Int, from start: Int, to end: Int, style: Style) {
    guard row >= 0, row < height else { return }
    for column in max(0, start)..<max(max(0, start), min(width, end)) {
      set(Cell(character: " ", style: style, isContinuation: false), column: column, row: row)
    }
  }

  private mutating func set(_ cell: Cell, column: Int, row: Int) {
    let index = row * width + column
    // Overwriting half of a wide character blanks its other half.
    if cells[index].isContinuation, column > 0 {
      cells[index - 1] = Cell(character: " ", style: cells[index - 1].style, isContinuation: false)
    }
    if !cell.isContinuation, column + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1] = .blank
    }
    cells[index] = cell
  }

  /// The text of `row`, wide characters once, trailing spaces removed.
  public func line(_ row: Int) -> String {
    var text = ""
    for column in 0..<width where !self[column, row].isContinuation {
      text.append(self[column, row].character)
    }
    while text.last == " " { text.removeLast() }
    return text
  }

  /// Every row's text, as a test compares it.
  public var lines: [String] { (0..<height).map(line) }
}
