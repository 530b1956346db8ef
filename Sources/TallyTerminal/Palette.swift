import CNcurses
import TallyCore

/// Maps a `Style` to ncurses attributes and a colour pair.
///
/// Colours are used only when the terminal has them and `NO_COLOR` is unset; the text stays
/// on the terminal's own background (`use_default_colors`), and every role also carries an
/// attribute, so nothing depends on colour alone.
public struct Palette {
  private let hasColor: Bool

  /// Whether colour may be used at all.
  ///
  /// It may not when `NO_COLOR` is set to anything but the empty string (no-color.org). A
  /// terminal without colours is checked when the palette starts.
  public static func allowsColor(environment: [String: String]) -> Bool {
    environment["NO_COLOR"].map(\.isEmpty) ?? true
  }

  init(useColor: Bool) {
    guard useColor, has_colors() else {
      hasColor = false
      return
    }
    start_color()
    use_default_colors()
    // Colours chosen to read on both dark and light backgrounds.
    init_pair(1, Int16(COLOR_MAGENTA), -1)
    init_pair(2, Int16(COLOR_RED), -1)
    init_pair(3, Int16(COLOR_GREEN), -1)
    hasColor = true
  }

  func attributes(for style: Style) -> attr_t {
    var attributes = tally_attr_normal()
    if style.bold { attributes |= tally_attr_bold() }
    if style.dim { attributes |= tally_attr_dim() }
    if style.reverse { attributes |= tally_attr_reverse() }
    if style.underline { attributes |= tally_attr_underline() }
    return attributes
  }

  func pair(for style: Style) -> Int16 {
    guard hasColor, let role = style.color else { return 0 }
    switch role {
    case .accent: return 1
    case .warning: return 2
    case .success: return 3
    case .muted: return 0
    }
  }
}
