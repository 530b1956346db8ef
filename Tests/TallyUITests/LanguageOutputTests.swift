import Foundation
import TallyLocalization
import TallyTestSupport
import Testing

/// What scripts read is the same in every language: the same commands run in English and in
/// German print the same JSON, CSV, numbers, `watch` lines and setting names, and end with the
/// same exit statuses; only the words for people change.
struct LanguageOutputTests: CommandSuite {
  let tally: String
  let data: TemporaryDirectory
  /// A German catalog that translates every text of the template, so that any text that
  /// reaches a script's output would show.
  let catalogs: TemporaryDirectory

  init() throws {
    tally = try Executables.tally()
    data = try TemporaryDirectory()
    catalogs = try TemporaryDirectory()
    try TemporaryDirectory.write(try Self.everyTextTranslated(), to: catalogs.appending("de.po"))
  }

  var extraEnvironment: [String: String] { ["TZ": "UTC"] }

  static let package: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path
  }()

  /// The template with each text "translated" as «TEXT», placeholders kept.
  static func everyTextTranslated() throws -> String {
    let template = try POFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: package + "/Resources/po/tally.pot"))))
    var text = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n\"\n"
    for entry in template.entries {
      text += "\nmsgid \(POString.quoted(entry.msgid))\n"
      if let plural = entry.msgidPlural {
        text += "msgid_plural \(POString.quoted(plural))\n"
        text += "msgstr[0] \(POString.quoted("«\(entry.msgid)»"))\nmsgstr[1] \(POString.quoted("«\(plural)»"))\n"
      } else {
        text += "msgstr \(POString.quoted("«\(entry.msgid)»"))\n"
      }
    }
    return text
  }

  static let english = ["LANG": "C.UTF-8"]
  var german: [String: String] { ["LANG": "de_DE.UTF-8", "TALLY_CATALOGS": catalogs.path] }

  /// Commands whose standard output scripts read, on a store with a few counters and changes.
  static let scripted: [[String]] = [
    ["get", "water"], ["get", "--json"], ["get", "water", "--format", "{name} {value} {goal} {progress}"], ["list"],
    ["list", "--json"], ["stats", "water", "--json"], ["stats", "--group", "drinks", "--json"], ["log", "water", "--json"],
    ["export"], ["export", "--format", "csv"], ["table", "--since", "2026-01-01", "--format", "csv"],
    ["table", "--since", "2026-01-01", "--json"], ["config", "list", "--json"], ["config", "get", "theme"],
    ["goal", "water"], ["goal", "tea"], ["group", "tea"], ["link", "water"], ["alert", "water"], ["bounds", "water"],
    ["sync", "status", "--json"], ["set", "tea", "5"], ["get", "nope"], ["inc", "--by", "x"],
    ["config", "set", "theme", "purple"], ["config", "set", "nope", "1"], ["goal", "water", "eight"],
    ["set", "water", "99999999999999999999"],
  ]

  @Test func scriptsReadTheSameInEnglishAndGerman() throws {
    try expectSuccess("new", "water", "--group", "drinks")
    try expectSuccess("new", "tea")
    try expectSuccess("inc", "water", "--by", "3", "--at", "2026-02-03T10:00:00Z")
    try expectSuccess("goal", "water", "8/day")
    for arguments in Self.scripted {
      let inEnglish = try ChildProcess.run(tally, arguments, environment: environment.merging(Self.english) { $1 })
      let inGerman = try ChildProcess.run(tally, arguments, environment: environment.merging(german) { $1 })
      #expect(inGerman.status == inEnglish.status, "\(arguments): \(inEnglish) / \(inGerman)")
      #expect(inGerman.standardOutput == inEnglish.standardOutput, "\(arguments)")
    }
  }

  @Test func watchLinesAreTheSameInEnglishAndGerman() throws {
    try expectSuccess("new", "water")
    try expectSuccess("goal", "water", "8/day")
    var lines: [String?] = []
    for language in [Self.english, german] {
      for arguments in [["watch", "water", "Count"], ["watch", "water", "--json"]] {
        let watching = try RunningProcess(tally, arguments, environment: environment.merging(language) { $1 })
        lines.append(watching.readLine(timeout: 10))
        _ = watching.stop(with: SIGTERM)
      }
    }
    #expect(lines[0] != nil && lines[1] != nil)
    #expect(lines[0...1] == lines[2...3])
  }

  /// The same runs in German do speak German, so the comparisons above are not of two English runs.
  @Test func theWordsForPeopleAreTranslated() throws {
    let help = try ChildProcess.run(tally, ["--help"], environment: environment.merging(german) { $1 })
    #expect(help.standardOutput.contains("«A tally counter for the terminal.»"))
    let unknown = try ChildProcess.run(tally, ["get", "nope"], environment: environment.merging(german) { $1 })
    #expect(unknown.standardError == "tally: ««no counter is named \"nope\"»; `tally list` shows the counters»\n")
    #expect(unknown.status == 65)
  }
}
