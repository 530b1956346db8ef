import TallyDefaults
import TallyLocalization

/// What a note on a change may be, wherever it comes from: one line of at most 200
/// characters, with no control characters.
public enum ChangeNote {
  public static let maximumLength = 200
  /// The most bytes (UTF-8) a note may take: room for 200 characters of long emoji
  /// sequences, and a bound on what one character made of endless combining marks costs.
  public static let maximumByteCount = 8_192

  /// The note `text` trimmed, or ``CounterError/invalidNote(_:)`` for an empty note, one too
  /// long, or one with a control character, a line or paragraph separator or a noncharacter.
  public static func checked(_ text: String) throws(CounterError) -> String {
    if let refused = text.firstScalarRefusedInALine {
      let what = refused.properties.isNoncharacterCodePoint ? tr("noncharacters") : tr("control characters or line breaks")
      throw .invalidNote(
        tr("a note is one line without \(what) (it holds \(refused.codePoint))"))
    }
    // Spaces only: the tabs and line breaks it also trims were refused above.
    let trimmed = text.trimmingXMLWhitespace()
    guard !trimmed.isEmpty else { throw .invalidNote(tr("a note cannot be empty")) }
    guard trimmed.count <= maximumLength else {
      throw .invalidNote(tr("a note can have at most \(maximumLength) characters, not \(trimmed.count)"))
    }
    guard trimmed.utf8.count <= maximumByteCount else {
      throw .invalidNote(tr("a note can take at most \(maximumByteCount) bytes of UTF-8, not \(trimmed.utf8.count)"))
    }
    return trimmed
  }

  /// Whether `note`, read from elsewhere, is a note as ``checked(_:)`` leaves one.
  public static func isValid(_ note: String) -> Bool {
    (try? checked(note)) == note
  }
}
