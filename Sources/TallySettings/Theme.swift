/// The `theme` setting; the terminal layer maps each to colours (`Palette`).
public enum Theme: String, Sendable, CaseIterable {
  /// Colours that read on dark and light backgrounds.
  case standard = "default"
  /// No colour: attributes (bold, dim, reverse, underline) alone.
  case mono
  /// Bright colours, and no dim text.
  case highContrast = "high-contrast"
}
