/// What writes the history log: the real `Analytics`, which keeps the counters' changes and
/// sends nothing anywhere.
///
/// Counter events become `HistoryEntry` lines stamped with the injected clock and the source
/// (the app or a command); screen and onboarding events are not part of the history and are
/// dropped. Entries are buffered and written by ``flush()``, which the run loop calls once per
/// burst of keys and a command calls before it exits. Consecutive changes of one counter
/// between two flushes (a burst of presses, saved as one write) become one entry, from the
/// first old value to the last new one: 10,000 presses at once are one line, not 10,000.
public final class HistoryRecorder: Analytics {
  public let log: HistoryLog
  public let clock: WallClock
  public let source: HistoryEntry.Source
  /// The note the changes of value tracked from now on carry (`tally inc NAME --note
  /// TEXT`); checked by ``ChangeNote`` before it is set.
  public var note: String?
  private var pending: [HistoryEntry] = []

  public init(log: HistoryLog, clock: WallClock, source: HistoryEntry.Source) {
    self.log = log
    self.clock = clock
    self.source = source
  }

  deinit { flush() }

  public func track(_ event: AnalyticsEvent) {
    let now = clock.now()
    switch event {
    case .counterChanged(let id, let name, let old, let new):
      if var last = pending.last, last.event == .changed, last.counter == id, last.new == old, last.note == note {
        last.new = new
        last.name = name
        last.time = now
        pending[pending.count - 1] = last
      } else {
        pending.append(
          HistoryEntry(time: now, event: .changed, counter: id, name: name, old: old, new: new, source: source, note: note))
      }
    case .counterCreated(let id, let name):
      pending.append(HistoryEntry(time: now, event: .created, counter: id, name: name, new: 0, source: source))
    case .counterRenamed(let id, _, let to):
      pending.append(HistoryEntry(time: now, event: .renamed, counter: id, name: to, source: source))
    case .counterDeleted(let id, let name, let value):
      pending.append(HistoryEntry(time: now, event: .deleted, counter: id, name: name, old: value, source: source))
    case .screenShown, .onboardingFinished, .onboardingSkipped:
      return
    }
  }

  /// Why the last append to the log failed, if it did.
  public var problem: String? { log.appendProblem }

  /// Writes what was tracked since the last flush; with sync on, copies it to the folder
  /// too, unless `copyingToFolder` is false (then the log's ``HistoryLog/copyToFolder()``
  /// does, later).
  public func flush(copyingToFolder: Bool = true) {
    guard !pending.isEmpty else { return }
    log.append(pending, copyingToFolder: copyingToFolder)
    pending.removeAll(keepingCapacity: true)
  }
}
