/// The `alertStyle` setting: what the app does when a counter or a group reaches an alert.
public enum AlertStyle: String, Sendable, CaseIterable {
  /// The terminal's bell (the byte 0x07).
  case bell
  /// The screen flashes (ncurses `flash()`), for a terminal or a room that should stay quiet.
  case flash
  /// Only the notice on the status line.
  case none
}

/// The `theme` setting; the terminal layer maps each to colours (`Palette`).
public enum Theme: String, Sendable, CaseIterable {
  /// Colours that read on dark and light backgrounds.
  case standard = "default"
  /// No colour: attributes (bold, dim, reverse, underline) alone.
  case mono
  /// Bright colours, and no dim text.
  case highContrast = "high-contrast"
}
