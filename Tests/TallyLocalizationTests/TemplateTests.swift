import Foundation
import TallyLocalization
import Testing

@testable import tally_pot

/// The template and the catalogs against the code: a text marked in the code and missing from
/// `Resources/po/tally.pot`, or a catalog marked complete that misses one or marks one fuzzy,
/// fails here.
struct TemplateTests {
  static let package: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path
  }()

  static func template() throws -> Template { try Template(files: sourceFiles(in: package)) }

  static func templateFile() throws -> POFile {
    try POFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: package + "/Resources/po/tally.pot"))))
  }

  @Test func theTemplateHasEveryTextOfTheCodeAndNoOther() throws {
    let inCode = Set(try Self.template().messages.map(\.message))
    let inTemplate = Set(
      try Self.templateFile().entries.map { MessageScanner.Message(msgid: $0.msgid, msgidPlural: $0.msgidPlural) })
    #expect(inCode.subtracting(inTemplate).sorted() == [], "missing from tally.pot: run `swift run tally-pot`")
    #expect(inTemplate.subtracting(inCode).sorted() == [], "no longer in the code: run `swift run tally-pot`")
  }

  @Test func aCatalogMarkedCompleteTranslatesEveryTextAndNoneIsFuzzy() throws {
    let messages = try Self.template().messages.map(\.message)
    let folder = Self.package + "/Resources/po"
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".po") {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
      #expect(CatalogCheck.problems(of: bytes, against: messages) == [], "\(name)")
    }
  }

  @Test func aCompleteCatalogThatMissesATextOrMarksOneFuzzyFails() {
    let template = [
      MessageScanner.Message(msgid: "Quit"), MessageScanner.Message(msgid: "Undo"),
      MessageScanner.Message(msgid: "%1$s change", msgidPlural: "%1$s changes"),
    ]
    let catalog = """
      msgid ""
      msgstr ""
      "Plural-Forms: nplurals=2; plural=(n != 1);\\n"
      "X-Tally-Complete: yes\\n"

      msgid "Quit"
      msgstr "Beenden"

      #, fuzzy
      msgid "Undo"
      msgstr "Rückgängig"
      """
    #expect(
      CatalogCheck.problems(of: Array(catalog.utf8), against: template) == [
        "fuzzy in a complete catalog: \"Undo\"", "untranslated in a complete catalog: \"Undo\"",
        "untranslated in a complete catalog: \"%1$s change\"",
      ])
    let unmarked = catalog.replacing("X-Tally-Complete: yes", with: "X-Tally-Complete: no")
    #expect(CatalogCheck.problems(of: Array(unmarked.utf8), against: template) == [])
  }

  @Test func theScannerMakesTheMsgidTheCodeMakes() throws {
    let name = "x"
    let count = 2
    let source = #"""
      tr("Undone: \(name) \(old) → \(new)")
      tr("100% \"quoted\" \(f(a, "b)")) done\t\u{E9}")
      tr(count: n.count(where: { $0 > 1 }), one: "\(n) change", other: "\(n) changes")
      tr(
        """
        First \
        "line"
          second \(x)
        """)
      attr("not this") // tr("nor this")
      """#
    let found = try MessageScanner.messages(in: source)
    let expected: [Translatable] = [
      "Undone: \(name) \(name) → \(name)", "100% \"quoted\" \(name) done\t\u{E9}", "\(count) change",
      """
      First \
      "line"
        second \(name)
      """,
    ]
    #expect(found.map(\.msgid) == expected.map(\.msgid))
    #expect(found[2].msgidPlural == "%1$s changes")
  }

  @Test func aTextKeptForLaterIsMarkedWhereItIsWritten() throws {
    let found = try MessageScanner.messages(in: #"let a = [trMarked("kept")]; print(tr(a[0]), tr(b("not this")))"#)
    #expect(found.map(\.msgid) == ["kept"])
  }

  @Test func aTrWithTextAfterItsLiteralIsRefused() {
    #expect(throws: MessageScanner.Problem.self) { try MessageScanner.messages(in: #"let a = tr("a" + b)"#) }
  }
}
