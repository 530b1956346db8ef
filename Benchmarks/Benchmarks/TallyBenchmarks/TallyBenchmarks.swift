import Benchmark

/// Tally's micro-benchmarks: the store, the counter screen's render, key dispatch and the sync merge.
///
/// Wall-clock figures on a shared 2-core machine move by up to 2x from run to run (and an
/// fsync by several times), so their thresholds catch only gross regressions, such as a
/// write per key instead of per burst; allocation counts are exact and must not grow at all. (CPU
/// time is left out: Linux reports it here in 10 ms ticks, coarser than every benchmark; so
/// is throughput, which only restates wall-clock time with the library's strict 5% default.)
/// Record a baseline and compare against it as `docs/BENCHMARKS.md` describes.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .microseconds,
    warmupIterations: 3,
    maxDuration: .seconds(2),
    maxIterations: 10_000,
    thresholds: [
      .wallClock: BenchmarkThresholds(relative: [.p50: 100.0]),
      .mallocCountTotal: BenchmarkThresholds(relative: [.p50: 0.0], absolute: [.p50: 0]),
    ]
  )
  StoreBenchmarks.register()
  RenderBenchmarks.register()
  KeyDispatchBenchmarks.register()
  SyncBenchmarks.register()
}
