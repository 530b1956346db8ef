import PropertyBased
import Synchronization
import TallyReference
import Testing

/// Random sequences of everything a user does to counters, against the reference model.
///
/// Up to three machines join sync at any point and exchange files in any order
/// (`CountingModel`, `CountingRun`). A failure prints its seed and the shrunk sequence.
@Suite(.shrinking)
struct CountingModelPropertyTests {
  static let sequences = Gen.int(in: 0...1_000_000).array(of: 1...60)

  @Test func everySequenceShowsWhatTheModelShows() async {
    let tally = Mutex((sequences: 0, steps: 0))
    await propertyCheck(count: 500, input: Self.sequences) { seeds in
      let run = try CountingRun()
      for seed in seeds {
        if try run.run(CountingStep(seed)) { run.checkAll() }
      }
      try run.settle()
      run.checkAll()
      tally.withLock { $0 = ($0.sequences + 1, $0.steps + run.steps.count) }
    }
    // What CI covered, for the closing notes: sequences run (with shrinking, more) and steps made.
    tally.withLock { print("CountingModelPropertyTests: \($0.sequences) sequences, \($0.steps) steps") }
  }
}
