/// A one-line message on the counter screen's status line, until the next action.
public struct StatusMessage: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case news
    case warning
    /// The changes did not reach the disk; it stays until they do.
    case saveFailure
  }

  public var text: String
  public var kind: Kind

  public init(_ text: String, kind: Kind) {
    self.text = text
    self.kind = kind
  }

  public var isWarning: Bool { kind != .news }
}
