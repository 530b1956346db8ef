import PropertyBased
import TallyReference
import Testing

/// Random sequences of everything a user does to counters, against the reference model.
///
/// Up to three machines join sync at any point and exchange files in any order
/// (`CountingModel`, `CountingRun`). A failure prints its seed and the shrunk sequence.
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
