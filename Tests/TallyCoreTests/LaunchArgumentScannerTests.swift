import TallyCore
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct LaunchArgumentScannerTests {
  private func scan(_ arguments: [String]) throws -> LaunchArgumentScanner.Result {
    try LaunchArgumentScanner.scan(arguments)
  }

  @Test func flagsAndEverythingElsePassThroughInOrder() throws {
    let arguments = ["-useInMemoryUserDefaults", "-skipOnboarding", "inc", "--by", "-5", "-h", "--help"]
    #expect(try scan(arguments) == .init(remaining: arguments, argumentDomain: [:]))
  }

  @Test func aKeyAndAnXMLValueGoToTheArgumentDomain() throws {
    let result = try scan(["-skipOnboarding", "-count", "<integer>12</integer>", "inc"])
    #expect(result.remaining == ["-skipOnboarding", "inc"])
    #expect(result.argumentDomain == ["count": .integer(12)])
  }

  @Test(arguments: [
    ("12", PropertyListValue.integer(12)), ("-5", .integer(-5)), ("<integer>-5</integer>", .integer(-5)),
    ("  <integer>7</integer>\n", .integer(7)), ("<integer>0x29</integer>", .integer(41)), ("9223372036854775807", .integer(.max)),
  ])
  func integerValues(text: String, value: PropertyListValue) throws {
    #expect(try scan(["-count", text]).argumentDomain["count"] == value)
  }

  @Test(arguments: [("YES", true), ("no", false), ("<true/>", true), ("<false/>", false), ("1", true)])
  func boolValues(text: String, value: Bool) throws {
    #expect(try scan(["-hasOnboardingBeenShown", text]).argumentDomain["hasOnboardingBeenShown"] == .bool(value))
  }

  @Test func theLastValueGivenWins() throws {
    #expect(try scan(["-count", "1", "-count", "2"]).argumentDomain == ["count": .integer(2)])
  }

  @Test func argumentsAfterDoubleDashAreNotRead() throws {
    #expect(try scan(["--", "-whatever"]).remaining == ["--", "-whatever"])
  }

  @Test(arguments: [
    (["-noSuchKey"], "not a launch argument or a defaults key"),
    (["-hasNoMeaning", "x"], "not a launch argument or a defaults key"),
    (["-count"], "needs a value"),
    (["-count", "twelve"], "is not an <integer>"),
    (["-count", "99999999999999999999999"], "is not an <integer>"),
    (["-count", "<integer>99999999999999999999999</integer>"], "Invalid <integer> value"),
    (["-count", "<string>12</string>"], "expects an <integer>, not a <string>"),
    (["-count", "<array><integer>1</integer></array>"], "expects an <integer>, not an <array>"),
    (["-count", "<integer>12"], "does not match open tag integer"),
    (["-count", "<integer>1</integer><integer>2</integer>"], "expected one value, found 2"),
    (["-hasOnboardingBeenShown", "maybe"], "is not a <bool>"),
  ])
  func mistakesAreUsageErrorsThatNameTheArgumentAndTheKnownKeys(arguments: [String], reason: String) {
    #expect {
      try scan(arguments)
    } throws: { error in
      let message = "\(error)"
      return message.hasPrefix(arguments[0] + ":") && message.contains(reason)
        && message.contains("-count <integer>") && message.contains("-skipOnboarding")
    }
  }
}
