import Benchmark
import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyScreens
import TallySettings

/// A key press routed through `AppViewModel` to the counter, as the run loop does: one key
/// on the in-memory store (dispatch alone), and a 10,000-key burst on the file store inside
/// one batch (dispatch plus the single durable write the burst costs).
enum KeyDispatchBenchmarks {
  static func register() {
    Benchmark(
      "Key dispatch: Space to the counter, in-memory store",
      configuration: .init(timeUnits: .nanoseconds, scalingFactor: .kilo)
    ) { benchmark in
      let store = InMemoryUserDefaults()
      let app = makeApp(settings: FakeSettings(), store: store)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        app.receive(.key(.space))
      }
    }

    Benchmark(
      "Key dispatch: 10,000-key burst, file store, one batch",
      configuration: .durable(maxIterations: 200)
    ) { benchmark in
      let directory = ScratchDirectory.make("burst")
      defer { ScratchDirectory.remove(directory) }
      let store = try FileUserDefaults(directory: directory)
      AppDefaults.register(in: store)
      let app = makeApp(settings: AppState(userDefaults: store), store: store)
      app.receive(.key(.character("s")))  // skips onboarding in a fresh store
      let keys = Array(repeating: Key.space, count: 10_000)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.performBatch {
          for key in keys { app.receive(.key(key)) }
        }
      }
      benchmark.stopMeasurement()
      precondition(store.saveProblem == nil, "the store did not save: \(String(describing: store.saveProblem))")
    }
  }
}

/// The app as the run loop has it, with eventRecorder that keep nothing (the history's cost is
/// the run loop's flush, not the key's).
func makeApp(settings: SettingStorage, store: UserDefaultsProtocol) -> AppViewModel {
  let eventRecorder = DiscardingRecorder()
  return AppViewModel(
    settingStore: settings, eventRecorder: eventRecorder,
    counters: CountersModel(userDefaults: store, eventRecorder: eventRecorder), history: SQLiteHistory.inMemory())
}

/// Settings that always open the counter, for benchmarks that do not measure settings.
final class FakeSettings: SettingStorage {
  var showOnboarding = false
  private var kept: [ScreenName: String] = [:]
  subscript(kept screen: ScreenName) -> String? {
    get { kept[screen] }
    set { kept[screen] = newValue }
  }
}
