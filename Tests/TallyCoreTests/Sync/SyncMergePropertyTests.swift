import PropertyBased
import TallyDefaults
import TallyModel
import TallySync
import TallyTestSupport
import Testing

/// The merge's laws, on arbitrary states, and convergence of real machines under any
/// interleaving of changes, copies and restarts.
struct SyncMergePropertyTests {
  /// A state made of events numbered by `seeds`: the same number is always the same write at
  /// the same time, so that two writes at one time are one write, as on real machines.
  static func state(_ seeds: [Int]) -> ReplicaState {
    var state = ReplicaState()
    for seed in seeds {
      let machine = "m\(seed % 3)"
      let amount = (seed / 12) % 50
      let time = HybridTime(milliseconds: Int64(seed), machine: machine)
      // One event in five sets or resets a setting.
      if seed % 5 == 4 {
        let value: PropertyListValue? = amount % 3 == 0 ? nil : .string("t\(amount % 4)")
        state.settings[["theme", "bigDigits"][seed % 2]] = CounterReplica.Field(value: value, time: time)
        continue
      }
      // Two names' ids, and one machine's own counter under the second (made with its name).
      let id = ["c-0000000000000000", "c-0000000000000001", "c-0000000000000001-ab"][seed % 3]
      var counter = state.counters[id] ?? CounterReplica()
      // When it was made, and renamed away from its name.
      if seed % 7 == 6 { counter.created = time }
      if seed % 11 == 10 { counter.noteRenamedAway(at: time) }
      switch (seed / 3) % 4 {
      case 0: counter.contributions[machine] = Contribution(added: amount, subtracted: (seed / 600) % 20)
      case 1:
        counter.lastSet = CounterReplica.ValueSet(
          value: amount - 25, seen: [machine: Contribution(added: amount / 2)], time: time)
      case 2 where seed % 2 == 0: counter.fields["name"] = CounterReplica.Field(value: .string("n\(amount % 5)"), time: time)
      // Links too, to either name's counter, some of them loops.
      case 2:
        let link: PropertyListValue = .dictionary([
          "to": .string(["c-0000000000000000", "c-0000000000000001"][amount % 2]), "every": .integer(Int64(2 + amount % 4)),
        ])
        counter.fields["link"] = CounterReplica.Field(value: amount % 7 == 0 ? nil : link, time: time)
      default: counter.deletion = CounterReplica.Deletion(seen: [machine: Contribution(added: amount)], time: time)
      }
      state.counters[id] = counter
    }
    return state
  }

  static let states = Gen.int(in: 0...100_000).array(of: 0...12).map(state)

  /// A state as a hostile or broken folder makes them: times from a handful at both ends of
  /// `Int64` (so that writes tie, with different values), deletions that saw different
  /// things, renames to names that collide.
  static func hostileState(_ seeds: [Int]) -> ReplicaState {
    let milliseconds: [Int64] = [.min, -1, 0, 1, 1_800_000_000_000, .max - 1, .max]
    var state = ReplicaState()
    for seed in seeds {
      let machine = "m\(seed % 3)"
      let time = HybridTime(
        milliseconds: milliseconds[(seed / 3) % milliseconds.count], counter: [0, 1, .max][(seed / 21) % 3], machine: machine)
      let id = ["c-0000000000000000", "c-0000000000000001", "c-0000000000000001-ab"][seed % 3]
      var counter = state.counters[id] ?? CounterReplica()
      let amount = (seed / 63) % 40
      if seed % 13 == 12 { counter.created = time }
      if seed % 17 == 16 { counter.noteRenamedAway(at: time) }
      switch (seed / 7) % 5 {
      case 0: counter.contributions[machine] = Contribution(added: amount, subtracted: (seed / 500) % 7)
      case 1:
        counter.lastSet = CounterReplica.ValueSet(
          value: amount - 20, seen: [machine: Contribution(added: amount / 3)], time: time)
      case 2: counter.fields["name"] = CounterReplica.Field(value: .string(["laps", "Laps", "x", "y"][amount % 4]), time: time)
      case 3:
        counter.deletion = CounterReplica.Deletion(
          seen: [machine: Contribution(added: amount)], time: time, writes: amount % 3 == 0 ? nil : [machine: time])
      default: state.settings["theme"] = CounterReplica.Field(value: .string("t\(amount % 3)"), time: time)
      }
      state.counters[id] = counter
    }
    return state
  }

  static let hostileStates = Gen.int(in: 0...100_000).array(of: 0...12).map(hostileState)

  @Test func theLawsHoldForTiesExtremeTimesAndConcurrentDeletes() async {
    await propertyCheck(count: 300, input: Self.hostileStates, Self.hostileStates, Self.hostileStates) { a, b, c in
      #expect(a.merged(with: b) == b.merged(with: a))
      #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)))
      #expect(a.merged(with: b).merged(with: b) == a.merged(with: b))
      // Clamped to one horizon, as two machines reading the files on one day do, the same.
      let horizon = HybridTime.horizon(now: 1_800_000_000_000)
      var (ca, cb) = (a, b)
      _ = ca.clampTimes(to: horizon)
      _ = cb.clampTimes(to: horizon)
      #expect(ca.merged(with: cb) == cb.merged(with: ca))
      var merged = a.merged(with: b)
      _ = merged.clampTimes(to: horizon)
      #expect(merged.latestTime.map { $0.milliseconds <= horizon } ?? true)
    }
  }

