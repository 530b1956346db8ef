/// The mouse, as a terminal reports it to the app.
extension TerminalApp {
  /// Clicks the left mouse button on a 0-based cell, a press and a release encoded as ncurses
  /// expects for the `TERM` inside tmux: SGR where terminfo's `kmous` is `\E[<`, else X10.
  public func click(column: Int, row: Int) throws {
    if try usesSGRMouse() {
      try type("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
    } else {
      // The X10 form has one byte per coordinate; tmux sends only ASCII literally.
      guard column + 33 < 128, row + 33 < 128 else {
        throw TestSupportError("the X10 mouse form cannot click at column \(column), row \(row)")
      }
      let at = String(UnicodeScalar(UInt8(column + 33))) + String(UnicodeScalar(UInt8(row + 33)))
      try type("\u{1B}[M " + at + "\u{1B}[M#" + at)
    }
  }

  /// Waits until the screen shows `text`, such as "[ + ]", then clicks its first character.
  public func click(on text: String, timeout: Double = 5) async throws {
    let lines = try await waitFor(text: text, timeout: timeout)
    for (row, line) in lines.enumerated() {
      guard let range = line.firstRange(of: text) else { continue }
      // Columns, not characters: a wide character to the left takes two.
      return try click(column: String(line[..<range.lowerBound]).terminalWidth, row: row)
    }
  }

  private func usesSGRMouse() throws -> Bool {
    let type = try runTmux(["show-options", "-gv", "default-terminal"]).standardOutput.trimmingWhitespace()
    guard let infocmp = Executables.find("infocmp"),
      let description = try? ChildProcess.run(infocmp, ["-1", type]).standardOutput
    else { return false }
    return description.contains("kmous=\\E[<")
  }
}
