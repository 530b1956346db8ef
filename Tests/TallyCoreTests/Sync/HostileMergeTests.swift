import TallyDefaults
import TallyModel
import TallyPlatform
import TallySettings
import TallySync
import TallyTestSupport
import Testing

/// What a file in the folder may not do to this machine's store and counts: name its keys,
/// flood its state past the limits, raise its own contribution, drag its clock, or break
/// the merge's rules (docs/sync.md, "The folder is untrusted" and the merge rules).
struct HostileMergeTests: TwoMachineSuite {
  let root: TemporaryDirectory
  let laptop: SyncedMachine
  let desktop: SyncedMachine

  init() throws {
    root = try TemporaryDirectory()
    laptop = try SyncedMachine("laptop", in: root)
    desktop = try SyncedMachine("desktop", in: root)
    try exchange()
  }

  /// Puts a file of a machine called `name` holding `state` in the laptop's folder.
  func place(_ state: ReplicaState, as name: String, instance: String = "00000000deadbeef") throws {
    let file = SyncFile(machine: name, instance: instance, written: Platform.wallClockMilliseconds(), state: state)
    try TestFiles.write(file.encoded(), to: laptop.folder + "/\(name).tally.plist")
  }

  var laptopInstance: String { laptop.sync?.machine.instance ?? "" }

  static let now = Platform.wallClockMilliseconds()

  static func named(_ name: String, at time: HybridTime, value: Int = 0, by instance: String = "00000000deadbeef")
    -> CounterReplica
  {
    CounterReplica(
      contributions: [instance: Contribution(added: value)],
      fields: [
        "name": CounterReplica.Field(value: .string(name), time: time),
        "step": CounterReplica.Field(value: .integer(1), time: time),
      ])
  }

  // MARK: This machine's keys

  @Test(arguments: ["syncFolder", "syncState", "syncSettings", "counters", "currentCounter", "theme", "keys-increment"])
  func aCounterIdThatNamesAKeyOfTheStoreIsRefused(key: String) throws {
    laptop.add(3)
    let time = HybridTime(milliseconds: Self.now, machine: "evil")
    try place(ReplicaState(counters: [key: Self.named("x", at: time, value: 9)]), as: "evil")
    laptop.pull()
    laptop.add(1)
    try laptop.restart()

    #expect(laptop.sync != nil, "sync is still on")
    #expect(laptop.value("Count") == 4)
    #expect(laptop.model.list.counters.map(\.name) == ["Count"])
    let problems = try #require(laptop.sync?.status.problems)
    #expect(problems.contains { $0.hasPrefix("evil.tally.plist was skipped") && $0.contains("is not valid") }, "\(problems)")
    try exchange()
    #expect(desktop.value("Count") == 4)
  }

  @Test func noKeyOfTheStoreHasTheFormOfACounterId() {
    let keys =
      AppDefaults.entries.map(\.key.name)
      + [
        DefaultsKey.syncFolder, .syncMachine, .syncInstance, .syncState, .syncSettings, .syncReplacedInstances,
        .syncStateDamaged, .syncRetiredIDs, .syncMovedIDs, .counters, .currentCounter,
      ].map(\.name)
    // The first counter's value key, `count`, is a counter's id on purpose (the book's key).
    #expect(keys.filter { CounterRecord.isCounterID($0) } == ["count"])
    for id in [
      "count", "count-2", "count-31", CounterSync.derivedID(forName: "laps"), CounterSync.derivedID(forName: "x") + "-3f9a2b-1",
      CounterSync.derivedID(forName: "x") + "-3f9a2b1c0d4e5f60",
    ] {
      #expect(CounterRecord.isCounterID(id), "\(id)")
    }
    for id in [
      "c-1", "count-", "count-02", "c-0123456789ABCDEF", "c-0123456789abcdef-x y-1", "Count", "", "c-0123456789abcdef\n",
    ] {
      #expect(!CounterRecord.isCounterID(id), "\(id)")
    }
  }

