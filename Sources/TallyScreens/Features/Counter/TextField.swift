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
