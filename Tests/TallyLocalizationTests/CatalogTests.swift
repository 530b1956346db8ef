import TallyLocalization
import TallyTestSupport
import Testing

/// Catalogs read from files, good and hostile: a hostile one never crashes, never lets a
/// control character through, and costs one warning at most.
struct CatalogTests {
  static let header = """
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=UTF-8\\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\\n"


    """

  /// The localization `environment` gets from `de.po` holding `text` (and `fr.po` holding
  /// `french`, if given), with the warnings it printed.
  static func load(
    _ text: String, french: String? = nil, environment: [String: String] = ["LANG": "de_DE.UTF-8"]
  ) throws -> (Localization, [String]) {
    let folder = try TemporaryDirectory()
    try TemporaryDirectory.write(text, to: folder.appending("de.po"))
    if let french { try TemporaryDirectory.write(french, to: folder.appending("fr.po")) }
    let warnings = CompiledCatalogTests.Warnings()
    let localization = Localization(environment: environment, directories: [folder.path], warn: warnings.add)
    return (localization, warnings.all)
  }

  @Test func aTranslationReordersThePlaceholders() throws {
    let (german, warnings) = try Self.load(
      Self.header + """
        msgid "Undone: %1$s %2$s → %3$s"
        msgstr "Rückgängig: %3$s ← %2$s (%1$s)"
        """)
    let (name, old, new) = ("Kaffee", 3, 2)
    #expect(german.translate("Undone: \(name) \(old) → \(new)") == "Rückgängig: 2 ← 3 (Kaffee)")
    #expect(warnings == [])
  }

  @Test func aTextMissingEmptyOrFuzzyIsEnglish() throws {
    let (german, warnings) = try Self.load(
      Self.header + """
        msgid "Quit"
        msgstr "Beenden"

        msgid "Undo"
        msgstr ""

        #, fuzzy
        msgid "Redo"
        msgstr "Wiederholen"
        """)
    #expect(german.translate("Quit") == "Beenden")
    #expect(german.translate("Undo") == "Undo")
    #expect(german.translate("Redo") == "Redo")
    #expect(german.translate("Help") == "Help")
    #expect(warnings == [])
  }

  @Test func aPercentSignIsWrittenTwiceInAFormat() throws {
    let (german, _) = try Self.load(
      Self.header + """
        msgid "100%% of %1$s"
        msgstr "100 %% von %1$s"
        """)
    let goal = "8/day"
    #expect(german.translate("100% of \(goal)") == "100 % von 8/day")
    #expect(Localization(catalogs: []).translate("100% of \(goal)") == "100% of 8/day")
  }

  static let damaged: [String] = [
    header + "msgid \"Quit\"\nmsgstr \"Beenden",  // truncated in a string
    header + "msgid \"Quit\"\n",  // truncated before its msgstr
    header + "msgid \"Quit\"\nmsgstr \"\\e[31mBeenden\"",  // an escape C does not have
    header + "msgid \"Quit\"\nmsgstr \"\u{1B}[31mBeenden\"",  // a raw escape character
    header + "msgstr \"Beenden\"\nmsgid \"Quit\"",  // out of order
    header + "msgid \"Quit\" trailing\nmsgstr \"Beenden\"",  // text after a string
    header + "msgid \"Quit\"\nmsgstr[0] \"Beenden\"",  // a plural form without msgid_plural
    "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=(n !=;\\n\"\n",  // a Plural-Forms it cannot read
    "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=" + String(repeating: "(", count: 200) + "n"
      + String(repeating: ")", count: 200) + ";\\n\"\n",  // nested too deep
    header + "msgid \"Quit\"\nmsgstr \"Beenden\"\n" + String(repeating: "# filler\n", count: 120_000),  // over 1 MiB
  ]

