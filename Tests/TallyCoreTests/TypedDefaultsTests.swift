import FoundationEssentials
import TallyDefaults
import TallySettings
import TallyTestSupport
import Testing

struct DefaultsKeyTests {
  @Test(arguments: ["count", "hasOnboardingBeenShown", "counter-2", "a_b", "x@y", "UPPER123"])
  func validNames(name: String) throws {
    #expect(try DefaultsKey(validating: name).name == name)
  }

  @Test(arguments: [
    ("", "empty"), ("@count", "begins with '@'"), ("com.example.count", "contains '.'"),
    ("my count", "space"), ("tab\tkey", "space"), ("café", "not ASCII"), ("-count", "begins with '-'"),
    (String(repeating: "k", count: 129), "longer than 128"),
  ])
  func invalidNamesSayWhy(name: String, reason: String) {
    #expect {
      try DefaultsKey(validating: name)
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test func everyKeyTallyKnowsIsValid() {
    for entry in AppDefaults.entries {
      #expect(DefaultsKey.problem(with: entry.key.name) == nil)
    }
  }
}

struct TypedDefaultsTests {
  @Test func aWrongTypeIsReportedToTheStore() throws {
    let directory = try TemporaryDirectory()
    for store in [InMemoryUserDefaults(), try FileUserDefaults(directory: directory.path)] as [UserDefaultsProtocol] {
      store.set("twelve", forKey: "count")
      #expect(store.x.object(Int.self, forKey: .count) == nil)
      #expect(store.problems.count == 1)
      #expect(store.problems.first?.key == "count")
      #expect(store.problems.first?.message.contains("<string> <string>twelve</string>") == true, "\(store.problems)")
    }
  }

  @Test func aValueThatIsNotAPropertyListIsReportedAndNotWritten() {
    struct Opaque {}
    let store = InMemoryUserDefaults()
    store.set(Opaque(), forKey: "thing")
    #expect(store.object(forKey: "thing") == nil)
    #expect(store.problems.first?.message.contains("not a property-list value") == true)
  }

  @Test func anOptionalSetToNilRemovesTheKey() {
    let store = InMemoryUserDefaults()
    store.x.set(Optional(5), forKey: .count)
    #expect(store.x.object(Int.self, forKey: .count) == 5)
    store.x.set(Int?.none, forKey: .count)
    #expect(store.object(forKey: "count") == nil)
  }
}

/// The book's untyped reads, for values another program may have put in the store.
struct UntypedReadTests {
  @Test func aRealReadsAsAnIntegerOnlyWhenOneCanHoldIt() {
    let store = InMemoryUserDefaults()
    for (value, expected) in [
      (12.9, 12), (-3.5, -3), (Double.infinity, 0), (-Double.infinity, 0), (Double.nan, 0), (1e19, 0), (-1e19, 0),
      (9.1e18, 9_100_000_000_000_000_000),
    ] {
      store.set(value, forKey: "count")
      #expect(store.integer(forKey: "count") == expected, "\(value)")
    }
  }
}

struct DomainTests {
  enum Store: String, CaseIterable, Sendable { case inMemory, file }

  private func make(_ kind: Store, in directory: TemporaryDirectory) throws -> LayeredUserDefaults {
    kind == .file ? try FileUserDefaults(directory: directory.path) : InMemoryUserDefaults()
  }

  @Test(arguments: Store.allCases)
  func readsResolveArgumentThenVolatileThenPersistentThenRegistration(kind: Store) throws {
    let directory = try TemporaryDirectory()
    let store = try make(kind, in: directory)
    store.register(defaults: ["count": 1])
    #expect(store.integer(forKey: "count") == 1)
    store.set(2, forKey: "count")
    #expect(store.integer(forKey: "count") == 2)
    store.setVolatileDomain(["count": .integer(3)])
    #expect(store.integer(forKey: "count") == 3)
    store.setArgumentDomain(["count": .integer(4)])
    #expect(store.integer(forKey: "count") == 4)
    store.setArgumentDomain([:])
    store.setVolatileDomain([:])
    #expect(store.integer(forKey: "count") == 2)
    store.removeObject(forKey: "count")
    #expect(store.integer(forKey: "count") == 1)
  }