  @Test func mergeIsCommutative() async {
    await propertyCheck(count: 300, input: Self.states, Self.states) { a, b in
      #expect(a.merged(with: b) == b.merged(with: a))
    }
  }

  @Test func mergeIsAssociative() async {
    await propertyCheck(count: 300, input: Self.states, Self.states, Self.states) { a, b, c in
      #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)))
    }
  }

  @Test func mergeIsIdempotent() async {
    await propertyCheck(count: 300, input: Self.states, Self.states) { a, b in
      #expect(a.merged(with: a) == a)
      let ab = a.merged(with: b)
      #expect(ab.merged(with: b) == ab)
    }
  }

  @Test func aMachineFileReadsBackAsWritten() async throws {
    await propertyCheck(count: 200, input: Self.states) { state in
      let file = SyncFile(machine: "laptop", instance: "0123456789abcdef", written: 1, state: state)
      #expect((try? SyncFile(decoding: file.encoded())) == file)
    }
  }

  /// One step of a run: `seed` says what, on which machine, from which other machine.
  enum Step: CustomStringConvertible {
    case add(machine: Int, delta: Int)
    case copy(to: Int, from: Int)
    case restart(Int)
    case pull(Int)

    init(_ seed: Int) {
      let machine = seed % 3
      switch (seed / 3) % 4 {
      case 0: self = .add(machine: machine, delta: (seed / 12) % 11 - 5)
      case 1: self = .copy(to: machine, from: (seed / 12) % 3)
      case 2: self = .restart(machine)
      default: self = .pull(machine)
      }
    }

    var description: String {
      switch self {
      case .add(let machine, let delta): "m\(machine) adds \(delta)"
      case .copy(let to, let from): "m\(from)'s folder copied to m\(to)'s"
      case .restart(let machine): "m\(machine) restarts"
      case .pull(let machine): "m\(machine) reads its folder"
      }
    }
  }

  @Test func anyInterleavingOfChangesCopiesAndRestartsConverges() async throws {
    await propertyCheck(count: 25, input: Gen.int(in: 0...10_000).array(of: 1...30)) { seeds in
      let root = try TemporaryDirectory()
      let clock = SeededClock(seeds)
      let machines = try (0..<3).map { try SyncedMachine("m\($0)", in: root, clock: clock.of(machine: $0)) }
      var acknowledged = 0
      for step in seeds.map(Step.init) {
        switch step {
        case .add(let machine, let delta): if machines[machine].add(delta) { acknowledged += delta }
        case .copy(let to, let from): try machines[to].receive(from: machines[from])
        case .restart(let machine): try machines[machine].restart()
        case .pull(let machine): machines[machine].pull()
        }
      }
      try Self.settle(machines)
      for machine in machines {
        #expect(machine.value("Count") == acknowledged, "\(machine.name): \(seeds.map(Step.init))")
        #expect(machine.state == machines[0].state)
        #expect(machine.model.list.counters.map(\.name) == ["Count"])
      }
    }
  }

  /// The engine settles: each machine's latest file (its own folder's copy, written again if
  /// a stale copy was copied over it) reaches every folder, and every machine reads them.
  ///
  /// Three rounds: what a machine settles on reading the others (a deletion every machine has
  /// acknowledged, dropped) reaches the others in the next.
  static func settle(_ machines: [SyncedMachine]) throws {
    for _ in 0..<3 {
      for machine in machines { machine.pull() }
      for from in machines {
        for to in machines where to !== from { try to.receiveOwnFile(of: from) }
      }
      for machine in machines { machine.pull() }
    }
  }

  /// Three machines in `root`, each seed an edit, a file received or a restart on one of
  /// them, then the engine settled.
  static func play(_ seeds: [Int], in root: TemporaryDirectory) throws -> [SyncedMachine] {
    let clock = SeededClock(seeds)
    let machines = try (0..<3).map { try SyncedMachine("m\($0)", in: root, clock: clock.of(machine: $0)) }
    for seed in seeds {
      let machine = machines[seed % 3]
      switch (seed / 3) % 3 {
      case 0: if let edit = Self.edit(seed / 9, on: machine) { machine.perform(edit) }
      case 1: try machine.receive(from: machines[(seed / 9) % 3])
      default: try machine.restart()
      }
    }
    try Self.settle(machines)
    return machines
  }

  /// Any change a user can make to the list, with `seed` saying which, where and how.
  static func edit(_ seed: Int, on machine: SyncedMachine) -> CounterEdit? {
    let counters = machine.model.list.counters
    let counter = counters[(seed / 7) % counters.count]
    let names = ["Count", "Laps", "Reps", "coffee"]
    switch seed % 7 {
    case 0: return .add((seed / 30) % 9 - 4, to: counter.id)
    case 1: return .setValue((seed / 30) % 50, of: counter.id)
    case 2: return .rename(counter.id, to: names[(seed / 30) % names.count])
    case 3: return .setStep((seed / 30) % 3 + 1, of: counter.id)
    case 4: return .create(named: names[(seed / 30) % names.count], selecting: false)
    case 5: return counters.count > 1 ? .delete(counter.id) : nil
    default: return .shift(counter.id, from: counter.value, to: counter.value - 1)
    }
  }

