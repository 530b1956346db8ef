import TallyApp
import Testing

struct CommonCommandLineTests {
  @Test(arguments: [
    ([], CommonCommandLine.interactive([])),
    (["-skipOnboarding"], .interactive([.skipOnboarding])),
    (["-useInMemoryUserDefaults", "-skipOnboarding"], .interactive([.useInMemoryUserDefaults, .skipOnboarding])),
    (["inc"], .add(name: nil, amount: nil, sign: 1, quiet: false)),
    (["dec", "laps"], .add(name: "laps", amount: nil, sign: -1, quiet: false)),
    (["inc", "laps", "--by", "-3", "-q"], .add(name: "laps", amount: -3, sign: 1, quiet: true)),
    (["inc", "--by=5", "☕ coffee"], .add(name: "☕ coffee", amount: 5, sign: 1, quiet: false)),
    (["get"], .get(name: nil, json: false, quiet: false)),
    (["get", "laps", "--json"], .get(name: "laps", json: true, quiet: false)),
    (["get", "laps", "--format", "{name} {value}"], .get(name: "laps", json: false, quiet: false, format: "{name} {value}")),
    (["get", "--format={value}"], .get(name: nil, json: false, quiet: false, format: "{value}")),
    (["reset", "--quiet"], .reset(name: nil, quiet: true)),
    (["list"], .list(json: false, quiet: false)),
    (["list", "--json"], .list(json: true, quiet: false)),
  ])
  func commonFormsAreRecognised(arguments: [String], expected: CommonCommandLine) {
    #expect(CommonCommandLine.recognize(arguments) == expected)
  }

  @Test(arguments: [
    ["--help"], ["-h"], ["--version"], ["inc", "--help"], ["inc", "a", "b"], ["inc", "--by"], ["inc", "--by", "x"],
    ["inc", "--by", "1", "--by", "2"], ["inc", "-q", "-q"], ["inc", "--json"], ["get", "--by", "1"], ["list", "laps"],
    ["reset", "--json"], ["inc", "--"], ["inc", "-x"], ["set", "5"], ["new", "laps"], ["frobnicate"],
    ["-skipOnboarding", "-skipOnboarding"], ["-skipOnboarding", "inc"], ["--generate-completion-script", "bash"],
    ["inc", ""], ["inc", "water", "--at", "yesterday"], ["dec", "--at=2026-11-20"], ["goal", "water", "8/day"], ["export"],
    // A template that does not read, one with --json, or two names: the parser says what is wrong.
    ["get", "--format", "{nope}"], ["get", "--format"], ["get", "--format", "{value}", "--json"],
    ["get", "a", "b", "--format", "{name}"], ["inc", "--format", "{value}"], ["list", "--format", "{name}"],
    ["get", "--format", "{value}", "--format", "{name}"],
  ])
  func everythingElseGoesToTheParser(arguments: [String]) {
    #expect(CommonCommandLine.recognize(arguments) == nil)
  }
}
