import FoundationEssentials
import TallyDefaults
import TallyLocalization
import TallyPlatform

/// Applies a checked backup to a store and its history: all of it or nothing, also when the
/// process is interrupted or killed (docs/history.md, "Imports").
///
/// Under the store's lock, the rows are staged beside the history, then one store write
/// saves the values with the import's id (the commit point), then the rows move into the
/// history; whoever opens the history next finishes a process killed after the commit.
/// Each counter ends with rows that add up to its value (one noted "imported" if need be).
public struct BackupImport {
  /// What an import did, for the person who asked for it.
  public struct Summary: Equatable, Sendable {
    /// Where old files were kept, one sentence each.
    public var notes: [String] = []
    public var addedEntries = 0
    /// Why the history could not take the rows once the values were saved, or `nil`.
    public var historyProblem: String?
  }

  /// Why an import did not happen; nothing changed.
  public enum Failure: Error, Equatable {
    /// The store could not be locked, read or written.
    case store(StoreError)
    /// The history could not be written: why.
    case history(String)
    /// A signal asked it to stop before its commit point.
    case interrupted(Int32)
  }

  /// The points a test may stop an import at, leaving what a process killed there leaves.
  public enum Step: Sendable {
    /// The rows staged, the store not yet written.
    case staged
    /// The store written (the commit point), the rows still staged.
    case committed
  }

  /// The note of a row that explains a value imported without the changes that made it.
  public static let explainingNote = "imported"

  public let model: CountersModel
  public let history: any HistoryLog & HistoryImportStaging
  /// The file store, whose copy the import keeps before replacing; `nil` in memory.
  public let store: FileUserDefaults?
  /// The signal that asks the import to stop, if one came; asked between steps.
  public var interruption: () -> Int32? = { nil }
  /// The import's time, that of the rows that explain values.
  public var now: () -> Date = { Date() }
  /// For tests: returns right after `step`, as if the process were killed there.
  public var stoppingAfter: Step?
  /// An import from another app (`tally import --from`): a counter whose name is taken keeps
  /// its step, bounds, group and goal (the file's goal when it has none), and its value goes
  /// up by the changes the import adds, so that a change already in its history (the same
  /// file imported again) adds nothing.
  public var addsToValues = false

  public init(store: FileUserDefaults?, model: CountersModel, history: any HistoryLog & HistoryImportStaging) {
    self.store = store
    self.model = model
    self.history = history
  }

  /// Applies `backup`, taking its history out of it as it goes, so that ten years of changes
  /// are held once, not twice (pass the caller's last use of it).
  public func apply(_ backup: consuming Backup, replacing: Bool) throws(Failure) -> Summary {
    if let signal = interruption() { throw .interrupted(signal) }
    // Taken out, so that each counter's changes are held by `items` alone and changed in
    // place, never copied.
    var items = backup.counters
    backup.counters = []
    let outcome: Result<Summary, Failure>
    if let store {
      do throws(StoreError) {
        outcome = try store.performLockedBatch {
          Result { () throws(Failure) in try applyLocked(&items, replacing: replacing) }
        }
      } catch {
        throw .store(error)
      }
    } else {
      outcome = model.userDefaults.performBatch {
        Result { () throws(Failure) in try applyLocked(&items, replacing: replacing) }
      }
    }
    model.reload()
    return try outcome.get()
  }

  /// The import, inside the store's batch that holds its lock.
  private func applyLocked(_ items: inout [Backup.Item], replacing: Bool) throws(Failure) -> Summary {
    var summary = Summary()
    let id = HistoryImport.newID(replacing: replacing)
    let stored = model.records
    let plan = Plan(items, stored: stored, replacingAll: replacing, keepingFields: addsToValues) { names in
      // With sync on, the folder's ids; without, `count-N` past every N given before.
      if let sync = model.sync { return sync.newCounterIDs(named: names, existing: stored) }
      let last = model.lastCounterNumber(among: stored)
      return names.indices.map { "count-\(last + 1 + $0)" }
    }
    var rows = rowsToAdd(&items, ids: plan.ids, replacing: replacing)
    summary.addedEntries = rows.count
    if let signal = interruption() { throw .interrupted(signal) }
    if replacing, let store, FileSystem.fileExists(atPath: store.path) {
      do throws(StoreError) {
        summary.notes.append(tr("the store as it was is kept as \(try store.keepCopy())"))
      } catch {
        throw .store(error)
      }
    }
    // Staged: the rows beside the history, the history copied aside first when replacing.
    var signal: Int32?
    let kept: [String]
    do throws(HistoryImportError) {
      kept = try history.stageImport(rows, id: id, keepingAside: replacing) {
        signal = interruption()
        return signal != nil
      }
    } catch {
      if case .failed(let reason) = error { throw .history(reason) }
      throw .interrupted(signal ?? interruption() ?? 0)
    }
    rows = []
    if stoppingAfter == .staged { return summary }
    if let signal = interruption() {
      dropStaged(kept)
      throw .interrupted(signal)
    }
    try commit(plan, items, id: id, replacing: replacing, kept: kept)
    summary.notes += kept.map { tr("the history as it was is kept as \($0)") }
    if stoppingAfter == .committed { return summary }
    // The rows moved into the history.
    do throws(HistoryImportError) {
      try history.finishImport(id: id)
      history.copyToFolder()
    } catch {
      summary.historyProblem = "\(error); the import's changes are added to it when it is next opened"
    }
    return summary
  }