  /// An update that removes the value returns what it wrote, nothing: not the registered
  /// default that now shows through; one that returns what a property list cannot hold
  /// writes nothing and returns the value as it stands.
  @Test(arguments: Store.allCases)
  func anUpdateReturnsWhatItWroteNotWhatShowsThrough(kind: Store) throws {
    let directory = try TemporaryDirectory()
    let store = try make(kind, in: directory)
    store.register(defaults: ["count": 5])
    store.set(3, forKey: "count")
    #expect(store.update(forKey: "count") { _ in nil } == nil)
    #expect(store.integer(forKey: "count") == 5)
    store.set(3, forKey: "count")
    struct NotAPropertyList {}
    #expect(store.update(forKey: "count") { _ in NotAPropertyList() } as? Int == 3)
    #expect(store.integer(forKey: "count") == 3)
  }

  @Test(arguments: Store.allCases)
  func aWriteGoesToThePersistentDomainAndReplacesTheArgumentValue(kind: Store) throws {
    let directory = try TemporaryDirectory()
    let store = try make(kind, in: directory)
    store.setArgumentDomain(["count": .integer(12)])
    #expect(store.x.object(Int.self, forKey: .count) == 12)

    store.x.update(Int.self, forKey: .count) { ($0 ?? 0) + 1 }

    #expect(store.x.object(Int.self, forKey: .count) == 13)
    #expect(store.domains.persistent["count"] == .integer(13))
    #expect(store.domains.argument["count"] == nil)
  }

  @Test func theArgumentDomainIsNeverSaved() throws {
    let directory = try TemporaryDirectory()
    let store = try FileUserDefaults(directory: directory.path)
    store.setArgumentDomain(["count": .integer(12)])
    store.setVolatileDomain(["other": .bool(true)])
    store.set(true, forKey: "hasOnboardingBeenShown")
    let reopened = try FileUserDefaults(directory: directory.path)
    #expect(reopened.object(forKey: "count") == nil)
    #expect(reopened.object(forKey: "other") == nil)
  }

  @Test(arguments: Store.allCases)
  func blankDefaultsWhileRestoresEverythingAfterwards(kind: Store) throws {
    let directory = try TemporaryDirectory()
    let store = try make(kind, in: directory)
    store.register(defaults: ["step": 5])
    store.set(40, forKey: "count")
    store.setArgumentDomain(["name": .string("laps")])
    let before = store.domains

    store.withBlankDefaults {
      #expect(store.dictionaryRepresentation().isEmpty)
      store.set(1, forKey: "count")
      store.set("junk", forKey: "scribble")
    }

    #expect(store.domains == before)
    if kind == .file {
      let reopened = try FileUserDefaults(directory: directory.path)
      #expect(reopened.integer(forKey: "count") == 40)
      #expect(reopened.object(forKey: "scribble") == nil)
    }
  }
}

struct ObservationTests {
  enum Store: String, CaseIterable, Sendable { case inMemory, file }

  private func make(_ kind: Store, in directory: TemporaryDirectory) throws -> UserDefaultsProtocol {
    kind == .file ? try FileUserDefaults(directory: directory.path) : InMemoryUserDefaults()
  }

  @Test(arguments: Store.allCases)
  func initialThenEveryUpdateInOrder(kind: Store) throws {
    let directory = try TemporaryDirectory()
    let store = try make(kind, in: directory)
    store.x.set(1, forKey: .count)
    var changes: [DefaultsChange<Int?>] = []
    let observation = store.observe(Int.self, forKey: .count) { changes.append($0) }

    store.x.set(2, forKey: .count)
    store.x.set(2, forKey: .count)  // the same value: a write, heard once, as Foundation tells it
    store.set("other key", forKey: "name")
    store.x.update(Int.self, forKey: .count) { ($0 ?? 0) * 10 }
    store.removeObject(forKey: "count")

    #expect(changes == [.initial(1), .update(2), .update(2), .update(20), .update(nil)])
    _ = observation
  }

  @Test(arguments: Store.allCases)
  func aWriteOfAnEqualValueIsHeardOnceAndAnUpdateLeavingItIsNot(kind: Store) throws {
    let directory = try TemporaryDirectory()
    let store = try make(kind, in: directory)
    store.x.set(5, forKey: .count)
    var changes: [DefaultsChange<Int?>] = []
    let observation = store.observe(Int.self, forKey: .count) { changes.append($0) }

    store.x.set(5, forKey: .count)
    store.set("other key", forKey: "name")
    // A read-modify-write that leaves the value as it is writes nothing.
    store.x.update(Int.self, forKey: .count) { $0 ?? 0 }
    // In a batch, each write is heard when it is made.
    store.performBatch {
      store.x.set(5, forKey: .count)
      store.x.set(6, forKey: .count)
    }

    #expect(changes == [.initial(5), .update(5), .update(5), .update(6)])
    _ = observation
  }

