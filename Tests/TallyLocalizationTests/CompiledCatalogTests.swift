import Synchronization
import TallyLocalization
import TallyTestSupport
import Testing

/// Compiled catalogs (`.mo`, as `msgfmt` writes them and the .deb installs them), good and
/// hostile: a text is checked when it is looked up, and a bad one is English with one warning.
struct CompiledCatalogTests {
  /// The bytes of a little-endian `.mo` file of `entries` (original, translation), sorted as
  /// `msgfmt` sorts them.
  static func compiled(_ entries: [(String, String)]) -> [UInt8] {
    let sorted = entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    func word(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    let count = sorted.count
    var strings: [UInt8] = []
    var tables: ([UInt8], [UInt8]) = ([], [])
    let stringsStart = 28 + 16 * count
    for (original, _) in sorted {
      tables.0 += word(Array(original.utf8).count) + word(stringsStart + strings.count)
      strings += Array(original.utf8) + [0]
    }
    for (_, translation) in sorted {
      tables.1 += word(Array(translation.utf8).count) + word(stringsStart + strings.count)
      strings += Array(translation.utf8) + [0]
    }
    return word(0x9504_12DE) + word(0) + word(count) + word(28) + word(28 + 8 * count) + word(0) + word(0) + tables.0
      + tables.1 + strings
  }

  static let header = ("", "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n > 1);\n")

  /// Collects warnings from any thread.
  final class Warnings: Sendable {
    let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func add(_ line: String) { lines.withLock { $0.append(line) } }
  }

  static func load(_ bytes: [UInt8], also po: String? = nil) throws -> (Localization, Warnings) {
    let folder = try TemporaryDirectory()
    try TestFiles.write(bytes, to: folder.appending("fr.mo"))
    if let po { try TemporaryDirectory.write(po, to: folder.appending("fr.po")) }
    let warnings = Warnings()
    return (Localization(environment: ["LANG": "fr_FR.UTF-8"], directories: [folder.path], warn: warnings.add), warnings)
  }

  @Test func aCompiledCatalogTranslatesAndChoosesItsPluralForms() throws {
    let (french, warnings) = try Self.load(
      Self.compiled([
        Self.header, ("Undone: %1$s %2$s → %3$s", "Annulé : %1$s %2$s → %3$s"),
        ("%1$s change\0%1$s changes", "%1$s modification\0%1$s modifications"),
      ]), also: "not a catalog")
    let (name, old, new) = ("laps", 3, 2)
    #expect(french.translate("Undone: \(name) \(old) → \(new)") == "Annulé : laps 3 → 2")
    #expect(
      [0, 1, 2].map { french.translate(count: $0, one: "\($0) change", other: "\($0) changes") }
        == ["0 modification", "1 modification", "2 modifications"])
    #expect(french.translate("Quit") == "Quit")
    #expect(warnings.all == [])
  }

  @Test func unsafeCompiledTranslationsAreEnglishWithOneWarning() throws {
    let (french, warnings) = try Self.load(
      Self.compiled([
        Self.header, ("Quit", "\u{1B}[2JQuitter"), ("Undo", "Annuler\u{9B}"), ("Deleted %1$s", "%s supprimé"),
        ("Help", "Aide"),
      ]))
    let name = "laps"
    for _ in 0..<2 {
      #expect(french.translate("Quit") == "Quit")
      #expect(french.translate("Undo") == "Undo")
      #expect(french.translate("Deleted \(name)") == "Deleted laps")
    }
    #expect(french.translate("Help") == "Aide")
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("fr.mo has unsafe translations") == true)
  }

  static let damaged: [[UInt8]] = [
    [],  // empty
    Array(compiled([header, ("Quit", "Quitter")]).prefix(20)),  // truncated in its header
    [0xDE, 0xAD, 0xBE, 0xEF] + Array(compiled([header]).dropFirst(4)),  // not the magic number
    Array(compiled([header, ("Quit", "Quitter")]).prefix(40)),  // its tables cut
    {
      var bytes = compiled([header, ("Quit", "Quitter")])
      bytes[8] = 0xFF
      bytes[9] = 0xFF
      return bytes
    }(),  // too many texts
  ]

  @Test(arguments: damaged)
  func aDamagedCompiledCatalogIsEnglishWithOneWarning(_ bytes: [UInt8]) throws {
    let (french, warnings) = try Self.load(bytes)
    #expect(french.catalogs.isEmpty)
    #expect(french.translate("Quit") == "Quit")
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("fr.mo is damaged") == true)
  }

  @Test func aTextWhoseStringIsPastTheEndIsEnglishWithOneWarning() throws {
    var bytes = Self.compiled([Self.header, ("Quit", "Quitter"), ("Undo", "Annuler")])
    // The translation table's last entry: its offset far past the end.
    let entry = 28 + 8 * 3 + 8 * 2 + 4
    for index in 0..<4 { bytes[entry + index] = 0x7F }
    let (french, warnings) = try Self.load(bytes)
    #expect(french.translate("Quit") == "Quitter")
    #expect(french.translate("Undo") == "Undo")
    #expect(french.translate("Undo") == "Undo")
    #expect(warnings.all.count == 1)
  }
}
