import TallyDefaults
import TallyModel
import TallyPlatform
import TallySync
import TallyTestSupport
import Testing

/// Each merge rule of docs/sync.md, on two machines whose folders the test copies between.
struct SyncMergeRuleTests: TwoMachineSuite {
  let root: TemporaryDirectory
  let laptop: SyncedMachine
  let desktop: SyncedMachine

  init() throws {
    root = try TemporaryDirectory()
    laptop = try SyncedMachine("laptop", in: root)
    desktop = try SyncedMachine("desktop", in: root)
    try exchange()
  }

  @Test func additionsOnEveryMachineAddUp() throws {
    for _ in 0..<30 { laptop.add(1) }
    for _ in 0..<20 { desktop.add(1) }
    desktop.add(-3)
    try exchange()
    #expect(laptop.value("Count") == 47)
    #expect(desktop.value("Count") == 47)
  }

  /// A machine that joins before the others' files arrive keeps what they chose.
  ///
  /// What it never chose (its counters' default step and their places in its list) does not
  /// undo it. Found by `CountingModelPropertyTests`.
  @Test func aMachineJoiningBeforeTheFilesArriveKeepsWhatTheOthersChose() throws {
    let root = try TemporaryDirectory()
    let phone = try SyncedMachine("phone", in: root, joining: false) { model in
      try model.perform(.setStep(12, of: "count"))
      try model.perform(.create(named: "rows", selecting: false))
    }
    try phone.join()
    let tablet = try SyncedMachine("tablet", in: root) { model in
      try model.perform(.create(named: "rows", selecting: false))
      try model.perform(.setStep(3, of: try #require(model.list.counter(named: "rows")).id))
    }
    try tablet.receiveOwnFile(of: phone)
    try phone.receiveOwnFile(of: tablet)
    tablet.pull()
    phone.pull()
    for machine in [phone, tablet] {
      #expect(machine.counter("Count")?.step == 12, "\(machine.name)")
      #expect(machine.counter("rows")?.step == 3, "\(machine.name): a step the later machine chose is kept")
      #expect(machine.model.list.counters.map(\.name) == ["Count", "rows"], "\(machine.name)")
    }
  }

  /// Counts a machine's share cannot hold are kept, as a set.
  ///
  /// A share only grows, up to `Int.max`. Found by `CountingModelPropertyTests`.
  @Test func countsPastWhatAMachinesShareHoldsAreKept() throws {
    laptop.add(Int.max)
    laptop.add(-Int.max)
    laptop.add(5)
    laptop.add(-7)
    try exchange()
    #expect(laptop.value("Count") == -2)
    #expect(desktop.value("Count") == -2)
    desktop.add(3)
    try exchange()
    #expect(laptop.value("Count") == 1)
  }

  @Test func aSetKeepsTheChangesItHadNotSeen() throws {
    laptop.add(10)
    try exchange()
    let id = try #require(laptop.counter("Count")?.id)
    laptop.perform(.setValue(100, of: id))
    desktop.add(7)
    try exchange()
    #expect(laptop.value("Count") == 107)
    #expect(desktop.value("Count") == 107)
  }

  @Test func ofTwoConcurrentSetsTheLatestWins() throws {
    let id = try #require(laptop.counter("Count")?.id)
    desktop.perform(.setValue(5, of: id))
    laptop.perform(.setValue(9, of: id))
    try exchange()
    #expect(laptop.value("Count") == 9)
    #expect(desktop.value("Count") == 9)
  }

  @Test func renamesAndStepsTakeTheLatestWrite() throws {
    let id = try #require(laptop.counter("Count")?.id)
    laptop.perform(.rename(id, to: "Laps"))
    desktop.perform(.setStep(5, of: id))
    desktop.perform(.rename(id, to: "Pushups"))
    try exchange()
    for machine in [laptop, desktop] {
      #expect(machine.model.list.counters.map(\.name) == ["Pushups"])
      #expect(machine.counter("Pushups")?.step == 5)
    }
  }

  @Test func aGoalSyncsAsAnyFieldAndStaysClearedOnceCleared() throws {
    let id = try #require(laptop.counter("Count")?.id)
    laptop.perform(.setGoal(Goal(amount: 8, period: .day), of: id))
    try exchange()
    #expect(desktop.counter("Count")?.goal == Goal(amount: 8, period: .day))
    desktop.perform(.setGoal(nil, of: id))
    try exchange()
    #expect(laptop.counter("Count")?.goal == nil)
    #expect(desktop.counter("Count")?.goal == nil)
  }

  @Test func aCounterGroupedDifferentlyOnTwoMachinesTakesTheLatestGroupOnBoth() throws {
    let id = try #require(laptop.counter("Count")?.id)
    desktop.perform(.setGroup("Work", of: id))
    laptop.perform(.setGroup("Health", of: id))
    try exchange()
    #expect(laptop.counter("Count")?.group == "Health")
    #expect(desktop.counter("Count")?.group == "Health")
    // Taken out of its group on one machine: out on both, and it stays out.
    desktop.perform(.setGroup(nil, of: id))
    try exchange()
    try exchange()
    #expect(laptop.counter("Count")?.group == nil)
    #expect(desktop.counter("Count")?.group == nil)
  }

  @Test func anUndoIsAChangeOfItsOwn() throws {
    let id = try #require(laptop.counter("Count")?.id)
    laptop.add(4)
    try exchange()
    desktop.add(2)
    laptop.perform(.shift(id, from: 4, to: 0))
    try exchange()
    #expect(laptop.value("Count") == 2)
    #expect(desktop.value("Count") == 2)
  }

  @Test func countersMadeOnEitherMachineReachTheOther() throws {
    laptop.perform(.create(named: "laps", selecting: false))
    laptop.add(3, to: "laps")
    desktop.perform(.create(named: "coffee", selecting: false))
    try exchange()
    #expect(desktop.value("laps") == 3)
    #expect(laptop.counter("coffee") != nil)
    #expect(laptop.model.list.counters.map(\.name) == desktop.model.list.counters.map(\.name))
  }

  @Test func theSameNameMadeOnTwoMachinesIsOneCounter() throws {
    laptop.perform(.create(named: "laps", selecting: false))
    desktop.perform(.create(named: "Laps", selecting: false))
    laptop.add(3, to: "laps")
    desktop.add(4, to: "laps")
    try exchange()
    #expect(laptop.model.list.counters.count == 2)
    #expect(laptop.value("laps") == 7)
    #expect(desktop.value("laps") == 7)
  }

  /// `machine` makes a counter called `name` and adds `amount` to it, its clock at
  /// `milliseconds`.
  private func make(_ name: String, adding amount: Int, on machine: SyncedMachine, at milliseconds: Int64) throws {
    try machine.setClock(to: milliseconds)
    machine.perform(.create(named: name, selecting: false))
    machine.add(amount, to: name)
  }

  /// `machine` renames its counter `name` to `newName`, its clock at `milliseconds`.
  private func rename(_ name: String, to newName: String, on machine: SyncedMachine, at milliseconds: Int64) throws {
    try machine.setClock(to: milliseconds)
    machine.perform(.rename(try #require(machine.counter(name)?.id), to: newName))
  }

  /// The laptop makes `x` with 5 and renames it `z`; then the desktop, which never knew `x`,
  /// makes a new `x` with 2; the files cross.
  private func makeXAgainAfterARenameAway() throws {
    let start = Platform.wallClockMilliseconds() + 60_000
    try make("x", adding: 5, on: laptop, at: start)
    try rename("x", to: "z", on: laptop, at: start + 1_000)
    try make("x", adding: 2, on: desktop, at: start + 2_000)
    try exchange()
  }

  /// A name made again after a rename away is another counter.
  ///
  /// The laptop renames `x` to `z`; later, the desktop, which never knew `x`, makes a new
  /// `x`. Two counters, each with its own counts, on both machines: never one `x 7`.
  @Test func aNewCounterMadeWithANameAfterItWasRenamedAwayIsAnotherCounter() throws {
    try makeXAgainAfterARenameAway()
    for machine in [laptop, desktop] {
      #expect(machine.value("z") == 5, "\(machine.name)")
      #expect(machine.value("x") == 2, "\(machine.name)")
    }
    #expect(laptop.model.list.counters == desktop.model.list.counters)
    // Each counts apart from now on, on either machine.
    desktop.add(1, to: "x")
    laptop.add(1, to: "z")
    try exchange()
    try laptop.restart()
    for machine in [laptop, desktop] {
      #expect(machine.value("z") == 6, "\(machine.name)")
      #expect(machine.value("x") == 3, "\(machine.name)")
      #expect(
        machine.model.list.counters.map(\.name) == ["Count", "x", "z"]
          || machine.model.list.counters.map(\.name) == ["Count", "z", "x"])
    }
    #expect(laptop.model.list.counters == desktop.model.list.counters)
  }

  /// A counter shown apart keeps its id when the one it was apart from is deleted: the
  /// deleted one stays in the state while another counter of its name is shown, so that the
  /// id of the name (and the history under it, the deleted counter's) is not handed over.
  @Test func aCounterShownApartKeepsItsIdWhenTheOtherIsDeleted() throws {
    try makeXAgainAfterARenameAway()
    let id = try #require(desktop.counter("x")?.id)
    #expect(id != CounterSync.derivedID(forName: "x"))
    laptop.perform(.delete(try #require(laptop.counter("z")?.id)))
    // Every machine merges the deletion and says so: a deletion alone would be dropped now.
    for _ in 0..<3 { try exchange() }
    for machine in [laptop, desktop] {
      #expect(machine.counter("z") == nil, "\(machine.name)")
      #expect(machine.counter("x")?.id == id, "\(machine.name)")
      #expect(machine.value("x") == 2, "\(machine.name)")
    }
  }

  /// Ties, which only a forged file makes (two machines never write at one hybrid time):
  /// a counter made at the very time another was renamed away is apart from it.
  @Test func aCounterMadeAtTheTimeOfARenameAwayIsApart() {
    let time = HybridTime(milliseconds: 1_800_000_000_000, machine: "evil")
    let name = CounterSync.derivedID(forName: "x")
    var renamed = CounterReplica(fields: ["name": CounterReplica.Field(value: .string("z"), time: time)])
    renamed.created = HybridTime(milliseconds: 1_700_000_000_000, machine: "laptop")
    renamed.noteRenamedAway(at: time)
    var made = CounterReplica(fields: ["name": CounterReplica.Field(value: .string("x"), time: time)])
    made.created = time
    let state = ReplicaState(counters: [name + "-aaaa": renamed, name + "-bbbb": made])
    #expect(state.groups.count == 2)
    #expect(state.group(withID: name)?.members == [name + "-aaaa"])
    #expect(state.group(withID: name + "-bbbb")?.members == [name + "-bbbb"])
  }

  /// Two sets at one hybrid time (only a forged file makes them): every machine keeps the
  /// same one, whichever it merged first: the larger value, then the one that had seen more.
  @Test func ofTwoSetsAtOneTimeEveryMachineKeepsTheLargerThenTheOneThatSawMore() {
    let time = HybridTime(milliseconds: 1_800_000_000_000, machine: "evil")
    func set(_ value: Int, seen added: Int) -> CounterReplica {
      let seen = ["laptop": Contribution(added: added)]
      return CounterReplica(contributions: seen, lastSet: CounterReplica.ValueSet(value: value, seen: seen, time: time))
    }
    let (five, nine) = (set(5, seen: 0), set(9, seen: 0))
    #expect(five.merged(with: nine).value == 9)
    #expect(nine.merged(with: five).value == 9)
    // Both 5, one after 1 of the laptop's additions, the other after 3: the one that saw 3
    // wins, and the 3 it saw are not added again.
    let (sawOne, sawThree) = (set(5, seen: 1), set(5, seen: 3))
    #expect(sawOne.merged(with: sawThree).value == 5)
    #expect(sawThree.merged(with: sawOne).value == 5)
  }

  /// Two writes of a field at one hybrid time: the larger value (by its XML) wins everywhere,
  /// and a value wins over a removal.
  @Test func ofTwoFieldWritesAtOneTimeEveryMachineKeepsTheLargerValue() {
    let time = HybridTime(milliseconds: 1_800_000_000_000, machine: "evil")
    func named(_ name: String?) -> CounterReplica {
      CounterReplica(fields: ["name": CounterReplica.Field(value: name.map(PropertyListValue.string), time: time)])
    }
    for (a, b) in [(named("Laps"), named("Reps")), (named("Reps"), named("Laps"))] {
      #expect(a.merged(with: b).fields["name"]?.value == .string("Reps"))
    }
    for (a, b) in [(named(nil), named("Laps")), (named("Laps"), named(nil))] {
      #expect(a.merged(with: b).fields["name"]?.value == .string("Laps"))
    }
  }

  /// A name made before the other's rename away is still one counter with it.
  ///
  /// The desktop makes `x` before the laptop's rename of its `x` to `z`: the two `x` were
  /// one name made on two machines, so they are one counter, renamed `z`.
  @Test func aCounterMadeWithTheNameBeforeTheRenameIsStillOneWithIt() throws {
    let start = Platform.wallClockMilliseconds() + 60_000
    try make("x", adding: 5, on: laptop, at: start)
    try make("x", adding: 2, on: desktop, at: start + 1_000)
    try rename("x", to: "z", on: laptop, at: start + 2_000)
    try exchange()
    for machine in [laptop, desktop] {
      #expect(machine.value("z") == 7, "\(machine.name)")
      #expect(machine.counter("x") == nil, "\(machine.name)")
    }
  }

  @Test func aDeletionThatSawEverythingDeletes() throws {
    laptop.perform(.create(named: "laps", selecting: false))
    laptop.add(3, to: "laps")
    try exchange()
    let id = try #require(desktop.counter("laps")?.id)
    desktop.perform(.delete(id))
    try exchange()
    #expect(laptop.counter("laps") == nil)
    #expect(desktop.counter("laps") == nil)
  }

  @Test func aChangeTheDeletionHadNotSeenBringsTheCounterBack() throws {
    laptop.perform(.create(named: "laps", selecting: false))
    laptop.add(3, to: "laps")
    try exchange()
    let id = try #require(desktop.counter("laps")?.id)
    desktop.perform(.delete(id))
    laptop.add(2, to: "laps")
    try exchange()
    #expect(laptop.value("laps") == 5)
    #expect(desktop.value("laps") == 5)
  }

  @Test func undoingADeletionBringsTheCounterBackEverywhere() throws {
    laptop.perform(.create(named: "laps", selecting: false))
    laptop.add(3, to: "laps")
    try exchange()
    let counter = try #require(desktop.counter("laps"))
    desktop.perform(.delete(counter.id))
    try exchange()
    #expect(laptop.counter("laps") == nil)
    desktop.perform(.restore(counter, at: 1))
    try exchange()
    #expect(laptop.value("laps") == 3)
    #expect(desktop.model.list.counters.map(\.name) == ["Count", "laps"])
  }

  @Test func twoProcessesOnOneMachineStillAddUpExactly() throws {
    // A second process: the same data directory, opened again.
    let second = try FileUserDefaults(directory: laptop.dataDirectory)
    let secondSync = try #require(CounterSync.configured(in: second))
    let secondModel = CountersModel(userDefaults: second, eventRecorder: EventRecorderSpy(), sync: secondSync)
    let id = try #require(laptop.counter("Count")?.id)
    for round in 0..<10 {
      laptop.add(1)
      _ = secondModel.apply([.add(2, to: id)])
      secondSync.publish()
      if round % 3 == 0 { laptop.pull() }
    }
    try exchange()
    #expect(desktop.value("Count") == 30)
    try laptop.restart()
    #expect(laptop.value("Count") == 30)
  }
}

/// The hybrid clock on its own.
struct HybridTimeTests {
  @Test func theNextReadingIsLaterThanEverythingSeenWhateverTheWallClockSays() {
    let seen = HybridTime(milliseconds: 5_000, counter: 3, machine: "desktop")
    let behind = HybridTime.next(after: seen, now: 1_000, machine: "laptop")
    #expect(behind > seen)
    #expect(behind == HybridTime(milliseconds: 5_000, counter: 4, machine: "laptop"))
    #expect(HybridTime.next(after: seen, now: 9_000, machine: "laptop") == HybridTime(milliseconds: 9_000, machine: "laptop"))
  }

  @Test func readingsAreOrderedByTimeThenCounterThenMachineAndNoneIsBeforeItself() {
    let reading = HybridTime(milliseconds: 5_000, counter: 3, machine: "desktop")
    #expect(!(reading < reading))
    #expect(!(reading < HybridTime(milliseconds: 5_000, counter: 3, machine: "desktop")))
    #expect(reading < HybridTime(milliseconds: 5_000, counter: 3, machine: "laptop"))
    #expect(reading < HybridTime(milliseconds: 5_000, counter: 4, machine: "a"))
    #expect(reading < HybridTime(milliseconds: 5_001, counter: 0, machine: "a"))
  }

  @Test func aTimeAtTheEndOfTheRangeIsClampedAndTheClockNeverSaturatesIntoATie() {
    let hostile = HybridTime(milliseconds: .max, counter: .max, machine: "a")
    let now: Int64 = 1_800_000_000_000
    let clamped = hostile.clamped(to: HybridTime.horizon(now: now))
    let horizon = HybridTime.horizon(now: now)
    #expect(horizon >= now + 86_400_000 && horizon < now + 2 * 86_400_000 && horizon % 86_400_000 == 0)
    #expect(clamped == HybridTime(milliseconds: horizon, counter: 0, machine: "a"))
    let counted = HybridTime(milliseconds: now, counter: .max, machine: "a").clamped(to: horizon)
    #expect(counted == HybridTime(milliseconds: now, counter: HybridTime.maximumCounter, machine: "a"))
    // Each reading after it is later than the one before: no two writes share a time.
    var latest = clamped ?? hostile
    for _ in 0..<3 {
      let next = HybridTime.next(after: latest, now: now, machine: "b")
      #expect(next > latest)
      latest = next
    }
    #expect(HybridTime.horizon(now: .max) == .max)
  }
}
