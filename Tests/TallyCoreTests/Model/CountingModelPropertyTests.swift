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

  /// Found by the sequences: with sync on, a deleted counter that `u` brings back under a new
  /// id (sync had retired its old one) takes the links to it back with it.
  @Test func aCounterUndeletedUnderANewIdKeepsTheLinksToIt() throws {
    let run = try CountingRun()
    for seed in [582860, 584095, 112613, 102711, 372942, 599478, 538866] { try run.run(CountingStep(seed)) }
    #expect(
      run.steps.map(\.description).suffix(3) == ["m1: link #0 #1 --every 2", "m0: rm #1", "m0: u"],
      "\(run.steps)")
    try run.settle()
    run.checkAll()
  }

  /// Found by the sequences: a set on a linked counter whose carries cannot be kept (its value
  /// near -Int.max, the value to set past Int's end once they are added back) is refused, as the
  /// model says, instead of dropping the carries.
  @Test func aSetThatCannotKeepTheCarriesIsRefused() throws {
    let run = try CountingRun()
    for seed in [62835, 111701, 673959, 480873, 269065] { if try run.run(CountingStep(seed)) { run.checkAll() } }
    #expect(run.steps.map(\.description).last == "m0: set #2 -1", "\(run.steps)")
    try run.settle()
    run.checkAll()
  }
}
