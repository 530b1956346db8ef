import TallyDefaults
import TallyLocalization

extension DefaultsKey {
  /// The list of counters: their ids, names and steps, in order.
  public static let counters = DefaultsKey("counters")
  public static let currentCounter = DefaultsKey("currentCounter")
  /// The highest N of a `count-N` id given here, deleted counters' included: no id is given twice.
  public static let lastCounterNumber = DefaultsKey("lastCounterNumber")
}

/// Tally's counters: the one model of them, read from an injected store and changed by
/// batches of ``CounterEdit``s.
///
/// Each value is under the counter's own key (`count` for the first, so that a store written
/// by Tally 0.1 opens with its count), and every change is a read-modify-write of one key, so
/// commands and interactive instances sharing a store lose nothing. ``apply(_:)`` makes a
/// batch of edits in one store batch and reads the counters back once; each change that
/// happens is reported to the injected `EventRecorder`.
public final class CountersModel {
  /// The first counter, as every store starts.
  public static let firstCounter = CounterRecord(id: "count", name: "Count", step: 1)
  public static let maximumNameLength = 32

  public let userDefaults: any PropertyListStore
  public let eventRecorder: EventRecorder
  /// The sync folder's CRDT, which records every change made here; `nil` when sync is off.
  public let sync: (any CounterChangeRecorder)?
  public private(set) var list = CounterList(counters: [], currentID: firstCounter.id)
  /// The alerts the last ``apply(_:)`` reached.
  public private(set) var alertsReached: [ReachedAlert] = []
  /// The last list decoded, with the stored value it came from.
  private var cachedRecords: (raw: PropertyListValue, records: [CounterRecord])?

  public init(userDefaults: any PropertyListStore, eventRecorder: EventRecorder, sync: (any CounterChangeRecorder)? = nil) {
    self.userDefaults = userDefaults
    self.eventRecorder = eventRecorder
    self.sync = sync
    reload()
  }

  /// Why the last save failed, or `nil` when everything is saved.
  public var saveProblem: StoreError? { userDefaults.saveProblem }

  /// Reads the counters again from the store, as after another process changed it.
  public func reload() {
    list = CounterList(counters: records.map(counter(for:)), currentID: currentID)
  }

  // MARK: Edits

  /// Makes `edits` in order, in one store batch, stopping at the first one refused; returns
  /// the change each made (`nil`: none, such as a select) or why it was refused.
  public func apply(_ edits: [CounterEdit]) -> [Result<CounterChange?, CounterError>] {
    var outcomes: [Result<CounterChange?, CounterError>] = []
    userDefaults.performBatch {
      if let refusal = eventRecorder.refusal, !edits.isEmpty {
        outcomes.append(.failure(refusal))
        return
      }
      for edit in edits {
        do throws(CounterError) {
          let change = try make(edit)
          sync?.record(edit, made: change)
          outcomes.append(.success(change))
        } catch {
          outcomes.append(.failure(error))
          break
        }
      }
      // Under the same lock as the changes: the sync state always agrees with the values.
      sync?.commit(records: records)
    }
    let before = list
    reload()
    alertsReached = list.alertsReached(since: before)
    return outcomes
  }

  /// Makes one edit; throws why it was refused.
  @discardableResult
  public func perform(_ edit: CounterEdit) throws(CounterError) -> CounterChange? {
    try apply([edit])[0].get()
  }

