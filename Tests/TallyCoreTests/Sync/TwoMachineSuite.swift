import TallyTestSupport

/// A suite of two machines, a laptop and a desktop, each with its own folder, that the test
/// copies between as a sync engine would.
protocol TwoMachineSuite {
  var laptop: SyncedMachine { get }
  var desktop: SyncedMachine { get }
}

extension TwoMachineSuite {
  /// Both folders get both files, and both machines read them.
  func exchange() throws {
    try desktop.receiveOwnFile(of: laptop)
    try laptop.receiveOwnFile(of: desktop)
    laptop.pull()
    desktop.pull()
  }
}