  /// The commit point: the values and the import's id, in one store write.
  private func commit(_ plan: Plan, _ items: [Backup.Item], id: String, replacing: Bool, kept: [String]) throws(Failure) {
    plan.put(items, into: model, replacingAll: replacing)
    // The rows the history holds leave the store with this write, as with a change's; every
    // waiting row when replacing, as this machine's rows are.
    if replacing {
      model.userDefaults.x.setPropertyList(nil, forKey: .historyPending)
    } else {
      history.pending?.save([])
    }
    model.userDefaults.setPropertyListValue(.string(id), forKey: HistoryImport.storeKey)
    if let store {
      do throws(StoreError) {
        try store.saveWithinBatch()
      } catch {
        dropStaged(kept)
        throw .store(error)
      }
    }
  }

  /// Drops the staged rows and the copies of the history kept aside.
  private func dropStaged(_ kept: [String]) {
    history.dropStagedImport()
    for path in kept { FileSystem.removeFile(atPath: path) }
  }

  /// The rows the import adds, and one for each counter whose rows do not add up to its value.
  private func rowsToAdd(_ items: inout [Backup.Item], ids: [String], replacing: Bool) -> [HistoryEntry] {
    var rows: [HistoryEntry] = []
    let time = now()
    for (index, id) in zip(items.indices, ids) {
      // The rows of the counter that stay: merging, all of them (every machine's); replacing,
      // the other machines' (there are none without sync).
      let staying =
        replacing && model.sync == nil
        ? []
        : history.entries(ofCounter: id, since: nil, until: nil, limit: nil).entries.filter { !replacing || $0.machine != nil }
      var seen = Set(staying.map(HistoryEntryKey.init))
      // Exact: a change's difference saturated (a set from -1000 to Int.max) would add a
      // row that is not the history's.
      var net = staying.reduce(Int128(0)) { $0 + $1.exactChange }
      var changes = items[index].history
      items[index].history = []
      if !replacing { changes.removeAll { !seen.insert(HistoryEntryKey($0)).inserted } }
      for position in changes.indices {
        changes[position].counter = id
        net += changes[position].exactChange
      }
      // The first counter's changes become the rows as they are (a backup of one counter,
      // the common case, is never copied).
      if rows.isEmpty { rows = changes } else { rows += changes }
      if addsToValues {
        let stored = model.userDefaults.x.object(Int.self, forKey: DefaultsKey(id)) ?? 0
        items[index].value = HistoryEntry.total(changes, from: Int128(stored))
      }
      let value = items[index].value
      if net != Int128(value) {
        rows.append(
          HistoryEntry(
            time: time, event: .changed, counter: id, name: items[index].name, old: Int(clamping: net), new: value,
            source: .command,
            note: Self.explainingNote))
      }
    }
    return rows
  }

  /// Where each counter of a backup goes in the store: the list after the import, each
  /// item's id, and the counters it deletes.
  private struct Plan {
    var records: [CounterRecord]
    var ids: [String]
    var removed: [String]

    /// Places each item: a counter whose name is taken keeps its id and takes the backup's
    /// fields (its own kept, but for a goal it lacks, when `keepingFields`), the others go at
    /// the end under new ids; `replacingAll` deletes every counter the backup does not hold
    /// and puts the rest in the backup's order.
    init(
      _ items: [Backup.Item], stored: [CounterRecord], replacingAll: Bool, keepingFields: Bool,
      newIDs: ([String]) -> [String]
    ) {
      var byName: [String: Int] = [:]
      for (index, record) in stored.enumerated() where byName[CountersModel.comparable(record.name)] == nil {
        byName[CountersModel.comparable(record.name)] = index
      }
      let matched = items.map { byName[CountersModel.comparable($0.name)] }
      let unmatched = items.indices.filter { matched[$0] == nil }
      var made = newIDs(unmatched.map { items[$0].name })[...]
      records = replacingAll ? [] : stored
      var found: [String] = []
      for (item, at) in zip(items, matched) {
        var record = at.map { stored[$0] } ?? CounterRecord(id: made.popFirst() ?? "", name: item.name, step: item.step)
        if at != nil, keepingFields {
          record.goal = record.goal ?? item.goal
        } else {
          (record.step, record.goal, record.group, record.rules) = (item.step, item.goal, item.group, item.rules)
        }
        if let at, !replacingAll { records[at] = record } else { records.append(record) }
        found.append(record.id)
      }
      // A backup links by name, to one of its own counters: each link now goes to its id.
      // (Another app's file has no links: a counter it adds to keeps its own.)
      let idsByName = Dictionary(zip(items.map(\.name), found).map { ($0, $1) }) { first, _ in first }
      let index = Dictionary(records.enumerated().map { ($1.id, $0) }) { first, _ in first }
      for (item, id) in zip(items, found) where !keepingFields {
        guard let at = index[id] else { continue }
        records[at].rules.link = item.rules.link.flatMap { link in
          idsByName[link.to].map { CounterLink(to: $0, every: link.every) }
        }
      }
      ids = found
      let kept = Set(records.map(\.id))
      removed = stored.map(\.id).filter { !kept.contains($0) }
    }

    /// Writes the plan and the items' values into the store, in the caller's batch; nothing
    /// is reported to `EventRecorder`: the backup's history is theirs.
    func put(_ items: [Backup.Item], into model: CountersModel, replacingAll: Bool) {
      guard !items.isEmpty else { return }
      model.updateRecords { _ in records }
      for id in removed { model.userDefaults.setPropertyListValue(nil, forKey: id) }
      for (id, item) in zip(ids, items) { model.userDefaults.x.set(item.value, forKey: DefaultsKey(id)) }
      if replacingAll { model.select(ids[0]) }
      if let sync = model.sync {
        sync.recordImport(removed: removed, created: zip(ids, items).map { ($0, $1.value) })
        sync.commit(records: model.records)
      }
    }
  }
}
