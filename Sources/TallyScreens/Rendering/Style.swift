/// How a cell is drawn: attributes, and a colour role the terminal maps to its palette or drops.
public struct Style: Hashable, Sendable {
  public enum ColorRole: Hashable, Sendable {
    case accent
    case muted
    case warning
    case success
  }

  public var bold = false
  public var dim = false
  public var reverse = false
  public var underline = false
  public var color: ColorRole?

  public init(bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false, color: ColorRole? = nil) {
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
    self.color = color
  }

  public static let plain = Style()
  public static let bold = Style(bold: true)
  public static let hint = Style(dim: true, color: .muted)
  public static let title = Style(bold: true, color: .accent)
  public static let warning = Style(bold: true, color: .warning)
  public static let selected = Style(bold: true, reverse: true, color: .accent)
  public static let button = Style(bold: true, color: .accent)
  public static let field = Style(underline: true)
}
