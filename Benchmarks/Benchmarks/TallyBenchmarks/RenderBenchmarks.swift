import Benchmark
import TallyApp
import TallyDefaults
import TallyModel
import TallySettings

/// The counter screen drawn into an 80x24 canvas, as the run loop draws it after each key.
enum RenderBenchmarks {
  static func register() {
    Benchmark("Counter screen render 80x24", configuration: .init(scalingFactor: .kilo)) { benchmark in
      let store = InMemoryUserDefaults(values: [DefaultsKey.count.name: .integer(1_234_567)])
      AppDefaults.register(in: store)
      let app = makeApp(settings: FakeSettings(), store: store)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(app.frame(width: 80, height: 24).render())
      }
    }
  }
}
