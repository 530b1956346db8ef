import FoundationEssentials
import TallyModel
import TallyPlatform
import TallySettings
import TallySync

/// `tally watch`'s loop: prints a line about some counters at start, then again each time
/// that line changes, and when a new day begins (progress toward a goal starts again then).
///
/// It wakes for the same things as the app's run loop, and a timeout only where a watch
/// cannot be had: an idle watch uses no CPU. The waiting and the printing are handed in, so
/// that tests run it on a simulated clock.
public final class CounterWatch {
  public enum Wake: Equatable, Sendable {
    case descriptor(Int32)
    case timeout
    /// The watch should end: a signal, or the reader of its output has gone.
    case stop
  }

  private let store: any SharedStore
  private let model: CountersModel
  private let sync: CounterSync?
  private let history: HistoryReplica
  private let clock: WallClock
  private let calendar: () -> GoalCalendar
  private let line: (CounterList, Date) -> String
  private let historyWatch: DirectoryWatch?

  /// A watch over `model`'s counters, whose `line` is made at a moment.
  ///
  /// A line that reads the history names its database's directory as `historyDirectory`.
  public init(
    store: any SharedStore, model: CountersModel, sync: CounterSync?, history: HistoryReplica, clock: WallClock,
    calendar: @escaping () -> GoalCalendar, historyDirectory: String? = nil,
    line: @escaping (CounterList, Date) -> String
  ) {
    historyWatch = historyDirectory.flatMap { DirectoryWatch(directory: $0, events: DirectoryWatch.eventsWithWrites) }
    self.store = store
    self.model = model
    self.sync = sync
    self.history = history
    self.clock = clock
    self.calendar = calendar
    self.line = line
  }

  /// Prints the first line, then waits (on descriptors, with a timeout in seconds) and prints
  /// until `wait` says stop or `print` returns `false` (the reader has gone).
  public func run(wait: ([Int32], Double?) -> Wake, print: (String) -> Bool) {
    // Watched before the first line is read: a change from then on wakes the loop, and one
    // made since the store and the folder were read is in the first line.
    let storeDescriptor = store.changeNotificationDescriptor()
    _ = sync?.changeDescriptor
    if [!store.reload().isEmpty, sync?.pull() ?? false].contains(true) { model.reload() }
    var now = clock.now()
    var day = calendar().day(of: now)
    var last = line(model.list, now)
    guard print(last) else { return }
    let reread = store.isShared && storeDescriptor == nil ? AppRunLoop.rereadInterval : nil
    while true {
      let folderDescriptor = sync?.changeDescriptor
      let folderPoll = sync != nil && folderDescriptor == nil ? AppRunLoop.folderPollInterval : nil
      let untilTomorrow = max(1, calendar().start(ofDay: day + 1).timeIntervalSince(now))
      let timeout = [reread, folderPoll, untilTomorrow].compactMap { $0 }.min()
      var changed = false
      let historyDescriptor = historyWatch?.descriptor
      switch wait([storeDescriptor, folderDescriptor, historyDescriptor].compactMap { $0 }, timeout) {
      case .stop: return
      case .descriptor(let descriptor) where descriptor == historyDescriptor:
        _ = historyWatch?.readEvents()
      case .descriptor(let descriptor) where descriptor == folderDescriptor:
        if let sync {
          let (changes, countersChanged) = sync.processFolderChanges()
          changed = [countersChanged, history.refresh(changes)].contains(true)
        }
      case .descriptor: changed = !store.processChanges().isEmpty
      case .timeout:
        if reread != nil { changed = !store.reload().isEmpty }
        if let sync, folderPoll != nil { changed = [sync.pull(), history.refresh(), changed].contains(true) }
      }
      if changed { model.reload() }
      now = clock.now()
      let today = calendar().day(of: now)
      let next = line(model.list, now)
      // A new day gets its line even when it reads as the last one did.
      guard next != last || today != day else { continue }
      day = today
      last = next
      guard print(next) else { return }
    }
  }
}
