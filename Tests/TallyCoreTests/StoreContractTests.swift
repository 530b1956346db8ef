import TallyDefaults
import TallyTestSupport
import Testing

/// The store contract, run against Tally's own stores, each check on a fresh store.
struct StoreContractTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var store: String
    var check: Int

    var testDescription: String { "\(store): \(UserDefaultsContract.checks[check].name)" }
  }

  /// The book's fake too: the typed API runs the same code on it as on Tally's stores.
  static let cases: [Case] = ["InMemoryUserDefaults", "FileUserDefaults", "FakeUserDefaults"].flatMap { store in
    UserDefaultsContract.checks.indices.map { Case(store: store, check: $0) }
  }

  @Test(arguments: cases)
  func contract(_ testCase: Case) throws {
    let directory = try TemporaryDirectory()
    let defaults: UserDefaultsProtocol =
      switch testCase.store {
      case "FileUserDefaults": try FileUserDefaults(directory: directory.path)
      case "FakeUserDefaults": FakeUserDefaults()
      default: InMemoryUserDefaults()
      }
    UserDefaultsContract.checks[testCase.check].run(defaults)
  }

  @Test func theFileStoreKeepsEveryTypeAcrossReopening() throws {
    let directory = try TemporaryDirectory()
    do {
      let first = try FileUserDefaults(directory: directory.path)
      UserDefaultsContract.valuesOfEachType(first)
    }
    let reopened = try FileUserDefaults(directory: directory.path)
    #expect(reopened.integer(forKey: "int") == 12)
    #expect(reopened.string(forKey: "string") == "héllo <&> \"world\"")
    #expect(reopened.object(forKey: "array") as? [String] == ["a", "b"])
  }
}