  @Test func anObserverThatWritesBackWhatItHearsIsNotCalledForeverAndHearsItsOtherWrites() {
    let store = InMemoryUserDefaults()
    var heard: [Int?] = []
    // Writes back every value it hears, kept at most 100.
    let observation = store.observe(Int.self, forKey: .count) { change in
      heard.append(change.value)
      store.x.set(min(change.value ?? 0, 100), forKey: .count)
    }
    var other: [Int?] = []
    let second = store.observe(Int.self, forKey: .count) { other.append($0.value) }

    store.x.set(7, forKey: .count)
    store.x.set(150, forKey: .count)

    // The first hears each value once: its write of 0 at `.initial` came before it observed.
    #expect(heard == [nil, 7, 150, 100])
    #expect(store.x.object(Int.self, forKey: .count) == 100)
    // The second hears every write, each value read when it is delivered: 7 and its write
    // back; then 150, the clamp and its write back, the three after the clamp.
    #expect(other == [0, 7, 7, 100, 100, 100])
    _ = (observation, second)
  }

  @Test func invalidatingStopsDelivery() {
    let store = InMemoryUserDefaults()
    var count = 0
    let observation = store.observe(Int.self, forKey: .count) { _ in count += 1 }
    store.x.set(1, forKey: .count)
    observation.invalidate()
    #expect(!observation.isValid)
    store.x.set(2, forKey: .count)
    #expect(count == 2)  // .initial and one .update
  }

  @Test func releasingTheObservationStopsDelivery() {
    let store = InMemoryUserDefaults()
    var count = 0
    do {
      let observation = store.observe(Int.self, forKey: .count) { _ in count += 1 }
      store.x.set(1, forKey: .count)
      _ = observation
    }
    store.x.set(2, forKey: .count)
    #expect(count == 2)
  }

  @Test func aRegisteredDefaultOrAnArgumentValueIsAnUpdateToo() {
    let store = InMemoryUserDefaults()
    var changes: [DefaultsChange<Int?>] = []
    let observation = store.observe(Int.self, forKey: .count) { changes.append($0) }
    store.register(defaults: ["count": 0])
    store.setArgumentDomain(["count": .integer(12)])
    #expect(changes == [.initial(nil), .update(0), .update(12)])
    _ = observation
  }

  @Test func anotherProcessesWriteIsDeliveredWhenTheStoreNoticesIt() async throws {
    let directory = try TemporaryDirectory()
    let store = try FileUserDefaults(directory: directory.path)
    let descriptor = try #require(store.changeNotificationDescriptor())
    var changes: [DefaultsChange<Int?>] = []
    let observation = store.observe(Int.self, forKey: .count) { changes.append($0) }

    // Another writer: a second store on the same directory, as another process would be.
    let other = try FileUserDefaults(directory: directory.path)
    other.x.set(7, forKey: .count)

    #expect(ChildProcess.waitUntilReadable(descriptor, timeout: 5))
    store.processChanges()
    #expect(changes == [.initial(nil), .update(7)])
    #expect(store.x.update(Int.self, forKey: .count) { ($0 ?? 0) + 1 } == 8, "the next increment builds on it")
    _ = observation
  }

  @Test func anotherProcessesWriteOfAnEqualValueIsNotAnUpdateHere() throws {
    let directory = try TemporaryDirectory()
    let store = try FileUserDefaults(directory: directory.path)
    store.x.set(7, forKey: .count)
    let descriptor = try #require(store.changeNotificationDescriptor())
    var changes: [DefaultsChange<Int?>] = []
    let observation = store.observe(Int.self, forKey: .count) { changes.append($0) }

    // The file read again holds the value this store has: nothing changed here.
    let other = try FileUserDefaults(directory: directory.path)
    other.performBatch {
      other.x.set(7, forKey: .count)
      other.set("laps", forKey: "name")
    }

    #expect(ChildProcess.waitUntilReadable(descriptor, timeout: 5))
    #expect(store.processChanges() == ["name"])
    #expect(changes == [.initial(7)])
    _ = observation
  }