  private func make(_ edit: CounterEdit) throws(CounterError) -> CounterChange? {
    switch edit {
    case .add(let delta, let id):
      return try changeValue(of: id, by: delta < 0 ? .subtract : .add) {
        $0.addingReportingOverflow(delta).overflow ? nil : $0 + delta
      } refusal: {
        .limitReached(value: $0, step: delta)
      }
    case .setValue(let value, let id):
      // The value set is the one shown: a linked counter's count within its link, carries kept.
      let offset = shownOffset(of: id)
      return try changeValue(of: id, by: value == 0 ? .reset : .set) { _ in
        Int(exactly: Int128(value) + offset)
      } refusal: {
        .limitReached(value: $0, step: offset > 0 ? 1 : -1)
      }
    case .shift(let id, let from, let to):
      // To `to` exactly when the value is still `from`; otherwise another process's change is kept.
      let difference = Int128(to) - Int128(from)
      return try changeValue(of: id, by: .replay) {
        Int(exactly: Int128($0) + difference)
      } refusal: {
        .limitReached(value: $0, step: difference > 0 ? 1 : -1)
      }
    case .setStep, .setGoal, .setRules, .setGroup:
      return try changeRecord(edit)
    case .rename(let id, let name):
      let old = try requireCounter(id).name
      let new = try rename(id, to: name)
      return old == new ? nil : .rename(counterID: id, from: old, to: new)
    case .create(let name, let selecting):
      let previous = currentID
      let made = try create(named: name)
      if selecting { select(made.id) }
      return .create(made, index: records.firstIndex { $0.id == made.id } ?? 0, previousID: previous)
    case .delete(let id):
      return try delete(id)
    case .restore(let counter, let index):
      let previous = currentID
      let restored = try restore(counter, at: index)
      select(restored.id)
      return .create(restored, index: index, previousID: previous)
    case .select(let id):
      if id != currentID, records.contains(where: { $0.id == id }) { select(id) }
      return nil
    }
  }

  /// Makes an edit of a counter's record: its step, goal, rules or group.
  private func changeRecord(_ edit: CounterEdit) throws(CounterError) -> CounterChange? {
    switch edit {
    case .setStep(let step, let id):
      let old = try requireCounter(id).step
      guard step > 0 else { throw .invalidStep(String(step)) }
      try updateRecord(id) { $0.step = step }
      return old == step ? nil : .step(counterID: id, from: old, to: step)
    case .setGoal(let goal, let id):
      let old = try requireCounter(id).goal
      try updateRecord(id) { $0.goal = goal }
      return old == goal ? nil : .goal(counterID: id, from: old, to: goal)
    case .setRules(let rules, let id):
      let old = try requireCounter(id).rules
      try check(rules, for: id)
      try updateRecord(id) { $0.rules = rules }
      return old == rules ? nil : .rules(counterID: id, from: old, to: rules)
    case .setGroup(let group, let id):
      let old = try requireCounter(id).group
      let new = try group.map { (name) throws(CounterError) in try groupName(Self.validatedGroup(name)) }
      try updateRecord(id) { $0.group = new }
      return old == new ? nil : .group(counterID: id, from: old, to: new)
    default:
      return nil
    }
  }

  private func requireCounter(_ id: String) throws(CounterError) -> CounterRecord {
    guard let record = records.first(where: { $0.id == id }) else { throw .unknownCounter(id) }
    return record
  }

  // MARK: Reading the store

  /// The counters' records in order; never empty.
  var records: [CounterRecord] {
    // Tally's own stores hand out the stored list itself: decode it again only when it changed.
    let raw = userDefaults.x.propertyList(forKey: .counters)
    if let raw, let cached = cachedRecords, cached.raw == raw { return cached.records }
    let records = Self.records(in: userDefaults)
    if let raw { cachedRecords = (raw, records) }
    return records
  }

  /// The records `store` holds, in order, each id once; the first counter's when none.
  private static func records(in store: any PropertyListStore) -> [CounterRecord] {
    let stored = store.x.object([CounterRecord].self, forKey: .counters) ?? []
    var seen: Set<String> = []
    let unique = stored.filter { seen.insert($0.id).inserted }
    return unique.isEmpty ? [firstCounter] : unique
  }

  /// The counters `store` holds, with their values, in order: as a model over it reads them.
  public static func storedCounters(in store: any PropertyListStore) -> [Counter] {
    records(in: store).map { counter(for: $0, in: store) }
  }

  /// The id of the counter on screen, as stored; the first counter's if the stored one is gone.
  private var currentID: String {
    let list = records
    let stored = userDefaults.x.object(String.self, forKey: .currentCounter)
    return list.first { $0.id == stored }?.id ?? list[0].id
  }

  private func counter(for record: CounterRecord) -> Counter {
    Self.counter(for: record, in: userDefaults)
  }