  @Test(arguments: ["x\nfake 999999", "tab\there", "csi\u{9B}2J", String(repeating: "n", count: 33), " padded "])
  func aNameThatCouldNotBeTypedHereIsRefused(name: String) throws {
    let time = HybridTime(milliseconds: Self.now, machine: "evil")
    try place(ReplicaState(counters: [CounterSync.derivedID(forName: "laps"): Self.named(name, at: time, value: 5)]), as: "evil")
    laptop.pull()
    #expect(laptop.model.list.counters.map(\.name) == ["Count"])
    #expect(laptop.sync?.status.problems.contains { $0.hasPrefix("evil.tally.plist was skipped") } == true)
  }

  // MARK: Limits after the merge

  @Test func twoFloodsOfDeletedCountersCannotMakeTheStateUnreadable() throws {
    laptop.add(2)
    for (file, start) in [("flood-a", 0), ("flood-b", 5_001)] {
      var counters: [String: CounterReplica] = [:]
      let time = HybridTime(milliseconds: Self.now, machine: file)
      for number in start..<(start + 5_001) {
        var counter = CounterReplica()
        counter.delete(at: time)
        counters[String(format: number)] = counter
      }
      try place(ReplicaState(counters: counters), as: file, instance: "00000000000\(file.last == "a" ? "aaaaa" : "bbbbb")")
    }
    laptop.pull()
    // Deleted counters it never knew, with no count: nothing to delete here, nothing kept.
    let count = try #require(laptop.counter("Count")?.id)
    #expect(laptop.state.groups.map(\.id) == [count])
    #expect(laptop.state.counters.values.allSatisfy { !$0.isDeleted })

    // Counting goes on, each press acknowledged once, and the state reads back.
    laptop.add(1)
    #expect(laptop.value("Count") == 3)
    laptop.add(1)
    #expect(laptop.value("Count") == 4)
    try laptop.restart()
    #expect(laptop.value("Count") == 4)
    #expect(laptop.state.counters.values.map(\.value).contains(4))
    desktop.add(2)
    for file in ["flood-a", "flood-b"] { TestFiles.remove(laptop.folder + "/\(file).tally.plist") }
    try exchange()
    #expect(laptop.value("Count") == 6)
    #expect(desktop.value("Count") == 6)
  }

  @Test func twoFloodsOfCountersFillNoMoreThanTheLimitAndEveryCountStillMerges() throws {
    laptop.add(2)
    for (file, start) in [("flood-a", 0), ("flood-b", 5_001)] {
      var counters: [String: CounterReplica] = [:]
      let time = HybridTime(milliseconds: Self.now, machine: file)
      for number in start..<(start + 5_001) {
        counters[String(format: number + 1)] = CounterReplica(fields: [
          "name": CounterReplica.Field(value: .string("f\(number)"), time: time)
        ])
      }
      try place(ReplicaState(counters: counters), as: file, instance: "00000000000\(file.last == "a" ? "aaaaa" : "bbbbb")")
      try TestFiles.copy(laptop.folder + "/\(file).tally.plist", to: desktop.folder + "/\(file).tally.plist")
    }
    laptop.pull()
    #expect(laptop.state.counters.count == ReplicaState.maximumCounters)
    let problems = try #require(laptop.sync?.status.problems)
    #expect(problems.contains { $0.contains("of its counters were left out") }, "\(problems)")
    laptop.add(1)
    desktop.add(4)
    try exchange()
    try exchange()
    #expect(laptop.value("Count") == 7)
    #expect(desktop.value("Count") == 7)
    try laptop.restart()
    #expect(laptop.value("Count") == 7)
  }

  @Test func twoFloodsOfSettingsCannotCutSync() throws {
    for file in ["flood-a", "flood-b"] {
      var settings: [String: CounterReplica.Field] = [:]
      for number in 0..<600 {
        settings["\(file.last!)setting\(number)"] = CounterReplica.Field(
          value: .string("x"), time: HybridTime(milliseconds: Self.now, machine: file))
      }
      try place(ReplicaState(settings: settings), as: file, instance: "0000000000000\(file.last!)\(file.last!)\(file.last!)")
    }
    laptop.pull()
    #expect(laptop.state.settings.count <= ReplicaState.maximumSettings)
    laptop.add(5)
    try exchange()
    #expect(desktop.value("Count") == 5)
    try laptop.restart()
    #expect(laptop.value("Count") == 5)
  }