  @Test func ownWritesAreNotDeliveredTwice() throws {
    let directory = try TemporaryDirectory()
    let store = try FileUserDefaults(directory: directory.path)
    let descriptor = try #require(store.changeNotificationDescriptor())
    var changes: [DefaultsChange<Int?>] = []
    let observation = store.observe(Int.self, forKey: .count) { changes.append($0) }
    store.x.set(3, forKey: .count)
    #expect(ChildProcess.waitUntilReadable(descriptor, timeout: 5))
    store.processChanges()
    #expect(changes == [.initial(nil), .update(3)])
    _ = observation
  }
}

struct UserDefaultWrapperTests {
  final class Settings {
    @UserDefault var count: Int
    @UserDefault var name: String?
    @UserDefault var flavour: UserDefaultsContract.Flavour
    @UserDefault var snapshot: UserDefaultsContract.Snapshot

    init(store: UserDefaultsProtocol) {
      _count = UserDefault(.count, store: store, defaultValue: 1)
      _name = UserDefault(DefaultsKey("name"), store: store)
      _flavour = UserDefault(DefaultsKey("flavour"), store: store, defaultValue: .vanilla)
      _snapshot = UserDefault(
        DefaultsKey("snapshot"), store: store,
        defaultValue: .init(name: "none", values: [], taken: Date(timeIntervalSinceReferenceDate: 0)), strategy: .json)
    }
  }

  private let store = InMemoryUserDefaults()

  @Test func readsTheDefaultUntilSomethingIsStored() {
    let settings = Settings(store: store)
    #expect(settings.count == 1)
    #expect(settings.name == nil)
    #expect(settings.flavour == .vanilla)
    #expect(settings.snapshot.name == "none")
  }

  @Test func writesThroughTheInjectedStore() {
    let settings = Settings(store: store)
    settings.count += 4
    settings.name = "laps"
    settings.flavour = .chocolate
    settings.snapshot = .init(name: "run", values: [3], taken: Date(timeIntervalSinceReferenceDate: 9))
    #expect(store.domains.persistent["count"] == .integer(5))
    #expect(store.domains.persistent["name"] == .string("laps"))
    #expect(store.domains.persistent["flavour"] == .string("chocolate"))
    #expect(Settings(store: store).snapshot.values == [3])
    settings.name = nil
    #expect(store.domains.persistent["name"] == nil)
  }

  @Test func resetRemovesTheValue() {
    let settings = Settings(store: store)
    settings.count = 9
    settings.$count.reset()
    #expect(settings.count == 1)
    #expect(store.object(forKey: "count") == nil)
  }

  @Test func theObserverSeesDefaultsToo() {
    let settings = Settings(store: store)
    var values: [Int] = []
    let observation = settings.$count.addObserver { values.append($0.value) }
    settings.count = 3
    settings.$count.reset()
    #expect(values == [1, 3, 1])
    _ = observation
  }
}

struct ValueContainerTests {
  @Test func launchArgumentsAreKeyValuePairsOfXMLFragments() {
    var container = ValueContainer()
    container.set(12, forKey: .count)
    container.set(true, forKey: .hasOnboardingBeenShown)
    #expect(container.launchArguments == ["-count", "<integer>12</integer>", "-hasOnboardingBeenShown", "<true/>"])
  }

  @Test(arguments: [Int.max, Int.min, 0, -1, 12])
  func whatItWritesParsesBackToTheSameValue(value: Int) throws {
    var container = ValueContainer()
    container.set(value, forKey: .count)
    container.set(false, forKey: .hasOnboardingBeenShown)
    let arguments = container.launchArguments
    #expect(arguments == ["-count", arguments[1], "-hasOnboardingBeenShown", arguments[3]])
    let count = try #require(AppDefaults.entry(named: "count")).value(fromArgument: arguments[1])
    let shown = try #require(AppDefaults.entry(named: "hasOnboardingBeenShown")).value(fromArgument: arguments[3])
    #expect(count == value.propertyListValue)
    #expect(shown == .bool(false))
  }

  @Test(arguments: PropertyListCodecTests.samples)
  func everyValueSurvivesTheTripThroughLaunchArguments(value: PropertyListValue) throws {
    var container = ValueContainer()
    container.set(value, forKey: .count)
    let arguments = container.launchArguments
    #expect(arguments.count == 2)
    #expect(try PropertyListCodec.decodeFragment(arguments[1]) == value)
  }

  @Test func aKeySetTwiceKeepsTheLastValue() {
    var container = ValueContainer()
    container.set(1, forKey: .count)
    container.set(2, forKey: .count)
    #expect(container.launchArguments == ["-count", "<integer>2</integer>"])
  }
}