  private static func counter(for record: CounterRecord, in store: any PropertyListStore) -> Counter {
    Counter(
      id: record.id, name: record.name, step: record.step,
      value: store.x.object(Int.self, forKey: DefaultsKey(record.id)) ?? 0, goal: record.goal, group: record.group,
      rules: record.rules)
  }

  // MARK: Values

  /// Sets the counter's value, in one read-modify-write, to what `change` makes of the value
  /// stored now, as the user's `action`; `nil` leaves it, refused for `refusal`.
  private func changeValue(
    of id: String, by action: HistoryEntry.Action, _ change: (Int) -> Int?, refusal: (Int) -> CounterError
  ) throws(CounterError) -> CounterChange? {
    let record = try requireCounter(id)
    var old = 0
    var new: Int?
    var bounded: CounterError?
    userDefaults.x.update(Int.self, forKey: DefaultsKey(id)) { current in
      old = current ?? 0
      new = change(old).flatMap { Counter.values.contains($0) ? $0 : nil }
      if let new, new != old { bounded = boundRefusal(id, from: old, to: new) }
      return bounded == nil ? new ?? current : current
    }
    if let bounded { throw bounded }
    guard let new else { throw refusal(old) }
    guard new != old else { return nil }
    eventRecorder.record(.counterChanged(id: id, name: record.name, old: old, new: new, action: action))
    return .value(counterID: id, from: old, to: new)
  }

  /// The stored value less the shown one, for a counter that links wrap or carry into; 0 for others.
  private func shownOffset(of id: String) -> Int128 {
    let records = records
    guard records.contains(where: { $0.rules.link != nil }),
      let counter = CounterList(counters: records.map(counter(for:)), currentID: id).counter(withID: id)
    else { return 0 }
    return Int128(counter.value) - Int128(counter.shown)
  }

  /// Why moving the counter `id` from `old` to `new` is refused by a bound: its own, or that
  /// of a counter its link carries into.
  private func boundRefusal(_ id: String, from old: Int, to new: Int) -> CounterError? {
    let records = records
    guard records.contains(where: { $0.rules.minimum != nil || $0.rules.maximum != nil }) else { return nil }
    var counters = records.map(counter(for:))
    guard let at = counters.firstIndex(where: { $0.id == id }) else { return nil }
    counters[at].value = old
    let before = CounterList.carrying(counters)
    counters[at].value = new
    for (was, now) in zip(before, CounterList.carrying(counters)) {
      if let bound = now.rules.refusal(for: now.total, from: was.total) {
        return .pastBound(name: now.name, value: now.total, bound: bound)
      }
    }
    return nil
  }

  /// Refuses a new link to itself, to no counter, of every < 2 or that makes a loop, and bounds
  /// that cross or that the counter's total is already outside of.
  private func check(_ rules: CounterRules, for id: String) throws(CounterError) {
    let record = try requireCounter(id)
    let counter = list.counter(withID: id) ?? self.counter(for: record)
    // A link kept as it was is not checked again: its counter may have been deleted since,
    // and the counter's other rules can still change (`tally link --clear` ends it).
    if let link = rules.link, link != counter.rules.link {
      guard link.every > 1 else { throw .invalidRule(tr("a link carries every 2 or more, not \(link.every)")) }
      // By name: an id means nothing to the user.
      guard let to = list.counter(withID: link.to) else { throw .invalidRule(tr("the counter to link to was deleted")) }
      guard !list.linkMakesLoop(from: id, to: link.to) else {
        throw .invalidRule(tr("linking \(counter.name) to \(to.name) would make a loop: \(to.name) carries into \(counter.name)"))
      }
    }
    if rules.boundsText != counter.rules.boundsText, let problem = rules.boundsProblem(at: counter.total, name: counter.name) {
      throw .invalidRule(problem)
    }
  }

  // MARK: The list

  func select(_ id: String) {
    userDefaults.x.set(id, forKey: .currentCounter)
  }

  /// Makes a counter at the end of the list, with value 0 and step 1.
  private func create(named name: String) throws(CounterError) -> Counter {
    let name = try Self.validatedName(name)
    let made = try changeRecords { (records) throws(CounterError) in
      guard !records.contains(where: { Self.comparable($0.name) == Self.comparable(name) }) else { throw .duplicateName(name) }
      let record = CounterRecord(id: newID(named: name, after: records), name: name, step: 1)
      records.append(record)
      return record
    }
    // A value left by an older counter with this id is not this counter's.
    userDefaults.setPropertyListValue(nil, forKey: made.id)
    eventRecorder.record(.counterCreated(id: made.id, name: made.name))
    return counter(for: made)
  }

