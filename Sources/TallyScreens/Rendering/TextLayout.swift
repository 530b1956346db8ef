/// Word wrapping for paragraphs drawn into a canvas.
public enum TextLayout {
  /// Lines no wider than `width`, broken at spaces (a longer word inside).
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        var word = String(word)
        while word.terminalWidth > width {
          if !line.isEmpty {
            lines.append(line)
            line = ""
          }
          var head = ""
          for character in word {
            if (head + String(character)).terminalWidth > width { break }
            head.append(character)
          }
          lines.append(head)
          word.removeFirst(head.count)
        }
        if line.isEmpty {
          line = word
        } else if (line + " " + word).terminalWidth <= width {
          line += " " + word
        } else {
          lines.append(line)
          line = word
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// `text` cut to `width` columns, ending in "…" when cut.
  public static func clip(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    guard text.terminalWidth > width else { return text }
    var clipped = ""
    var used = 0
    for character in text {
      let columns = character.terminalWidth
      if used + columns > width - 1 { break }
      clipped.append(character)
      used += columns
    }
    return clipped + "…"
  }
}