  // MARK: This machine's own contribution

  @Test func aFileCannotRaiseThisMachinesOwnContribution() throws {
    laptop.add(3)
    let id = try #require(laptop.counter("Count")?.id)
    let claim = CounterReplica(contributions: [laptopInstance: Contribution(added: 1_000_000)])
    try place(ReplicaState(counters: [id: claim]), as: "evil")
    // And a forged copy of its own file, under its own name and instance.
    let forged = SyncFile(
      machine: "laptop", instance: laptopInstance, written: Self.now, state: ReplicaState(counters: [id: claim]))
    try TestFiles.write(forged.encoded(), to: laptop.folder + "/laptop.tally.sync-conflict-20261123-101010-ABCDEFG.plist")
    laptop.pull()
    #expect(laptop.value("Count") == 3)
    laptop.add(1)
    #expect(laptop.value("Count") == 4)
    try exchange()
    #expect(desktop.value("Count") == 4)
  }

  /// A deletion that claims to have seen a million of the laptop's presses, when the laptop
  /// made 3, has seen 3: the presses the laptop makes after it still count, everywhere.
  @Test func aDeletionClaimingMoreOfThisMachinesCountsThanItMadeDeletesNoLaterCount() throws {
    laptop.perform(.create(named: "laps", selecting: false))
    laptop.add(3, to: "laps")
    try exchange()
    let id = try #require(laptop.counter("laps")?.id)
    let key = try #require(laptop.state.counters.first { ReplicaState.nameID(of: $0.key) == id }?.key)
    // It saw none of the counter's writes, so it deletes nothing yet: it waits in the state.
    let deletion = CounterReplica.Deletion(
      seen: [laptopInstance: Contribution(added: 1_000_000)], time: HybridTime(milliseconds: Self.now, machine: "evil"),
      writes: [:])
    try place(ReplicaState(counters: [key: CounterReplica(deletion: deletion)]), as: "evil")
    laptop.pull()
    #expect(laptop.value("laps") == 3)

    // The desktop deletes the counter having seen 3 presses; the laptop presses twice more.
    laptop.add(2, to: "laps")
    desktop.perform(.delete(id))
    try exchange()
    #expect(laptop.value("laps") == 5)
    #expect(desktop.value("laps") == 5)
  }

  @Test func aFileSpeaksForItsOwnMachinesSumsAloneSoEveryMachineAgrees() throws {
    desktop.add(2)
    try exchange()
    let id = try #require(laptop.counter("Count")?.id)
    let desktopInstance = try #require(desktop.sync?.machine.instance)
    let claim = CounterReplica(contributions: [desktopInstance: Contribution(added: 1_000_000)])
    try place(ReplicaState(counters: [id: claim]), as: "evil")
    try TestFiles.copy(laptop.folder + "/evil.tally.plist", to: desktop.folder + "/evil.tally.plist")
    try exchange()
    #expect(laptop.value("Count") == 2)
    #expect(desktop.value("Count") == 2)
  }

  // MARK: Time from the folder

  @Test func aTimeAtTheEndOfInt64IsClampedAndEveryMachineConverges() throws {
    let id = try #require(laptop.counter("Count")?.id)
    let hostile = HybridTime(milliseconds: .max, counter: .max, machine: "evil")
    var counter = Self.named("pinned", at: hostile, value: 0)
    counter.lastSet = CounterReplica.ValueSet(value: 668, seen: [:], time: hostile)
    try place(ReplicaState(counters: [id: counter]), as: "evil")
    try TestFiles.copy(laptop.folder + "/evil.tally.plist", to: desktop.folder + "/evil.tally.plist")
    laptop.pull()
    desktop.pull()
    #expect(laptop.value("pinned") == 668)
    #expect(laptop.sync?.status.problems.contains { $0.contains("more than a day ahead") } == true)

    // A set and a rename made after it win, on both machines, and stay.
    let pinned = try #require(laptop.counter("pinned"))
    laptop.perform(.setValue(0, of: pinned.id))
    laptop.perform(.rename(pinned.id, to: "laps"))
    try exchange()
    try exchange()
    #expect(laptop.value("laps") == 0)
    #expect(desktop.value("laps") == 0)
    TestFiles.remove(laptop.folder + "/evil.tally.plist")
    try laptop.restart()
    #expect(laptop.value("laps") == 0)
  }

