import CNcurses
import TallyScreens
import TallySettings

/// Maps a `Style` to ncurses attributes and a colour pair, as the `theme` setting asks.
///
/// Colours only when the terminal has them, `NO_COLOR` is unset and the theme is not `mono`;
/// every role also carries an attribute, so nothing depends on colour alone.
public struct Palette {
  private let theme: Theme
  private let hasColor: Bool

  /// Not when `NO_COLOR` is set to anything but the empty string (no-color.org).
  public static func allowsColor(environment: [String: String]) -> Bool {
    environment["NO_COLOR"].map(\.isEmpty) ?? true
  }

  init(theme: Theme = .standard, useColor: Bool) {
    self.theme = theme
    let pairs = Self.colorPairs(for: theme)
    guard useColor, !pairs.isEmpty, has_colors() else {
      hasColor = false
      return
    }
    start_color()
    use_default_colors()
    for (index, pair) in pairs.enumerated() {
      init_pair(Int16(index + 1), pair.foreground, pair.background)
    }
    hasColor = true
  }

  /// The colour pairs 1, 2 and 3 (accent, warning, success) of `theme`; -1 is the terminal's own.
  static func colorPairs(for theme: Theme) -> [(foreground: Int16, background: Int16)] {
    switch theme {
    // Chosen to read on both dark and light backgrounds.
    case .standard: [(Int16(COLOR_MAGENTA), -1), (Int16(COLOR_RED), -1), (Int16(COLOR_GREEN), -1)]
    // Solid backgrounds, whatever the terminal's own.
    case .highContrast:
      [
        (Int16(COLOR_BLACK), Int16(COLOR_YELLOW)), (Int16(COLOR_WHITE), Int16(COLOR_RED)),
        (Int16(COLOR_BLACK), Int16(COLOR_GREEN)),
      ]
    case .mono: []
    }
  }

  func attributes(for style: Style) -> attr_t {
    var attributes = tally_attr_normal()
    if style.bold { attributes |= tally_attr_bold() }
    // Dim text is the hardest to read: high contrast shows hints at full strength.
    if style.dim && theme != .highContrast { attributes |= tally_attr_dim() }
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
