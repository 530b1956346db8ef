import FoundationEssentials
import TallyDefaults
import Testing

/// The behaviour every `UserDefaultsProtocol` store must share, Foundation's included: checks
/// that each take a fresh, empty store.
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
    ("typed values of every type round-trip", typedRoundTrips),
    ("extreme integers and dates round-trip exactly", extremes),
    ("enums and Codable values round-trip", rawAndCodable),
    ("a value of the wrong type reads as nil", wrongType),
    ("a typed update is a read-modify-write", typedUpdate),
  ]

  /// How a value of one kind reads as another, as Foundation's `UserDefaults` reads it.
  ///
  /// Measured on Linux (its `NSString` and `NSNumber` conversions). Not for the book's fake,
  /// which keeps integers apart from other values.
  public static let coercions: [(name: String, run: @Sendable (UserDefaultsProtocol) -> Void)] = [
    ("a string reads as a bool as NSString's boolValue", boolsFromText),
    ("a string reads as an integer as NSString's integerValue", integersFromText),
    ("a string reads as a double as NSString's doubleValue", doublesFromText),
    ("a bool or a number reads as a string and as another number", textAndNumbersFromNumbers),
  ]

  public static func boolsFromText(_ store: UserDefaultsProtocol) {
    let cases: [(String, Bool)] = [
      ("Y", true), ("y", true), ("T", true), ("t", true), ("yes", true), ("YES", true), ("true", true), ("1", true),
      ("2", true), (" 1", true), ("+1", true), ("-1", true), ("007", true), ("  +007", true), ("\t9", true),
      ("\n1", true), (" y", true), ("no", false), ("N", false), ("0", false), ("", false), ("x", false), ("-0", false),
      ("0.5", false), (" 0.0", false), ("\u{663}", false),
    ]
    for (text, value) in cases {
      store.set(text, forKey: "text")
      #expect(store.bool(forKey: "text") == value, "\(text.debugDescription)")
    }
  }

  public static func integersFromText(_ store: UserDefaultsProtocol) {
    let cases: [(String, Int)] = [
      (" 42", 42), ("42 ", 42), ("12abc", 12), ("+5", 5), ("-5", -5), ("1.9", 1), ("abc", 0), ("", 0), (" -3x", -3),
      ("0x10", 0), ("\t42", 42), ("\n42", 42), ("+-5", 0), ("- 5", -5), (" +  5", 5), ("0042", 42), ("\u{663}", 0),
      ("99999999999999999999", .max), ("9223372036854775808", .max), ("-9223372036854775809", .min),
    ]
    for (text, value) in cases {
      store.set(text, forKey: "text")
      #expect(store.integer(forKey: "text") == value, "\(text.debugDescription)")
    }
  }

  public static func doublesFromText(_ store: UserDefaultsProtocol) {
    let cases: [(String, Double)] = [
      (" 1.5", 1.5), ("1.5 ", 1.5), ("1.5abc", 1.5), ("abc", 0), ("1e3", 1000), ("-2", -2), (".5", 0.5), ("1,5", 1),
      ("\t2.5", 2.5), ("  -.5e1x", -5), ("1.5e", 0), ("inf", 0), ("INF", 0), ("Infinity", 0), ("nan", 0), ("0x10", 0),
      ("1e400", .infinity), ("-1e400", -.infinity),
    ]
    for (text, value) in cases {
      store.set(text, forKey: "text")
      #expect(store.double(forKey: "text") == value, "\(text.debugDescription)")
    }
  }

  public static func textAndNumbersFromNumbers(_ store: UserDefaultsProtocol) {
    let texts: [(Any, String)] = [
      (true, "1"), (false, "0"), (12, "12"), (2.5, "2.5"), (0.1, "0.1"), (2.0, "2.0"), (1e20, "1e+20"), (1e-7, "1e-07"),
    ]
    for (value, text) in texts {
      store.set(value, forKey: "value")
      #expect(store.string(forKey: "value") == text, "\(value)")
    }
    store.set(true, forKey: "value")
    #expect(store.integer(forKey: "value") == 1)
    #expect(store.double(forKey: "value") == 1)
    store.set(2.7, forKey: "value")
    #expect(store.integer(forKey: "value") == 2)
    #expect(store.bool(forKey: "value"))
    store.set(-2.7, forKey: "value")
    #expect(store.integer(forKey: "value") == -2)
    store.set(0.4, forKey: "value")
    #expect(store.bool(forKey: "value"))
  }

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

  public enum Flavour: String, Sendable { case vanilla, chocolate }

  public struct Snapshot: Codable, Equatable, Sendable {
    public var name: String
    public var values: [Int]
    public var taken: Date

    public init(name: String, values: [Int], taken: Date) {
      self.name = name
      self.values = values
      self.taken = taken
    }
  }

  public static func typedRoundTrips(_ store: UserDefaultsProtocol) {
    let typed = store.x
    var next = 0
    func roundTrip<T: UserDefaultsStorable & Equatable>(_ value: T, _ sourceLocation: SourceLocation = #_sourceLocation) {
      next += 1
      let key = DefaultsKey("value-\(next)")
      typed.set(value, forKey: key)
      #expect(typed.object(T.self, forKey: key) == value, sourceLocation: sourceLocation)
    }
    roundTrip(true)
    roundTrip(false)
    roundTrip(Int(-42))
    roundTrip(Int8(-8))
    roundTrip(Int16(-16))
    roundTrip(Int32(-32))
    roundTrip(Int64(-64))
    roundTrip(UInt(42))
    roundTrip(UInt8(8))
    roundTrip(UInt16(16))
    roundTrip(UInt32(32))
    roundTrip(UInt64(64))
    roundTrip(Double(2.5))
    roundTrip(Float(0.1))
    roundTrip("text with <xml> & émoji 🎉")
    roundTrip(Data([0, 1, 2, 255]))
    roundTrip(Date(timeIntervalSinceReferenceDate: 12_345.678))
    roundTrip(["a", "b"])
    roundTrip([1, 2, 3])
    roundTrip(["x": 1.5, "y": -2])
    roundTrip(["nested": ["a": [true, false]]])
  }

  public static func extremes(_ store: UserDefaultsProtocol) {
    let typed = store.x
    typed.set(Int.max, forKey: DefaultsKey("max"))
    typed.set(Int.min, forKey: DefaultsKey("min"))
    typed.set(UInt64.max, forKey: DefaultsKey("umax"))
    let date = Date(timeIntervalSinceReferenceDate: 785_623_891.123_456_7)
    typed.set(date, forKey: DefaultsKey("date"))
    #expect(typed.object(Int.self, forKey: DefaultsKey("max")) == Int.max)
    #expect(typed.object(Int.self, forKey: DefaultsKey("min")) == Int.min)
    #expect(typed.object(UInt64.self, forKey: DefaultsKey("umax")) == UInt64.max)
    #expect(typed.object(Date.self, forKey: DefaultsKey("date")) == date)
    #expect(typed.object(Int8.self, forKey: DefaultsKey("max")) == nil, "out of range reads as nil")
  }

  public static func rawAndCodable(_ store: UserDefaultsProtocol) {
    let typed = store.x
    typed.set(Flavour.chocolate, forKey: DefaultsKey("flavour"))
    #expect(typed.object(Flavour.self, forKey: DefaultsKey("flavour")) == .chocolate)
    #expect(typed.object(String.self, forKey: DefaultsKey("flavour")) == "chocolate")

    let snapshot = Snapshot(name: "laps", values: [1, 2, 3], taken: Date(timeIntervalSinceReferenceDate: 100.25))
    for strategy in [CodingStrategy.json, .plist] {
      let key = DefaultsKey("snapshot-\(strategy)")
      typed.set(snapshot, forKey: key, strategy: strategy)
      #expect(typed.object(Snapshot.self, forKey: key, strategy: strategy) == snapshot)
    }
  }

  public static func wrongType(_ store: UserDefaultsProtocol) {
    let typed = store.x
    typed.set("twelve", forKey: .count)
    #expect(typed.object(Int.self, forKey: .count) == nil)
    #expect(typed.object(Date.self, forKey: .count) == nil)
    #expect(typed.object([Int].self, forKey: .count) == nil)
    #expect(typed.object(Flavour.self, forKey: .count) == nil)
    #expect(typed.object(Snapshot.self, forKey: .count, strategy: .json) == nil)
    #expect(typed.object(String.self, forKey: .count) == "twelve", "the value itself is untouched")
  }

  public static func typedUpdate(_ store: UserDefaultsProtocol) {
    let typed = store.x
    #expect(typed.update(Int.self, forKey: .count) { ($0 ?? 0) + 1 } == 1)
    #expect(typed.update(Int.self, forKey: .count) { ($0 ?? 0) + 1 } == 2)
    #expect(typed.update(Int.self, forKey: .count) { _ in nil } == nil)
    #expect(typed.object(Int.self, forKey: .count) == nil)
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