  /// A deleted counter every machine dropped stays deleted when an older file brings it back.
  ///
  /// Found by the property below: m2 makes `Reps`, takes 1 from it and deletes it; the others
  /// merge the deletion and every machine drops it. A file still holding the counter then
  /// brings it back to m2, which had dropped it: its own sums under it (kept when it dropped
  /// it) must count as seen by the deletion, or `Reps` comes back at -1 on m2 alone.
  @Test func aDroppedCounterBroughtBackByAnOlderFileStaysDeleted() throws {
    let root = try TemporaryDirectory()
    let machines = try Self.play([97751, 74837, 47612, 3019, 43482], in: root)
    for machine in machines {
      #expect(machine.model.list.counters.map(\.name) == ["Count"], "\(machine.name)")
    }
  }

  @Test func anyInterleavingOfEditsLeavesEveryMachineWithTheSameCounters() async throws {
    await propertyCheck(count: 300, input: Gen.int(in: 0...100_000).array(of: 1...40)) { seeds in
      let root = try TemporaryDirectory()
      let machines = try Self.play(seeds, in: root)
      for machine in machines {
        // A deleted counter may be known to one machine alone (made and deleted with no
        // count) or already dropped by one machine and not yet by another (compacted).
        #expect(Self.withoutDeletions(machine.state) == Self.withoutDeletions(machines[0].state))
        #expect(machine.model.list.counters == machines[0].model.list.counters, "\(machine.name)")
        let names = machine.model.list.counters.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count, "names stay unique: \(names)")
      }
    }
  }

  static func withoutDeletions(_ state: ReplicaState) -> ReplicaState {
    var state = state
    state.counters = state.counters.filter { !$0.value.isDeleted }
    return state
  }

  @Test func anyInterleavingOfSettingChangesLeavesEveryMachineWithTheSameSettings() async throws {
    let themes = ["default", "mono", "high-contrast"]
    await propertyCheck(count: 20, input: Gen.int(in: 0...100_000).array(of: 1...30)) { seeds in
      let root = try TemporaryDirectory()
      let clock = SeededClock(seeds)
      let machines = try (0..<3).map { try SyncedMachine("m\($0)", in: root, clock: clock.of(machine: $0)) }
      for seed in seeds {
        let machine = machines[seed % 3]
        switch (seed / 3) % 5 {
        case 0: try machine.set("theme", to: themes[(seed / 15) % 3])
        case 1: try machine.reset((seed / 15) % 2 == 0 ? "theme" : "bigDigits")
        case 2: try machine.set("bigDigits", to: (seed / 15) % 2 == 0 ? "true" : "false")
        case 3: try machine.receive(from: machines[(seed / 15) % 3])
        default: try machine.restart()
        }
      }
      try Self.settle(machines)
      for machine in machines {
        #expect(machine.state == machines[0].state)
        for key in [DefaultsKey.theme, .bigDigits] {
          #expect(machine.setting(key) == machines[0].setting(key), "\(machine.name): \(key.name)")
          #expect(machine.setting(key) == machine.state.settings[key.name]?.value)
        }
      }
    }
  }
}

extension SyncMergePropertyTests {
  /// Concurrent deletions of every counter leave the same one on every machine.
  ///
  /// Found by the property above: m2 makes `Laps` and deletes it, while m1, having seen
  /// it, deletes `Count`. Every counter is deleted, and each machine kept the list it had.
  /// The counter deleted last comes back, the same on every machine.
  @Test func concurrentDeletionsOfEveryCounterLeaveOneOnEveryMachine() throws {
    let root = try TemporaryDirectory()
    let machines = try Self.play([31790, 47433, 58243, 74324, 48805, 30790], in: root)
    for machine in machines {
      #expect(machine.model.list.counters == machines[0].model.list.counters, "\(machine.name)")
      #expect(machine.model.list.counters.count == 1, "\(machine.name)")
    }
  }
}

extension SyncMergePropertyTests {
  /// A deleted counter that only some machines kept makes no difference to the groups.
  ///
  /// Found by the property above: m2 makes `Laps`, renames it `coffee` and deletes it, with
  /// no count; m0, which never knew it, then makes `Laps`. A machine that never knew the
  /// deleted counter does not keep it, and every machine still shows m0's `Laps` alike.
  @Test func aDeletedCounterSomeMachinesNeverKeptLeavesTheSameCountersEverywhere() throws {
    let root = try TemporaryDirectory()
    let machines = try Self.play([61904, 81857, 40934, 29457], in: root)
    for machine in machines {
      #expect(machine.model.list.counters == machines[0].model.list.counters, "\(machine.name)")
      #expect(machine.model.list.counters.map(\.name) == ["Count", "Laps"], "\(machine.name)")
    }
  }
}
