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
  ])
  func isUpToDate(arguments: [String], file: String) throws {
    let generated = try ChildProcess.run(try Executables.tally(), arguments, environment: ["PATH": "/usr/bin:/bin"])
    #expect(generated.status == 0, "\(generated)")
    let committed = try ChildProcess.readFileText(Self.repository + "/" + file)
    #expect(generated.standardOutput == committed, "\(file) is out of date: run scripts/update-resources.sh")
  }

  /// The manual page is made by the parser's generate-manual plugin, which a test cannot run:
  /// instead, every command's summary and every option that `--help` prints must be in it.
  @Test(arguments: ["", "inc", "dec", "set", "reset", "get", "list", "new", "rm", "rename", "log", "stats", "import"])
  func theManualPageHoldsWhatHelpSays(command: String) throws {
    let manual = try ChildProcess.readFileText(Self.repository + "/Resources/man/tally.1")
    let help = try ChildProcess.run(
      try Executables.tally(), command.isEmpty ? ["--help"] : [command, "--help"], environment: ["PATH": "/usr/bin:/bin"]
    ).standardOutput
    let stale = "Resources/man/tally.1 is out of date: run scripts/update-resources.sh"
    let summary = help.split(separator: "\n").first.map { String($0.dropFirst("OVERVIEW: ".count)) } ?? ""
    #expect(!summary.isEmpty && manual.contains(summary), "\(stale): \(summary)")
    if !command.isEmpty { #expect(manual.contains(".It Em \(command)\n"), "\(stale): no entry for \(command)") }
    // Every option, as `.It Fl name`: "-count <integer>" is "Fl count Ar integer", "--by" is "Fl -by".
    for line in help.split(separator: "\n") where line.hasPrefix("  -") {
      let name = line.dropFirst(3).prefix { $0 != " " && $0 != "," }
      #expect(manual.contains(".It Fl \(name)"), "\(stale): no \(name) for \(command)")
    }
  }
}
