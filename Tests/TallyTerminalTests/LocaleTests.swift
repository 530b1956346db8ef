import TallyTerminal
import Testing

/// The terminal's characters as the environment names them, generated locale or not: with
/// `LANG=de_DE.UTF-8` on a machine that has only `C.UTF-8`, the screens still draw UTF-8
/// (umlauts, box lines) rather than falling back to ASCII.
struct LocaleTests {
  @Test(arguments: [
    (["LANG": "de_DE.UTF-8"], true),
    (["LANG": "fr_FR.utf8"], true),
    (["LANG": "es_ES.UTF-8@euro"], true),
    (["LC_ALL": "de_DE.UTF-8", "LANG": "C"], true),
    (["LC_CTYPE": "de_DE.ISO-8859-1", "LANG": "de_DE.UTF-8"], false),
    (["LC_ALL": "", "LANG": "de_DE.UTF-8"], true),
    (["LANG": "de_DE"], false),
    (["LANG": "C"], false),
    ([:], false),
  ])
  func aUTF8LocaleIsSeenByItsName(environment: [String: String], isUTF8: Bool) {
    #expect(TerminalSession.asksForUTF8(environment) == isUTF8)
  }
}
