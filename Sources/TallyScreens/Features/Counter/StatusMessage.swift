/// A one-line message on the counter screen's status line, until the next action.
public struct StatusMessage: Sendable, Equatable {
  /// What the message is about, which decides how it looks and how long it stays.
  public enum Kind: Sendable, Equatable {
    /// News, such as an undo.
    case news
    /// A problem with what was asked: a limit, a refused change.
    case warning
    /// The changes or their history did not reach the disk; it stays until they do.
    case saveFailure
  }

  public var text: String
  public var kind: Kind

  public init(_ text: String, kind: Kind) {
    self.text = text
    self.kind = kind
  }

  /// A problem rather than news.
  public var isWarning: Bool { kind != .news }
}
