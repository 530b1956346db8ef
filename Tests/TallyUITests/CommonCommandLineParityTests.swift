import ArgumentParser
import TallyApp
import Testing

@testable import tally

/// The command lines Tally reads without the argument parser (`CommonCommandLine`) mean to
/// the parser what they mean to the fast path: the same command, the same name, the same
/// options.
struct CommonCommandLineParityTests {
  @Test(arguments: [
    [], ["-skipOnboarding"], ["-useInMemoryUserDefaults", "-skipOnboarding"], ["-skipOnboarding", "-useInMemoryUserDefaults"],
    ["inc"], ["dec", "laps"], ["inc", "laps", "--by", "-3", "-q"], ["inc", "--by=5", "☕ coffee"],
    ["dec", "--quiet", "--by", "2"],
    ["get"], ["get", "laps", "--json"], ["get", "-q", "laps"], ["get", "laps", "--format", "{name} {value}"],
    ["get", "--format={value}/{goal}"], ["reset", "--quiet"], ["reset", "laps"], ["list"], ["list", "--json", "-q"],
  ])
  func theParserReadsEachFastPathLineTheSameWay(arguments: [String]) throws {
    let common = try #require(CommonCommandLine.recognize(arguments))
    let parsed = try TallyCommand.parseAsRoot(arguments)
    switch common {
    case .interactive(let flags):
      let root = try #require(parsed as? TallyCommand)
      #expect(root.launchArguments == flags)
    case .add(let name, let amount, let sign, let quiet):
      if sign == 1 {
        let inc = try #require(parsed as? IncrementCommand)
        #expect(inc.name == name && inc.by == amount && inc.output.quiet == quiet && inc.moment.at == nil)
      } else {
        let dec = try #require(parsed as? DecrementCommand)
        #expect(dec.name == name && dec.by == amount && dec.output.quiet == quiet && dec.moment.at == nil)
      }
    case .get(let name, let json, let quiet, let format):
      let get = try #require(parsed as? GetCommand)
      #expect(get.names == (name.map { [$0] } ?? []))
      #expect(get.format.json == json && get.output.quiet == quiet && get.template.format == format && get.group.group == nil)
    case .reset(let name, let quiet):
      let reset = try #require(parsed as? ResetCommand)
      #expect(reset.name == name && reset.output.quiet == quiet && reset.annotation.note == nil)
    case .list(let json, let quiet):
      let list = try #require(parsed as? ListCommand)
      #expect(list.format.json == json && list.output.quiet == quiet && list.group.group == nil)
    }
  }
}
