import Foundation
import TallyDefaults
import TallyFoundation
import TallyTestSupport
import Testing

/// The store contract, run against Foundation's own `UserDefaults` through the book's empty
/// conformance, so the protocol is proven against the real thing.
///
/// swift-corelibs-foundation keeps every suite in `$XDG_CONFIG_HOME` (default `~/.config`),
/// writes it on its own schedule, and reads the environment once at start-up. So the checks
/// run in a child copy of this test process whose `HOME` and `XDG_CONFIG_HOME` point into a
/// temporary directory: nothing touches the real home directory.
struct FoundationUserDefaultsContractTests {
  static let childVariable = "TALLY_FOUNDATION_SANDBOX"
  static var isSandboxedChild: Bool { SelfTestProcess.environment(childVariable) != nil }

  @Test(.enabled(if: !isSandboxedChild))
  func contractHoldsForFoundationUserDefaults() throws {
    let home = try TemporaryDirectory(prefix: "tally-foundation-home")
    let result = try SelfTestProcess.run(
      filter: "SandboxedFoundationContract",
      environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appending(".config"), Self.childVariable: "1"])
    #expect(result.status == 0, "\(result)")
    // Swift Testing reports on standard error; make sure the checks ran, not just "nothing failed".
    #expect(result.standardError.contains("Test run with 3 tests in 1 suite passed"), "\(result)")
    #expect(result.standardError.contains("with \(UserDefaultsContract.checks.count) test cases passed"), "\(result)")
    #expect(result.standardError.contains("with \(UserDefaultsContract.coercions.count) test cases passed"), "\(result)")
  }
}

/// The checks themselves, run only inside the sandboxed child.
@Suite(.enabled(if: FoundationUserDefaultsContractTests.isSandboxedChild))
struct SandboxedFoundationContract {
  private func makeSuite() throws -> (UserDefaults, String) {
    let name = "tally-contract-\(UUID().uuidString)"
    return (try #require(UserDefaults(suiteName: name)), name)
  }

  @Test(arguments: UserDefaultsContract.checks.indices)
  func contract(check: Int) throws {
    let (defaults, name) = try makeSuite()
    defer { defaults.removePersistentDomain(forName: name) }
    UserDefaultsContract.checks[check].run(defaults)
  }

  @Test(arguments: UserDefaultsContract.coercions.indices)
  func coercion(check: Int) throws {
    let (defaults, name) = try makeSuite()
    defer { defaults.removePersistentDomain(forName: name) }
    UserDefaultsContract.coercions[check].run(defaults)
  }

  @Test func theBooksConformanceNeedsNoCode() throws {
    let (defaults, name) = try makeSuite()
    defer { defaults.removePersistentDomain(forName: name) }
    let store: UserDefaultsProtocol = defaults
    TestApps.counter(defaults: store).press(.space)
    #expect(defaults.integer(forKey: "count") == 1)
  }
}
