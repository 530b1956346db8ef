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