  private func rename(_ id: String, to name: String) throws(CounterError) -> String {
    let name = try Self.validatedName(name)
    let oldName = try changeRecords { (records) throws(CounterError) in
      guard let index = records.firstIndex(where: { $0.id == id }) else { throw .unknownCounter(id) }
      guard !records.contains(where: { $0.id != id && Self.comparable($0.name) == Self.comparable(name) }) else {
        throw .duplicateName(name)
      }
      let oldName = records[index].name
      records[index].name = name
      return oldName
    }
    if oldName != name { eventRecorder.record(.counterRenamed(id: id, from: oldName, to: name)) }
    return name
  }

  /// Changes the record of the counter `id` in one read-modify-write of the list.
  private func updateRecord(_ id: String, _ change: (inout CounterRecord) -> Void) throws(CounterError) {
    try changeRecords { (records) throws(CounterError) in
      guard records.contains(where: { $0.id == id }) else { throw .unknownCounter(id) }
      for index in records.indices where records[index].id == id { change(&records[index]) }
    }
  }

  /// Deletes a counter and its value; returns what was deleted and where, to put it back.
  private func delete(_ id: String) throws(CounterError) -> CounterChange {
    let wasCurrent = currentID == id
    let (deleted, neighbour) = try changeRecords { (records) throws(CounterError) in
      guard let index = records.firstIndex(where: { $0.id == id }) else { throw .unknownCounter(id) }
      guard records.count > 1 else { throw .lastCounter }
      let deleted = (counter: counter(for: records.remove(at: index)), index: index)
      return (deleted, records[min(index, records.count - 1)].id)
    }
    userDefaults.setPropertyListValue(nil, forKey: id)
    if wasCurrent { select(neighbour) }
    eventRecorder.record(.counterDeleted(id: id, name: deleted.counter.name, value: deleted.counter.value))
    return .delete(deleted.counter, index: deleted.index)
  }

  /// Puts a deleted counter back at `index` (for undo); returns it, its id new if it was taken.
  private func restore(_ counter: Counter, at index: Int) throws(CounterError) -> Counter {
    var restored = counter
    var relinked: [(id: String, from: CounterRules, to: CounterRules)] = []
    try changeRecords { (records) throws(CounterError) in
      guard !records.contains(where: { Self.comparable($0.name) == Self.comparable(counter.name) }) else {
        throw .duplicateName(counter.name)
      }
      // An id in use, or one whose deleted counter sync has forgotten (another machine may
      // still hold its counts): the counter comes back under a new one.
      if records.contains(where: { $0.id == counter.id }) || sync?.isRetired(counter.id) == true {
        restored.id = newID(named: counter.name, after: records)
        // The links to it come back with it, unless its old id is another counter's now.
        if !records.contains(where: { $0.id == counter.id }) {
          for index in records.indices {
            let moved = records[index].linkMoved([counter.id: restored.id])
            if moved != records[index] { relinked.append((moved.id, records[index].rules, moved.rules)) }
            records[index] = moved
          }
        }
      }
      let record = CounterRecord(
        id: restored.id, name: restored.name, step: restored.step, goal: restored.goal, group: restored.group,
        rules: restored.rules)
      records.insert(record, at: min(max(0, index), records.count))
    }
    userDefaults.x.set(restored.value, forKey: DefaultsKey(restored.id))
    for link in relinked {
      sync?.record(.setRules(link.to, of: link.id), made: .rules(counterID: link.id, from: link.from, to: link.to))
    }
    eventRecorder.record(.counterCreated(id: restored.id, name: restored.name))
    if restored.value != 0 {
      eventRecorder.record(
        .counterChanged(id: restored.id, name: restored.name, old: 0, new: restored.value, action: .replay))
    }
    return restored
  }

  // MARK: Helpers

