import Benchmark
import TallyDefaults
import TallyModel
import TallySettings

/// The file store: opening it (read and parse), and one durable increment (lock, re-read,
/// write a temp file, fsync, rename, fsync the directory).
enum StoreBenchmarks {
  static func register() {
    Benchmark("Store read: open and parse the store file") { benchmark in
      let directory = ScratchDirectory.make("read")
      defer { ScratchDirectory.remove(directory) }
      let seed = try FileUserDefaults(directory: directory)
      seed.x.set(12_345, forKey: .count)
      seed.x.set(true, forKey: .hasOnboardingBeenShown)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        let store = try FileUserDefaults(directory: directory)
        blackHole(store.x.object(Int.self, forKey: .count))
      }
      benchmark.stopMeasurement()
    }

    Benchmark("Store write: one durable increment", configuration: .durable) { benchmark in
      let directory = ScratchDirectory.make("write")
      defer { ScratchDirectory.remove(directory) }
      let store = try FileUserDefaults(directory: directory)
      AppDefaults.register(in: store)
      store.x.set(true, forKey: .hasOnboardingBeenShown)
      let counters = CountersModel(userDefaults: store, eventRecorder: DiscardingRecorder())
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        _ = counters.apply([.add(1, to: "count")])
      }
      benchmark.stopMeasurement()
      precondition(store.saveProblem == nil, "the store did not save: \(String(describing: store.saveProblem))")
    }
  }
}

extension Benchmark.Configuration {
  /// For benchmarks bound by fsync, whose time on a shared disk varies several times over.
  static var durable: Benchmark.Configuration { durable() }

  static func durable(maxIterations: Int? = nil) -> Benchmark.Configuration {
    var configuration = Benchmark.defaultConfiguration
    configuration.thresholds?[.wallClock] = BenchmarkThresholds(relative: [.p50: 300.0])
    if let maxIterations { configuration.maxIterations = maxIterations }
    return configuration
  }
}