  @Test func aFileFromTheFutureDragsNoClockPastADayAhead() throws {
    let year2099: Int64 = 4_070_908_800_000
    let time = HybridTime(milliseconds: year2099, machine: "future")
    try place(ReplicaState(counters: [CounterSync.derivedID(forName: "later"): Self.named("later", at: time)]), as: "future")
    laptop.pull()
    let latest = try #require(laptop.state.latestTime)
    #expect(latest.milliseconds <= HybridTime.horizon(now: Platform.wallClockMilliseconds()))
    #expect(latest.milliseconds < Platform.wallClockMilliseconds() + 2 * 86_400_000)
  }

  // MARK: The merge's rules

  @Test func aDeleteLosesToAChangeItHadNotSeenWhateverTheClocks() throws {
    laptop.add(3)
    try exchange()
    let id = try #require(laptop.counter("Count")?.id)
    // The desktop's clock is an hour behind: its rename has the earlier time.
    desktop.now = { Platform.wallClockMilliseconds() - 3_600_000 }
    try desktop.restart()
    desktop.perform(.rename(id, to: "laps"))
    laptop.perform(.create(named: "other", selecting: false))
    laptop.perform(.delete(id))
    try exchange()
    #expect(laptop.value("laps") == 3)
    #expect(desktop.value("laps") == 3)
  }

  @Test func deletesJoinWhatTheyHadSeen() throws {
    laptop.perform(.create(named: "laps", selecting: false))
    try exchange()
    laptop.add(3, to: "laps")
    desktop.add(4, to: "laps")
    let id = try #require(laptop.counter("laps")?.id)
    // Each deletes having seen only its own press: together they saw every one.
    laptop.perform(.delete(id))
    desktop.perform(.delete(id))
    try exchange()
    #expect(laptop.counter("laps") == nil)
    #expect(desktop.counter("laps") == nil)
  }

  @Test func aDeletionEveryMachineHasSeenIsDroppedAndItsIdNeverUsedAgain() throws {
    laptop.perform(.create(named: "laps", selecting: false))
    try exchange()
    laptop.add(3, to: "laps")
    desktop.add(4, to: "laps")
    try exchange()
    let laps = try #require(laptop.counter("laps"))
    #expect(laps.value == 7)
    laptop.perform(.delete(laps.id))
    // Each machine merges the deletion, says so in its file, then drops it.
    for _ in 0..<3 { try exchange() }
    for machine in [laptop, desktop] {
      #expect(machine.state.group(withID: laps.id) == nil, "\(machine.name)")
      #expect(machine.counter("laps") == nil)
    }
    // Undo brings it back under a new id, with its value, counted once everywhere.
    laptop.perform(.restore(laps, at: 1))
    try exchange()
    let restored = try #require(laptop.counter("laps"))
    #expect(restored.id != laps.id)
    #expect(restored.value == 7)
    #expect(desktop.value("laps") == 7)
    // A counter made again with the name gets a new id too, and starts at 0.
    desktop.perform(.delete(restored.id))
    for _ in 0..<3 { try exchange() }
    desktop.perform(.create(named: "laps", selecting: false))
    try exchange()
    #expect(laptop.value("laps") == 0)
    #expect(desktop.value("laps") == 0)
    #expect(laptop.counter("laps")?.id != laps.id)
  }