  /// Changes the list in one read-modify-write, noting the highest `count-N` it ever held.
  func updateRecords(_ transform: ([CounterRecord]) -> [CounterRecord]) {
    var highest = 1
    userDefaults.x.update([CounterRecord].self, forKey: .counters) { stored in
      let current = (stored ?? []).isEmpty ? [Self.firstCounter] : (stored ?? [])
      let changed = transform(current)
      highest = changed.map { Self.idNumber($0.id) }.max() ?? 1
      return changed
    }
    if highest > lastCounterNumber(among: []) { userDefaults.x.set(highest, forKey: .lastCounterNumber) }
  }

  /// The highest N of a `count-N` id among `records` or ever given here (deleted counters' too).
  func lastCounterNumber(among records: [CounterRecord]) -> Int {
    max(userDefaults.x.object(Int.self, forKey: .lastCounterNumber) ?? 1, records.map { Self.idNumber($0.id) }.max() ?? 1)
  }

  /// Changes the list in one read-modify-write; when `change` throws, the list is left.
  @discardableResult
  private func changeRecords<Made>(_ change: (inout [CounterRecord]) throws(CounterError) -> Made) throws(CounterError) -> Made {
    var outcome: Result<Made, CounterError>?
    updateRecords { records in
      var changed = records
      outcome = Result { () throws(CounterError) in try change(&changed) }
      if case .success? = outcome { return changed }
      return records
    }
    // The store calls the transform once, always.
    guard let outcome else { throw .invalidName(tr("the counters could not be changed")) }
    return try outcome.get()
  }

  /// The name trimmed of surrounding spaces, or why it cannot be a name.
  public static func validatedName(_ name: String) throws(CounterError) -> String {
    try validated(name, as: tr("a counter's name"))
  }

  /// The group's name trimmed of surrounding spaces, or why it cannot be one.
  public static func validatedGroup(_ name: String) throws(CounterError) -> String {
    try validated(name, as: tr("a group's name"))
  }

  /// A name (a counter's, a group's) read from a file a Tally wrote, trimmed, or `nil` for
  /// one no Tally gives: the rules of ``validatedName(_:)``, save that the invisible
  /// characters an earlier Tally let in are kept, so that such a name is not lost.
  public static func keptName(_ name: String) -> String? {
    try? validated(name, as: tr("a name"), refusing: \.firstScalarRefusedInALine)
  }

  private static func validated(
    _ name: String, as kind: String, refusing refused: KeyPath<String, Unicode.Scalar?> = \.firstScalarRefusedInAName
  ) throws(CounterError) -> String {
    let trimmed = name.trimmingXMLWhitespace()
    guard !trimmed.isEmpty else { throw .invalidName(tr("\(kind) cannot be empty")) }
    guard trimmed.count <= maximumNameLength else {
      throw .invalidName(tr("\(kind) can have at most \(maximumNameLength) characters, not \(trimmed.count)"))
    }
    if let refused = trimmed[keyPath: refused] {
      let what =
        switch refused.properties.generalCategory {
        case _ where refused.properties.isNoncharacterCodePoint: tr("noncharacters")
        case .format: tr("invisible or direction-changing characters")
        default: tr("control characters")
        }
      throw .invalidName(tr("\(kind) cannot contain \(what) (it holds \(refused.codePoint))"))
    }
    return trimmed
  }

  /// `name` as a group is already spelled in the store when one differs only in case.
  private func groupName(_ name: String) -> String {
    records.lazy.compactMap(\.group).first { Self.comparable($0) == Self.comparable(name) } ?? name
  }

  static func comparable(_ name: String) -> String { name.lowercased() }

  /// The id of a new counter called `name`: the sync folder's with sync on, `count-N` without,
  /// one past the highest N ever given (the first counter counts as 1), so that a new counter
  /// never takes a deleted one's history or the links to it.
  func newID(named name: String, after records: [CounterRecord]) -> String {
    sync?.newCounterID(named: name, existing: records) ?? "count-\(lastCounterNumber(among: records) + 1)"
  }

  /// N of an id `count-N`; 1 for the first counter's and any other.
  static func idNumber(_ id: String) -> Int {
    id == firstCounter.id ? 1 : Int(id.dropFirst("count-".count)) ?? 1
  }
}
