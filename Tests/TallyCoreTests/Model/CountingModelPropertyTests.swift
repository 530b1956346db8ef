import PropertyBased
import TallyReference
import Testing

/// Random sequences of everything a user does to counters, on up to three machines that join
/// sync at any point and exchange files in any order, against the reference model
/// (`CountingModel`). A failure prints its seed and the shrunk sequence of steps.
@Suite(.shrinking)
struct CountingModelPropertyTests {
  static let sequences = Gen.int(in: 0...1_000_000).array(of: 1...40)

  @Test func everySequenceShowsWhatTheModelShows() async {
    await propertyCheck(count: 300, input: Self.sequences) { seeds in
      let run = try CountingRun()
      for seed in seeds {
        if try run.run(CountingStep(seed)) { run.checkAll() }
      }
      try run.settle()
      run.checkAll()
    }
  }
}