  @Test func aDeletionIsKeptWhileAMachineHasNotSeenIt() throws {
    let phone = try SyncedMachine("phone", in: root)
    try phone.receiveOwnFile(of: laptop)
    phone.pull()
    try laptop.receiveOwnFile(of: phone)
    try desktop.receiveOwnFile(of: phone)
    laptop.perform(.create(named: "laps", selecting: false))
    try exchange()
    let id = try #require(laptop.counter("laps")?.id)
    laptop.perform(.delete(id))
    for _ in 0..<3 { try exchange() }
    // The phone's file, still from before, keeps the deletion on both.
    for machine in [laptop, desktop] {
      let kept = machine.state.counters.filter { ReplicaState.nameID(of: $0.key) == id }
      #expect(!kept.isEmpty && kept.values.allSatisfy { $0.deletion != nil }, "\(machine.name)")
    }
  }

  @Test func aRenameOntoANewCounterKeepsBothWithTheWriterShown() throws {
    laptop.perform(.create(named: "x", selecting: false))
    try exchange()
    laptop.add(5, to: "x")
    let x = try #require(laptop.counter("x")?.id)
    laptop.perform(.rename(x, to: "y"))
    desktop.perform(.create(named: "y", selecting: false))
    desktop.add(2, to: "y")
    try exchange()
    for machine in [laptop, desktop] {
      let names = machine.model.list.counters.map(\.name)
      #expect(Set(names.map { $0.lowercased() }).count == names.count, "\(names)")
      // The name given first stays; the later one shows who gave it.
      #expect(machine.value("y") == 5)
      #expect(machine.value("y (desktop)") == 2)
    }
  }

  @Test func positionsAtBothEndsOfInt64DoNotTrap() throws {
    let low = CounterSync.derivedID(forName: "low")
    let high = CounterSync.derivedID(forName: "high")
    let time = HybridTime(milliseconds: Self.now, machine: "evil")
    var a = Self.named("low", at: time)
    a.write(.integer(.min), to: ReplicaState.positionField, at: time)
    var b = Self.named("high", at: time)
    b.write(.integer(.max), to: ReplicaState.positionField, at: time)
    try place(ReplicaState(counters: [low: a, high: b]), as: "evil")
    laptop.pull()
    let names = laptop.model.list.counters.map(\.name)
    let index = try #require(names.firstIndex(of: "low"))
    let made = try #require(laptop.counter("Count"))
    laptop.perform(.delete(made.id))
    laptop.perform(.restore(made, at: index + 1))
    #expect(laptop.value("Count") == 0)
    #expect(laptop.model.list.counters.count == 3)
  }

  @Test func aDamagedStateIsKeptAsideAndRebuiltWithoutLosingACount() throws {
    laptop.add(3)
    try exchange()
    desktop.add(2)
    try exchange()
    laptop.store.setPropertyListValue(.string("damaged"), forKey: DefaultsKey.syncState.name)
    try laptop.restart()
    #expect(laptop.value("Count") == 5)
    #expect(laptop.store.propertyListValue(forKey: DefaultsKey.syncStateDamaged.name) != nil)
    laptop.add(1)
    try exchange()
    #expect(laptop.value("Count") == 6)
    #expect(desktop.value("Count") == 6)
  }

  // MARK: Text

  @Test func fileNamesAndNamesReachNoTerminalRaw() throws {
    try TestFiles.write([], to: laptop.folder + "/evil\u{1B}]0;owned\u{07}.tally.plist")
    laptop.pull()
    let lines = try #require(laptop.sync?.status.lines(now: Self.now))
    #expect(lines.contains { $0.contains("evil\\u{1B}]0;owned\\u{7}.tally.plist") }, "\(lines)")
    #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(laptop.sync?.status.summary?.contains("\u{1B}") == false)
    #expect(CounterListing.lines([Counter(id: "count", name: "a\u{9B}2J")]) == ["a\\u{9B}2J\t0"])
  }
}

extension String {
  /// A counter id for test number `number`: `c-` and 16 hexadecimal digits.
  fileprivate init(format number: Int) {
    let digits = String(number, radix: 16)
    self = "c-" + String(repeating: "0", count: 16 - digits.count) + digits
  }
}