  @Test(arguments: damaged)
  func aDamagedCatalogIsEnglishWithOneWarning(_ text: String) throws {
    let (german, warnings) = try Self.load(text)
    #expect(german.catalogs.isEmpty)
    #expect(german.translate("Quit") == "Quit")
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("de.po is damaged") == true)
  }

  @Test func aCatalogThatIsNotUTF8IsEnglishWithOneWarning() throws {
    let folder = try TemporaryDirectory()
    try TestFiles.write(
      Array((Self.header + "msgid \"Quit\"\nmsgstr \"Beenden ").utf8) + [0xFF, 0x22], to: folder.appending("de.po"))
    let warnings = CompiledCatalogTests.Warnings()
    let german = Localization(environment: ["LANG": "de"], directories: [folder.path], warn: warnings.add)
    #expect(german.translate("Quit") == "Quit")
    #expect(warnings.all.count == 1)
  }

  @Test func unsafeTranslationsAreEnglishWithOneWarningForAll() throws {
    let (german, warnings) = try Self.load(
      Self.header + """
        msgid "Quit"
        msgstr "\u{9B}31mBeenden"

        msgid "%1$s reached %2$s"
        msgstr "%1$s hat erreicht"

        msgid "Deleted %1$s"
        msgstr "%s gelöscht"

        msgid "Renamed %1$s"
        msgstr "%1$s umbenannt in %2$s"

        msgid "Undo"
        msgstr "Rückgängig"

        msgid "today\\t%1$s"
        msgstr "heute\\t%1$s"
        """)
    let (name, goal, count) = ("laps", 8, 1)
    #expect(german.translate("Quit") == "Quit")
    #expect(german.translate("\(name) reached \(goal)") == "laps reached 8")
    #expect(german.translate("Deleted \(name)") == "Deleted laps")
    #expect(german.translate("Renamed \(name)") == "Renamed laps")
    #expect(german.translate("Undo") == "Rückgängig")
    #expect(german.translate("today\t\(count)") == "heute\t1")
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("4 unsafe translations") == true)
  }

  @Test func pluralsFollowTheCatalogsPluralForms() throws {
    let entry = """
      msgid "%1$s change"
      msgid_plural "%1$s changes"
      msgstr[0] "%1$s FORM0"
      msgstr[1] "%1$s FORM1"
      """
    let (german, _) = try Self.load(Self.header + entry)
    let french = entry.replacing("FORM", with: "modification")
    let (frenchFirst, _) = try Self.load(
      Self.header + entry, french: Self.header.replacing("(n != 1)", with: "(n > 1)") + french,
      environment: ["LANGUAGE": "fr:de"])
    func changes(_ localization: Localization, _ n: Int) -> String {
      localization.translate(count: n, one: "\(n) change", other: "\(n) changes")
    }
    #expect([0, 1, 2].map { changes(german, $0) } == ["0 FORM1", "1 FORM0", "2 FORM1"])
    #expect([0, 1, 2].map { changes(frenchFirst, $0) } == ["0 modification0", "1 modification0", "2 modification1"])
    #expect([0, 1, 2].map { changes(Localization(catalogs: []), $0) } == ["0 changes", "1 change", "2 changes"])
  }

  @Test func aPluralFormTheCatalogLacksIsEnglish() throws {
    let (german, _) = try Self.load(
      Self.header + """
        msgid "%1$s change"
        msgid_plural "%1$s changes"
        msgstr[0] "%1$s Änderung"
        msgstr[1] ""
        """)
    #expect(german.translate(count: 1, one: "\(1) change", other: "\(1) changes") == "1 Änderung")
    #expect(german.translate(count: 3, one: "\(3) change", other: "\(3) changes") == "3 changes")
  }

  @Test func englishReadsNoCatalog() throws {
    for environment in [["LANG": "C.UTF-8"], ["LANG": "en_GB.UTF-8"], ["LC_ALL": "POSIX", "LANG": "de_DE"], [:]] {
      let (localization, warnings) = try Self.load("not a catalog", environment: environment)
      #expect(localization.catalogs.isEmpty)
      #expect(warnings == [])
    }
  }

  @Test func theFirstLanguageWithATranslationWins() throws {
    let (localization, _) = try Self.load(
      Self.header + "msgid \"Quit\"\nmsgstr \"Beenden\"\n\nmsgid \"Undo\"\nmsgstr \"Rückgängig\"\n",
      french: Self.header + "msgid \"Quit\"\nmsgstr \"Quitter\"\n", environment: ["LANGUAGE": "fr:de"])
    #expect(localization.translate("Quit") == "Quitter")
    #expect(localization.translate("Undo") == "Rückgängig")
    #expect(localization.translate("Help") == "Help")
  }
}

extension CatalogTests {
  @Test func aTextKeptAsAStringIsTranslatedByItsEnglish() throws {
    let (german, _) = try Self.load(Self.header + "msgid \"100%% done\"\nmsgstr \"100 %% fertig\"\n")
    let kept = trMarked("100% done")
    #expect(german.translate(Translatable(stringLiteral: kept)) == "100 % fertig")
    #expect(tr(verbatim: kept) == "100% done")
  }
}
