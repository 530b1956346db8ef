import TallyTestSupport
import Testing

/// The completions and the manual page in Resources/ are generated from the argument parser;
/// these tests fail when they fall out of date (run `scripts/update-resources.sh`).
struct ResourcesTests {
  static let repository: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path
  }()

  @Test(arguments: [
    (["--generate-completion-script", "bash"], "Resources/completions/tally.bash"),
    (["--generate-completion-script", "zsh"], "Resources/completions/_tally"),
    (["--generate-completion-script", "fish"], "Resources/completions/tally.fish"),
    (["generate-manual"], "Resources/man/tally.1"),
  ])
  func isUpToDate(arguments: [String], file: String) throws {
    let generated = try ChildProcess.run(try Executables.tally(), arguments, environment: ["PATH": "/usr/bin:/bin"])
    #expect(generated.status == 0, "\(generated)")
    let committed = try ChildProcess.readFileText(Self.repository + "/" + file)
    #expect(generated.standardOutput == committed, "\(file) is out of date: run scripts/update-resources.sh")
  }

  @Test func theManualPageNamesEveryCommand() throws {
    let manual = try ChildProcess.readFileText(Self.repository + "/Resources/man/tally.1")
    for command in ["inc", "dec", "set", "reset", "get", "list", "new", "rm", "rename"] {
      #expect(manual.contains(".Ss \(command)\n"), "no section for \(command)")
    }
    #expect(!manual.contains("generate-manual"))
  }
}
