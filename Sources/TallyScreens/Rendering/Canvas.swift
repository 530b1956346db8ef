/// A grid of styled cells that views draw into and the terminal copies to the screen.
///
/// A wide character's second cell is its continuation; text that does not fit is clipped.
/// Cells are plain numbers (a scalar, or an index into a table of characters of several
/// scalars) so that frames are built and compared without reference counting.
public struct Canvas: Sendable {
  public struct Cell: Sendable, Equatable {
    public var character: Character
    public var style: Style
    public var isContinuation: Bool
  }

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
  /// Where the terminal shows its cursor; `nil` hides it.
  public var cursor: Position?

  /// Per cell: a scalar value, `clusterFlag | index` into `clusters`, or `continuation`.
  private var glyphs: [UInt32]
  private var styles: [Style]
  private var clusters: [Character] = []

  private static let space: UInt32 = 0x20
  private static let continuation: UInt32 = 0xFFFF_FFFF
  private static let clusterFlag: UInt32 = 0x8000_0000

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    glyphs = Array(repeating: Self.space, count: self.width * self.height)
    styles = Array(repeating: .plain, count: self.width * self.height)
  }

  public subscript(column: Int, row: Int) -> Cell {
    let index = row * width + column
    return Cell(character: character(at: index), style: styles[index], isContinuation: glyphs[index] == Self.continuation)
  }

  /// The character in a cell (a space for the right half of a wide one).
  public func character(column: Int, row: Int) -> Character {
    character(at: row * width + column)
  }

  public func style(column: Int, row: Int) -> Style {
    styles[row * width + column]
  }

  public func isContinuation(column: Int, row: Int) -> Bool {
    glyphs[row * width + column] == Self.continuation
  }

  /// The cell's character as one scalar value; `nil` for several scalars or a continuation.
  public func scalarValue(column: Int, row: Int) -> UInt32? {
    let glyph = glyphs[row * width + column]
    return glyph & Self.clusterFlag == 0 ? glyph : nil
  }

  /// The columns of `row` from the first that looks different in `other` to the last.
  public func changedColumns(inRow row: Int, comparedWith other: Canvas) -> ClosedRange<Int>? {
    let start = row * width
    var first: Int?
    var last = 0
    glyphs.withUnsafeBufferPointer { mine in
      other.glyphs.withUnsafeBufferPointer { theirs in
        for column in 0..<width {
          let index = start + column
          let (a, b) = (mine[index], theirs[index])
          // Plain scalars (nearly every cell) compare as numbers; clusters by their text.
          let same =
            a & Self.clusterFlag == 0 && b & Self.clusterFlag == 0
            ? a == b && styles[index] == other.styles[index]
            : isSame(column: column, row: row, as: other)
          if !same {
            if first == nil { first = column }
            last = column
          }
        }
      }
    }
    return first.map { $0...last }
  }

  /// Whether a cell looks the same here and in `other` (a canvas of the same size).
  public func isSame(column: Int, row: Int, as other: Canvas) -> Bool {
    let index = row * width + column
    let glyph = glyphs[index]
    guard glyph == other.glyphs[index] || (glyph & Self.clusterFlag != 0 && glyph != Self.continuation) else { return false }
    guard styles[index] == other.styles[index] else { return false }
    return glyph & Self.clusterFlag == 0 || glyph == Self.continuation || character(at: index) == other.character(at: index)
  }

  private func character(at index: Int) -> Character {
    let glyph = glyphs[index]
    if glyph == Self.continuation { return " " }
    if glyph & Self.clusterFlag != 0 { return clusters[Int(glyph & ~Self.clusterFlag)] }
    return Unicode.Scalar(glyph).map(Character.init) ?? " "
  }

  /// Writes `text` from `column` on `row`, clipped to the canvas; returns the column after it.
  @discardableResult
  public mutating func put(_ text: String, column: Int, row: Int, style: Style = .plain) -> Int {
    guard row >= 0, row < height else { return column }
    var x = column
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      // Printable ASCII: one column a byte, no grapheme breaking.
      for byte in text.utf8 {
        if x >= width { break }
        if x >= 0 { set(UInt32(byte), style, column: x, row: row) }
        x += 1
      }
      return x
    }
    if text.unicodeScalars.allSatisfy(Self.isSimple) {
      // One column and one character a scalar (box drawing, blocks, arrows, Latin-1).
      for scalar in text.unicodeScalars {
        if x >= width { break }
        if x >= 0 { set(scalar.value, style, column: x, row: row) }
        x += 1
      }
      return x
    }
    for character in text {
      let columns = character.terminalWidth
      guard columns > 0 else { continue }
      if x >= width { break }
      if x >= 0 {
        if x + columns > width {
          // A wide character cut by the edge: blanks in its place.
          for column in x..<width { set(Self.space, style, column: column, row: row) }
        } else {
          set(glyph(for: character), style, column: x, row: row)
          for column in x + 1..<x + columns { set(Self.continuation, style, column: column, row: row) }
        }
      }
      x += columns
    }
    return x
  }

  /// Writes `text` centred on `row`, clipped on the right.
  @discardableResult
  public mutating func putCentered(_ text: String, row: Int, style: Style = .plain) -> Int {
    let column = max(0, (width - text.terminalWidth) / 2)
    return put(text, column: column, row: row, style: style)
  }

  /// Fills the columns `from..<to` of a row (the whole row unless given) with blanks in `style`.
  public mutating func fill(row: Int, from start: Int = 0, to end: Int = .max, style: Style) {
    guard row >= 0, row < height else { return }
    for column in max(0, start)..<max(max(0, start), min(width, end)) {
      set(Self.space, style, column: column, row: row)
    }
  }

  /// A printable scalar one column wide that never joins another into one character.
  private static func isSimple(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20..<0x7F, 0xA0..<0xAD, 0xAE..<0x300, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x2500...0x259F: true
    default: false
    }
  }

  private mutating func glyph(for character: Character) -> UInt32 {
    let scalars = character.unicodeScalars
    if scalars.count == 1, let scalar = scalars.first { return scalar.value }
    if let index = clusters.firstIndex(of: character) { return Self.clusterFlag | UInt32(index) }
    clusters.append(character)
    return Self.clusterFlag | UInt32(clusters.count - 1)
  }

  private mutating func set(_ glyph: UInt32, _ style: Style, column: Int, row: Int) {
    let index = row * width + column
    // Overwriting half of a wide character blanks its other half.
    if glyphs[index] == Self.continuation, column > 0 {
      glyphs[index - 1] = Self.space
    }
    if glyph != Self.continuation, column + 1 < width, glyphs[index + 1] == Self.continuation {
      glyphs[index + 1] = Self.space
      styles[index + 1] = .plain
    }
    glyphs[index] = glyph
    styles[index] = style
  }

  /// The text of `row`, wide characters once, trailing spaces removed.
  public func line(_ row: Int) -> String {
    var text = ""
    for column in 0..<width where !isContinuation(column: column, row: row) {
      text.append(character(column: column, row: row))
    }
    while text.last == " " { text.removeLast() }
    return text
  }

  public var lines: [String] { (0..<height).map(line) }
}

extension Canvas: Equatable {
  /// Equal when they look the same: size, cursor, and every cell.
  public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
    guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.cursor == rhs.cursor else { return false }
    for row in 0..<lhs.height {
      for column in 0..<lhs.width where !lhs.isSame(column: column, row: row, as: rhs) { return false }
    }
    return true
  }
}
