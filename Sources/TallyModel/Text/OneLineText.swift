extension String {
  /// The first character that a one-line text kept by Tally (a counter's name, a note) may
  /// not hold: a control character (C0, DEL, C1), a line or paragraph separator, or a
  /// noncharacter; `nil` when there is none.
  var firstScalarRefusedInALine: Unicode.Scalar? {
    unicodeScalars.first {
      [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        || $0.properties.isNoncharacterCodePoint
    }
  }
}

extension String {
  /// The first character a name (a counter's, a group's) may not hold, or `nil`.
  ///
  /// That is what a line may not hold (``firstScalarRefusedInALine``), and an invisible or
  /// direction-changing character, a format character (Cf: U+200B to U+200F, U+202A to
  /// U+202E, U+2066 to U+2069, U+FEFF and the rest), with which two names could look alike.
  /// The joiner inside an emoji (👨‍👩‍👧) and the tags of a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿) are part of one picture,
  /// and are kept.
  var firstScalarRefusedInAName: Unicode.Scalar? {
    if let refused = firstScalarRefusedInALine { return refused }
    for character in self {
      let scalars = Array(character.unicodeScalars)
      let isEmoji = scalars[0].properties.isEmoji
      for (index, scalar) in scalars.enumerated() where scalar.properties.generalCategory == .format {
        // A joiner ends its character unless an emoji follows it (Unicode's grapheme rules).
        let joinsEmoji = scalar == "\u{200D}" && index > 0 && index < scalars.count - 1
        let tagsFlag = (0xE0020...0xE007F).contains(scalar.value) && index > 0
        guard isEmoji, joinsEmoji || tagsFlag else { return scalar }
      }
    }
    return nil
  }
}
