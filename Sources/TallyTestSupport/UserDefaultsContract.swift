import TallyCore
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The behaviour every `UserDefaultsProtocol` store must share, as checks a test target runs
/// against its own stores: `InMemoryUserDefaults` and `FileUserDefaults` in TallyCoreTests,
/// Foundation's `UserDefaults` in TallyFoundationTests.
///
/// Each check takes a fresh, empty store.
public enum UserDefaultsContract {
  /// The checks by name, so a test target can run each one as its own parameterised test.
  public static let checks: [(name: String, run: @Sendable (UserDefaultsProtocol) -> Void)] = [
    ("missing keys read as nothing", missingKeys),
    ("each type reads back", valuesOfEachType),
    ("a second write replaces the first", overwrite),
    ("removing a key forgets it", remove),
    ("registered defaults fill in missing keys", registration),
    ("update is a read-modify-write", update),
    ("a batch keeps every change", batch),
  ]

  public static func missingKeys(_ store: UserDefaultsProtocol) {
    #expect(store.object(forKey: "missing") == nil)
    #expect(store.integer(forKey: "missing") == 0)
    #expect(store.bool(forKey: "missing") == false)
    #expect(store.double(forKey: "missing") == 0)
    #expect(store.string(forKey: "missing") == nil)
    #expect(store.data(forKey: "missing") == nil)
  }

  public static func valuesOfEachType(_ store: UserDefaultsProtocol) {
    store.set(12, forKey: "int")
    store.set(-7, forKey: "negative")
    store.set(true, forKey: "bool")
    store.set(2.5, forKey: "double")
    store.set("héllo <&> \"world\"", forKey: "string")
    store.set(Data([0, 1, 2, 255]), forKey: "data")
    store.set(["a", "b"], forKey: "array")
    store.set(["x": 1], forKey: "dictionary")

    #expect(store.integer(forKey: "int") == 12)
    #expect(store.integer(forKey: "negative") == -7)
    #expect(store.bool(forKey: "bool") == true)
    #expect(store.double(forKey: "double") == 2.5)
    #expect(store.string(forKey: "string") == "héllo <&> \"world\"")
    #expect(store.data(forKey: "data") == Data([0, 1, 2, 255]))
    #expect(store.object(forKey: "array") as? [String] == ["a", "b"])
    #expect((store.object(forKey: "dictionary") as? [String: Any])?["x"] as? Int == 1)
  }

  public static func overwrite(_ store: UserDefaultsProtocol) {
    store.set(1, forKey: "count")
    store.set(2, forKey: "count")
    #expect(store.integer(forKey: "count") == 2)
    store.set("text", forKey: "count")
    #expect(store.string(forKey: "count") == "text")
  }

  public static func remove(_ store: UserDefaultsProtocol) {
    store.set(5, forKey: "count")
    store.set(6, forKey: "other")
    store.removeObject(forKey: "count")
    #expect(store.object(forKey: "count") == nil)
    #expect(store.integer(forKey: "other") == 6)
    store.set(Optional<Any>.none, forKey: "other")
    #expect(store.object(forKey: "other") == nil)
  }

  public static func registration(_ store: UserDefaultsProtocol) {
    store.register(defaults: ["step": 3, "name": "laps"])
    #expect(store.integer(forKey: "step") == 3)
    store.set(5, forKey: "step")
    #expect(store.integer(forKey: "step") == 5)
    store.removeObject(forKey: "step")
    #expect(store.integer(forKey: "step") == 3)
    #expect(store.dictionaryRepresentation()["name"] as? String == "laps")
  }

  public static func update(_ store: UserDefaultsProtocol) {
    store.set(41, forKey: "count")
    let result = store.update(forKey: "count") { (($0 as? Int) ?? 0) + 1 }
    #expect(result as? Int == 42)
    #expect(store.integer(forKey: "count") == 42)
    store.update(forKey: "count") { _ in nil }
    #expect(store.object(forKey: "count") == nil)
  }

  public static func batch(_ store: UserDefaultsProtocol) {
    store.performBatch {
      for _ in 0..<10 {
        store.update(forKey: "count") { (($0 as? Int) ?? 0) + 1 }
      }
      store.set(true, forKey: "flag")
    }
    #expect(store.integer(forKey: "count") == 10)
    #expect(store.bool(forKey: "flag"))
    #expect(store.saveProblem == nil)
  }
}
