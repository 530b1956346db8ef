import Benchmark
import TallySync

/// The sync merge: what a machine does when it reads every other machine's file.
enum SyncBenchmarks {
  /// Each machine's file: every counter, with this machine's additions and subtractions, a
  /// set, and fields written by several machines.
  static func machineStates(machines: Int, counters: Int) -> [ReplicaState] {
    (0..<machines).map { machine in
      let name = "machine-\(machine)"
      var state = ReplicaState()
      for counter in 0..<counters {
        let time = HybridTime(milliseconds: Int64(1_795_000_000_000 + machine * 1000 + counter), machine: name)
        var replica = CounterReplica()
        replica.contributions[name] = Contribution(added: machine * counter + 7, subtracted: counter)
        replica.write(.string("counter \(counter)"), to: "name", at: time)
        replica.write(.integer(1), to: "step", at: time)
        replica.write(.integer(Int64(counter) << 32), to: ReplicaState.positionField, at: time)
        if counter % 10 == machine % 10 { replica.set(counter, at: time) }
        state.counters["c-\(counter)"] = replica
      }
      return state
    }
  }

  static func register() {
    Benchmark("Sync merge: 100 machines x 100 counters, and the merged values") { benchmark in
      let states = machineStates(machines: 100, counters: 100)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        var merged = ReplicaState()
        for state in states { merged.merge(state) }
        blackHole(merged.visibleCounters.map(\.value))
      }
      benchmark.stopMeasurement()
    }
  }
}
