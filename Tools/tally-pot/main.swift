import Foundation

// `swift run tally-pot`: writes Resources/po/tally.pot from the texts marked in Sources/.
// `swift run tally-pot check Resources/po/de.po...`: lists each catalog's problems; exit 1 if any.

/// The Swift files of Sources/ that mark texts (the localization module itself aside),
/// relative to `package`, sorted.
func sourceFiles(in package: String) throws -> [(path: String, text: String)] {
  let paths = try FileManager.default.subpathsOfDirectory(atPath: package + "/Sources")
    .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("TallyLocalization/") }.sorted()
  return try paths.map { ("Sources/" + $0, try String(contentsOfFile: package + "/Sources/" + $0, encoding: .utf8)) }
}

let package = FileManager.default.currentDirectoryPath
do {
  let template = try Template(files: sourceFiles(in: package))
  let arguments = Array(CommandLine.arguments.dropFirst())
  if arguments.first == "check" {
    var failed = false
    for path in arguments.dropFirst() {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      let problems = CatalogCheck.problems(of: bytes, against: template.messages.map(\.message))
      print(problems.isEmpty ? "\(path): no problems" : problems.map { "\(path): \($0)" }.joined(separator: "\n"))
      failed = failed || !problems.isEmpty
    }
    exit(failed ? 1 : 0)
  }
  try template.text.write(toFile: package + "/Resources/po/tally.pot", atomically: true, encoding: .utf8)
  print("Resources/po/tally.pot: \(template.messages.count) texts")
} catch {
  FileHandle.standardError.write(Data("tally-pot: \(error)\n".utf8))
  exit(1)
}
