/// How a cell is drawn: attributes that read on any terminal, plus an optional colour role.
///
/// Colours are roles, not values: the terminal layer maps them to a palette that suits dark
/// and light backgrounds, or drops them (keeping the attributes) under `NO_COLOR` or on a
/// terminal without colour.
public struct Style: Hashable, Sendable {
  /// What a coloured cell means; the terminal chooses the actual colour.
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
  /// The counter on screen, in the tab row.
  public static let selected = Style(bold: true, reverse: true, color: .accent)
  /// Something to click, such as `[ + ]`.
  public static let button = Style(bold: true, color: .accent)
  /// A text field being typed into.
  public static let field = Style(underline: true)
}
