import TallyApp
import TallyDefaults
import TallyModel
import TallyPlatform
import TallySettings
import TallySync
import TallyTestSupport

/// One machine in a sync test: its own data directory and its own copy of the sync folder,
/// which the test fills as a sync engine would.
final class SyncedMachine {
  let name: String
  let dataDirectory: String
  let folder: String
  private(set) var store: FileUserDefaults
  private(set) var sync: CounterSync?
  private(set) var model: CountersModel
  /// The wall clock of the machine's sync, in milliseconds, from when it joins or restarts.
  var now: () -> Int64

  /// Makes the machine's directories under `root`, with its counters as `prepare` leaves them,
  /// and joins its folder as `name` (unless `joining` is false).
  ///
  /// Its sync reads `clock`: a property test passes one made from its input (``SeededClock``),
  /// so that a seed replays.
  init(
    _ name: String, in root: TemporaryDirectory, folder: String? = nil, joining: Bool = true,
    prepare: (CountersModel) throws -> Void = { _ in }, clock: @escaping () -> Int64 = Platform.wallClockMilliseconds
  ) throws {
    self.name = name
    now = clock
    dataDirectory = root.appending("data-\(name)")
    self.folder = folder ?? root.appending("folder-\(name)")
    store = try FileUserDefaults(directory: dataDirectory)
    Environment.prepare(store, argumentDomain: [:])
    model = CountersModel(userDefaults: store, eventRecorder: EventRecorderSpy())
    try prepare(model)
    if joining { try join() }
  }

  /// Runs `tally sync enable` on this machine.
  @discardableResult
  func join(as machineName: String? = nil) throws -> SyncSetup.Join {
    let joined = try SyncSetup.enable(store: store, folder: folder, name: machineName ?? name, history: nil, now: now)
    sync = joined.sync
    model = CountersModel(userDefaults: store, eventRecorder: EventRecorderSpy(), sync: sync)
    return joined.join
  }

  /// Starts again from what is on disk, as a new process does, and reads the folder.
  func restart() throws {
    store = try FileUserDefaults(directory: dataDirectory)
    Environment.prepare(store, argumentDomain: [:])
    sync = CounterSync.configured(in: store, now: now)
    sync?.pull()
    model = CountersModel(userDefaults: store, eventRecorder: EventRecorderSpy(), sync: sync)
  }

  /// Sets the machine's sync clock to `milliseconds`, standing still, from a restart on.
  func setClock(to milliseconds: Int64) throws {
    now = { milliseconds }
    try restart()
  }

  /// Reads the folder, as on a change there.
  func pull() {
    if sync?.pull() == true { model.reload() }
  }

  /// Makes `edit` as a command does: in the model, then copied to the folder.
  ///
  /// Returns the change when it was made and saved (acknowledged), `nil` otherwise.
  @discardableResult
  func perform(_ edit: CounterEdit) -> CounterChange?? {
    let outcome = model.apply([edit])[0]
    sync?.publish()
    guard case .success(let change) = outcome, store.saveProblem == nil else { return nil }
    return .some(change)
  }

  func counter(_ name: String) -> Counter? { model.list.counter(named: name) }

  func value(_ name: String) -> Int? { counter(name)?.value }

  /// Adds `delta` to the counter `name`; returns whether it was acknowledged.
  @discardableResult
  func add(_ delta: Int, to name: String = "Count") -> Bool {
    guard let id = counter(name)?.id else { return false }
    return perform(.add(delta, to: id)) != nil
  }

  /// Copies every machine file of `other`'s folder into this machine's, as `cp` would.
  func receive(from other: SyncedMachine) throws {
    for name in FileSystem.names(inDirectory: other.folder) where SyncFile.isMachineFile(name) {
      try TestFiles.copy(other.folder + "/" + name, to: folder + "/" + name)
    }
  }

  /// Copies `other`'s own file from its folder into this machine's.
  func receiveOwnFile(of other: SyncedMachine) throws {
    let name = SyncFile.fileName(machine: other.name)
    try TestFiles.copy(other.folder + "/" + name, to: folder + "/" + name)
  }

  /// Sets a setting as `tally config set` does, without reading the folder first (as when
  /// the other machines' files have not arrived yet), then copies the state to the folder.
  func set(_ setting: String, to text: String) throws {
    try SettingEditor.set(setting, to: text, in: store, sync: sync)
    sync?.publish()
  }

  /// Resets a setting as `tally config reset` does, then copies the state to the folder.
  func reset(_ setting: String) throws {
    try SettingEditor.reset(setting, in: store, sync: sync)
    sync?.publish()
  }

  /// The user's value of the setting `key` here (the store's persistent domain).
  func setting(_ key: DefaultsKey) -> PropertyListValue? { store.domains.persistent[key.name] }

  /// The state this machine knows.
  var state: ReplicaState { sync?.state ?? ReplicaState() }
}

/// The wall clocks of the machines of a property test, made from its input so that a seed
/// replays its times: each reading is a few milliseconds after the one before (or the same),
/// and each machine's clock is off the others' by up to a second either way.
final class SeededClock {
  private var milliseconds: Int64
  private let step: Int64
  private let skews: [Int64]

  init(_ seeds: [Int]) {
    let seed = seeds.reduce(17) { $0 &* 31 &+ $1 }.magnitude
    milliseconds = 1_764_000_000_000 + Int64(seed % 100_000_000)
    step = Int64(seed % 4)
    skews = (0..<8).map { Int64((seed >> (4 * $0)) % 2_001) - 1_000 }
  }

  /// The clock of the machine numbered `machine`.
  func of(machine: Int) -> () -> Int64 {
    {
      self.milliseconds += self.step
      return self.milliseconds + self.skews[machine % self.skews.count]
    }
  }
}
