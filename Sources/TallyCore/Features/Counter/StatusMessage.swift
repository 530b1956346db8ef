/// A one-line message on the counter screen's status line, until the next action.
public struct StatusMessage: Sendable, Equatable {
  public var text: String
  /// A problem (a limit, a refused change, a failed save) rather than news (an undo).
  public var isWarning: Bool

  public init(_ text: String, isWarning: Bool) {
    self.text = text
    self.isWarning = isWarning
  }
}
