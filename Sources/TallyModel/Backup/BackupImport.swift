import TallyDefaults
import TallyPlatform

/// Applies a checked backup to a store and its history: all of it, in one store batch (one
/// lock, one durable write) and one append to the history.
///
/// Merging matches counters by name and adds the history entries the store does not have yet
/// (the same change at the same moment is one change); replacing first keeps a copy of the
/// store (`defaults.plist.copy-<time>`) and, once the new store is saved, keeps a copy of
/// the history (`history.sqlite.replaced-<time>`) before clearing this machine's.
public struct BackupImport {
  /// What an import did, for the person who asked for it.
  public struct Summary: Equatable, Sendable {
    /// Where old files were kept, one sentence each.
    public var notes: [String] = []
    /// How many history entries were added.
    public var addedEntries = 0
  }

  public let model: CountersModel
  public let history: HistoryLog
  /// The file store to keep a copy of before replacing, if the store is one.
  public let store: FileUserDefaults?

  public init(store: FileUserDefaults?, model: CountersModel, history: HistoryLog) {
    self.store = store
    self.model = model
    self.history = history
  }

  /// Applies `backup`, taking its history out of it as it goes, so that ten years of changes
  /// are held once, not twice (pass the caller's last use of it).
  public func apply(_ backup: consuming Backup, replacing: Bool) throws(StoreError) -> Summary {
    var summary = Summary()
    if replacing, let store, FileSystem.fileExists(atPath: StoreLocation.join(store.directory, StoreLocation.fileName)) {
      summary.notes.append("the store as it was is kept as \(try store.keepCopy())")
    }
    let ids = putCounters(backup.counters, replacingAll: replacing)
    if let problem = model.saveProblem { throw problem }
    // With sync on, this machine's own history is the one replaced (the others' stay theirs).
    if replacing {
      do {
        for path in try history.keepAsideAndClear() { summary.notes.append("the history as it was is kept as \(path)") }
      } catch {
        throw .cannotWrite(path: "the history", errno: error.code)
      }
    }
    // Merging: the changes the history has of the counters imported into (theirs only).
    var seen: [String: Set<HistoryEntryKey>] = [:]
    for id in Set(ids) where !replacing {
      seen[id] = Set(history.entries(ofCounter: id, since: nil, until: nil, limit: nil).entries.map(HistoryEntryKey.init))
    }
    // Each counter's changes are taken out of the backup and changed in place, so that a
    // backup of one counter (the common case) is never copied.
    var batches: [[HistoryEntry]] = []
    for (index, id) in zip(backup.counters.indices, ids) {
      var changes = backup.counters[index].history
      backup.counters[index].history = []
      changes.removeAll { !seen[id, default: []].insert(HistoryEntryKey($0)).inserted }
      for position in changes.indices { changes[position].counter = id }
      batches.append(changes)
    }
    let added = batches.count == 1 ? batches.removeLast() : Array(batches.joined())
    history.append(added)
    summary.addedEntries = added.count
    return summary
  }

  /// Puts the counters of a backup into the store, in one store batch, and returns each one's
  /// id in the store, in order.
  ///
  /// A counter whose name is taken (ignoring case) gets the backup's value, step and goal;
  /// the others are made at the end of the list. `replacingAll` deletes every counter the
  /// backup does not hold first, and shows its first counter. Nothing is reported to
  /// `Analytics`: the backup's history is the history of these counters.
  private func putCounters(_ items: [Backup.Item], replacingAll: Bool) -> [String] {
    guard !items.isEmpty else { return [] }
    let sync = model.sync
    var ids: [String] = []
    var removed: [String] = []
    model.userDefaults.performBatch {
      model.updateRecords { stored in
        var records = replacingAll ? [] : stored
        for item in items {
          let name = CountersModel.comparable(item.name)
          if let index = records.firstIndex(where: { CountersModel.comparable($0.name) == name }) {
            records[index].step = item.step
            records[index].goal = item.goal
            records[index].group = item.group
            ids.append(records[index].id)
          } else {
            // Ids of the counters being replaced are taken over in turn, so replacing keeps `count`;
            // not with sync on, where an id carries the counter's counts on every machine.
            let free = stored.map(\.id).first { id in sync == nil && replacingAll && !records.contains { $0.id == id } }
            let id = free ?? model.newID(named: item.name, after: stored + records)
            records.append(CounterRecord(id: id, name: item.name, step: item.step, goal: item.goal, group: item.group))
            ids.append(id)
          }
        }
        let kept = Set(records.map(\.id))
        removed = stored.map(\.id).filter { !kept.contains($0) }
        return records
      }
      for id in removed { model.userDefaults.setPropertyListValue(nil, forKey: id) }
      for (id, item) in zip(ids, items) { model.userDefaults.x.set(item.value, forKey: DefaultsKey(id)) }
      if replacingAll { model.select(ids[0]) }
      // The rows the history holds leave the store with this write, as with a change's.
      history.pending?.save([])
      if let sync {
        sync.recordImport(removed: removed, created: zip(ids, items).map { ($0, $1.value) })
        sync.commit(records: model.records)
      }
    }
    model.reload()
    return ids
  }
}
