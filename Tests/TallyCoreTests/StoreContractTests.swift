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

  /// Foundation's conversions between kinds, on Tally's two stores (the same checks run on
  /// Foundation's own in TallyFoundationTests).
  @Test(arguments: ["InMemoryUserDefaults", "FileUserDefaults"], UserDefaultsContract.coercions.indices)
  func coercions(store: String, check: Int) throws {
    let directory = try TemporaryDirectory()
    let defaults: UserDefaultsProtocol =
      store == "FileUserDefaults" ? try FileUserDefaults(directory: directory.path) : InMemoryUserDefaults()
    UserDefaultsContract.coercions[check].run(defaults)
  }

  /// A `Float` reads as the text of the `Double` it is stored as.
  ///
  /// It is kept as the `Double` it widens to, the one kind of real a file holds; Foundation's
  /// store keeps the `Float` until its file is read again, and says "0.1" (docs/persistence.md).
  @Test func aFloatReadsAsTheTextOfTheDoubleItIsStoredAs() throws {
    let directory = try TemporaryDirectory()
    for store: UserDefaultsProtocol in [InMemoryUserDefaults(), try FileUserDefaults(directory: directory.path)] {
      store.set(Float(0.1), forKey: "value")
      #expect(store.string(forKey: "value") == "0.10000000149011612")
      store.set(Float(1.5), forKey: "value")
      #expect(store.string(forKey: "value") == "1.5")
    }
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
