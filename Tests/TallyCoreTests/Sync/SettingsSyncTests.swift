import TallyDefaults
import TallySync
import TallyTestSupport
import Testing

/// The settings that follow the user through the sync folder, the ones that stay on one
/// machine, and a machine's file read by a Tally that knows no synced settings.
struct SettingsSyncTests {
  let root: TemporaryDirectory

  init() throws {
    root = try TemporaryDirectory()
  }

  @Test func aSettingSetOnOneMachineArrivesOnTheOther() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let desktop = try SyncedMachine("desktop", in: root)
    try laptop.set("theme", to: "mono")
    try laptop.set("keys.increment", to: "space,k")
    try desktop.receive(from: laptop)
    desktop.pull()
    #expect(desktop.setting(.theme) == .string("mono"))
    #expect(desktop.setting(.keys(for: .increment)) == .string("Space,k"))
  }

  @Test func ofTwoConcurrentSetsTheLaterWinsOnBoth() throws {
    var clock: Int64 = 1_000
    let laptop = try SyncedMachine("laptop", in: root, joining: false)
    let desktop = try SyncedMachine("desktop", in: root, joining: false)
    for machine in [laptop, desktop] {
      machine.now = { clock }
      try machine.join()
    }
    try laptop.set("theme", to: "mono")
    clock += 1
    try desktop.set("theme", to: "high-contrast")
    try laptop.receive(from: desktop)
    try desktop.receive(from: laptop)
    laptop.pull()
    desktop.pull()
    #expect(laptop.setting(.theme) == .string("high-contrast"))
    #expect(desktop.setting(.theme) == .string("high-contrast"))
    #expect(laptop.state == desktop.state)
  }

  @Test func aResetStaysResetAndAnOlderValueDoesNotComeBack() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let desktop = try SyncedMachine("desktop", in: root)
    try laptop.set("bigDigits", to: "false")
    try desktop.receive(from: laptop)
    desktop.pull()
    #expect(desktop.setting(.bigDigits) == .bool(false))
    try desktop.reset("bigDigits")
    try laptop.receive(from: desktop)
    laptop.pull()
    #expect(laptop.setting(.bigDigits) == nil)
    // The laptop's own older file, copied back by a slow engine, changes nothing.
    try desktop.receive(from: laptop)
    desktop.pull()
    #expect(desktop.setting(.bigDigits) == nil)
    #expect(desktop.state.settings["bigDigits"]?.value == nil)
  }

  @Test func theLockTimeoutStaysOnItsMachine() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    let desktop = try SyncedMachine("desktop", in: root)
    try laptop.set("lockTimeout", to: "30")
    try desktop.set("lockTimeout", to: "2")
    try laptop.set("confirmReset", to: "false")
    try desktop.receive(from: laptop)
    desktop.pull()
    #expect(laptop.state.settings["lockTimeout"] == nil)
    #expect(desktop.setting(.lockTimeout) == .real(2))
    #expect(laptop.setting(.lockTimeout) == .real(30))
    #expect(desktop.setting(.confirmReset) == .bool(false))
  }

  @Test func joiningTakesTheSettingsAlreadySetHere() throws {
    let shared = root.appending("shared")
    let laptop = try SyncedMachine("laptop", in: root, folder: shared)
    let desktop = try SyncedMachine("desktop", in: root, folder: shared, joining: false)
    try desktop.set("dayStartsAtHour", to: "4")
    try desktop.join()
    laptop.pull()
    #expect(laptop.setting(.dayStartsAtHour) == .integer(4))
  }

  /// Not kept either: every machine reads the newer machine's own file, so nothing needs
  /// passing on, and a flood of unknown settings fills no state.
  @Test func aSettingThisTallyDoesNotKnowIsNeitherKeptNorWritten() throws {
    let laptop = try SyncedMachine("laptop", in: root)
    var state = ReplicaState()
    state.settings["fromTheFuture"] = CounterReplica.Field(
      value: .string("x"), time: HybridTime(milliseconds: 1, machine: "phone"))
    let file = SyncFile(machine: "phone", instance: "0123456789abcdef", written: 1, state: state)
    try TestFiles.write(file.encoded(), to: laptop.folder + "/phone.tally.plist")
    laptop.pull()
    #expect(laptop.setting(DefaultsKey("fromTheFuture")) == nil)
    #expect(laptop.state.settings["fromTheFuture"] == nil)
  }

  /// A Tally that knows no synced settings reads a file's `counters` alone and passes over
  /// keys it does not know: the counters of a file with settings read as ever. (Format 2
  /// came later, for the ids of counters made on one machine, not for settings.)
  @Test func anOlderTallyReadsTheCountersOfAFileWithSettings() throws {
    var state = ReplicaState()
    state.counters["c-0000000000000001"] = CounterReplica(contributions: ["1": Contribution(added: 7)])
    state.settings["theme"] = CounterReplica.Field(value: .string("mono"), time: HybridTime(milliseconds: 1, machine: "laptop"))
    let bytes = SyncFile(machine: "laptop", instance: "1", written: 1, state: state).encoded()
    let document: [String: PropertyListValue] = try PropertyListCodec.decode(bytes)
    #expect(document["format"] == .integer(2))
    let counters = try ReplicaState(propertyListValue: try #require(document["counters"]))
    #expect(counters.counters == state.counters)
    #expect(counters.settings.isEmpty)

    // The reader passes over a key it does not know, as an older one passes over `settings`.
    var future = document
    future["fromTheFuture"] = .dictionary(["anything": .bool(true)])
    let read = try SyncFile(decoding: Array(PropertyListCodec.encode(future).utf8))
    #expect(read.state == state)
  }

  @Test func damagedSettingsSkipTheFile() throws {
    var document: [String: PropertyListValue] = try PropertyListCodec.decode(
      SyncFile(machine: "laptop", instance: "1", written: 1, state: ReplicaState()).encoded())
    document["settings"] = .dictionary(["theme": .string("mono")])
    #expect(throws: SyncFileProblem.self) { try SyncFile(decoding: Array(PropertyListCodec.encode(document).utf8)) }
  }
}
