import TallyTestSupport
import Testing

/// The real app in German, as a user on a container with only `C.UTF-8` gets it from
/// `LANG=de_DE.UTF-8`: the screens' words from the German catalog, drawn in UTF-8 (umlauts,
/// box lines), and what the counter does unchanged.
struct GermanAppUITests {
  let test: UITestCase
  var app: TerminalApp { test.app }

  init() throws {
    test = try UITestCase()
    // LC_ALL empty is no choice, so LANG decides, as in a user's shell.
    app.launchEnvironment = ["LC_ALL": "", "LANG": "de_DE.UTF-8"]
  }

  @Test func onboardingTheCounterUndoAndTheHelpSpeakGerman() async throws {
    try app.launch()
    try await app.waitFor(text: "Willkommen bei Tally")
    try app.press(.character("s"))
    try await app.waitFor(text: "Count: 0")
    try await app.waitFor(regex: #"\? Hilfe\s+q Ende"#)
    try app.press(.space)
    try await app.waitFor(text: "gerade eben")
    try app.press(.character("u"))
    try await app.waitFor(text: "Rückgängig: Count")
    try app.press(.character("?"))
    let help = try await app.waitFor(text: "┌─ Tasten ")
    #expect(help.contains { $0.contains("letzte Änderung rückgängig machen") })
    #expect(!help.joined().contains("?nderung"), "an umlaut drawn as ?: \(help)")
    try app.press(.space)
    try await app.waitFor(text: "Count: 0")
    #expect(try app.tally("get", "Count") == "0\n")
  }
}
