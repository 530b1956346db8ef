/// The real `EventRecorder`: turns counter events into `HistoryEntry` lines stamped with the
/// clock and the source, buffered until ``flush()``; a counter's changes between two flushes
/// become one entry, from the first old value to the last new one.
public final class HistoryRecorder: EventRecorder {
  public let log: HistoryWriter
  public let clock: WallClock
  public let source: HistoryEntry.Source
  /// The note the changes tracked from now on carry; checked by ``ChangeNote`` before it is set.
  public var note: String?
  /// Where the rows wait until the log holds them; `nil` for a store in memory.
  public let pending: PendingHistory?
  private var unflushed: [PendingRow] = []

  public init(log: HistoryWriter, clock: WallClock, source: HistoryEntry.Source) {
    self.log = log
    self.clock = clock
    self.source = source
    pending = log.pending
  }

  deinit { flush() }

  /// Tracks a change; called inside the store batch that saves it (``PendingHistory``).
  public func record(_ event: AppEvent) {
    let now = clock.now()
    switch event {
    case .counterChanged(let id, let name, let old, let new, let action):
      // A burst's adds and subtractions are one change; a set, a reset or a replay stays its own.
      let counts: Set<HistoryEntry.Action?> = [.add, .subtract]
      if var last = unflushed.last?.entry, last.event == .changed, last.counter == id, last.new == old, last.note == note,
        last.action == action || (counts.contains(last.action) && counts.contains(action))
      {
        last.new = new
        last.name = name
        last.time = now
        if counts.contains(action) { last.action = new < (last.old ?? 0) ? .subtract : .add }
        unflushed[unflushed.count - 1].entry = last
      } else {
        add(
          HistoryEntry(
            time: now, event: .changed, counter: id, name: name, old: old, new: new, source: source, note: note, action: action))
      }
    case .counterCreated(let id, let name):
      add(HistoryEntry(time: now, event: .created, counter: id, name: name, new: 0, source: source))
    case .counterRenamed(let id, _, let to):
      add(HistoryEntry(time: now, event: .renamed, counter: id, name: to, source: source))
    case .counterDeleted(let id, let name, let value):
      add(HistoryEntry(time: now, event: .deleted, counter: id, name: name, old: value, source: source))
    case .screenShown, .screenEvent:
      return
    }
    pending?.save(unflushed)
  }

  private func add(_ entry: HistoryEntry) {
    unflushed.append(PendingRow(id: PendingRow.newID(), entry: entry))
  }

  public var problem: String? { log.appendProblem }

  public var refusal: CounterError? {
    guard let pending, pending.isFull else { return nil }
    return .historyBacklog(pending.unheld.count)
  }

  /// Writes what was tracked since the last flush, and every row still waiting in the store;
  /// nothing when nothing was tracked, nor while the store's last save failed.
  public func flush(copyingToFolder: Bool = true) {
    guard !unflushed.isEmpty else { return }
    guard let pending else {
      log.append(unflushed.map(\.entry), copyingToFolder: copyingToFolder)
      unflushed.removeAll(keepingCapacity: true)
      return
    }
    unflushed.removeAll(keepingCapacity: true)
    guard pending.store.saveProblem == nil else { return }
    let rows = pending.unheld
    guard !rows.isEmpty else { return }
    pending.holds(log.appendPending(rows, copyingToFolder: copyingToFolder))
  }
}
