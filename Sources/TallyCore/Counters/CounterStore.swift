extension DefaultsKey {
  /// The list of counters: their ids, names and steps, in order.
  public static let counters = DefaultsKey("counters")
  /// The id of the counter on screen.
  public static let currentCounter = DefaultsKey("currentCounter")
}

/// Tally's counters, kept in an injected `UserDefaultsProtocol` store.
///
/// The list (ids, names and steps) is under `counters`, the current counter's id under
/// `currentCounter`, and each value under the counter's own key: `count` for the first one,
/// as the book stores it, so a store written by Tally 0.1 opens with its count intact (the
/// registered default list holds that one counter). Every change is a read-modify-write of
/// one key, so commands and interactive instances sharing a store lose nothing.
///
/// Each change that happens is reported to the injected `Analytics` (constructor injection,
/// chapter 6 of the book), which keeps the history; a refused change reports nothing.
public final class CounterStore {
  /// The first counter, as every store starts.
  public static let firstCounter = CounterRecord(id: "count", name: "Count", step: 1)
  /// The longest name, in characters.
  public static let maximumNameLength = 32

  public let userDefaults: UserDefaultsProtocol
  public let analytics: Analytics

  public init(userDefaults: UserDefaultsProtocol, analytics: Analytics) {
    self.userDefaults = userDefaults
    self.analytics = analytics
  }

  // MARK: Reading

  /// The counters' records in order; never empty.
  public var records: [CounterRecord] {
    // Tally's own stores hand out the stored list itself: decode it again only when it changed
    // (the screen reads the list after every key press).
    let raw = userDefaults.layered?.domains.value(forKey: DefaultsKey.counters.name)
    if let raw, let cached = cachedRecords, cached.raw == raw { return cached.records }
    let stored = userDefaults.x.object([CounterRecord].self, forKey: .counters) ?? []
    var seen: Set<String> = []
    let unique = stored.filter { seen.insert($0.id).inserted }
    let records = unique.isEmpty ? [Self.firstCounter] : unique
    if let raw { cachedRecords = (raw, records) }
    return records
  }

  /// The last list decoded, with the stored value it came from.
  private var cachedRecords: (raw: PropertyListValue, records: [CounterRecord])?

  /// Every counter with its value, in order.
  public var counters: [Counter] { records.map(counter(for:)) }

  /// The id of the counter on screen; the first counter's if the stored one is gone.
  public var currentID: String {
    let list = records
    let stored = userDefaults.x.object(String.self, forKey: .currentCounter)
    return list.first { $0.id == stored }?.id ?? list[0].id
  }

  public var current: Counter { counter(withID: currentID) ?? counter(for: records[0]) }

  public func counter(withID id: String) -> Counter? {
    records.first { $0.id == id }.map(counter(for:))
  }

  /// The counter called `name`, ignoring case.
  public func counter(named name: String) -> Counter? {
    let wanted = Self.comparable(name)
    return records.first { Self.comparable($0.name) == wanted }.map(counter(for:))
  }

  private func counter(for record: CounterRecord) -> Counter {
    Counter(
      id: record.id, name: record.name, step: record.step,
      value: userDefaults.x.object(Int.self, forKey: DefaultsKey(record.id)) ?? 0)
  }

  // MARK: Values

  /// Adds `delta` to the counter's value as one read-modify-write; returns the old and new
  /// values. Past `Int.max` or `Int.min` the value is left unchanged.
  @discardableResult
  public func add(_ delta: Int, to id: String) throws(CounterError) -> (old: Int, new: Int) {
    var old = 0
    var overflow = false
    let new = userDefaults.x.update(Int.self, forKey: DefaultsKey(id)) { current in
      old = current ?? 0
      let (sum, didOverflow) = old.addingReportingOverflow(delta)
      overflow = didOverflow
      return didOverflow ? current : sum
    }
    if overflow { throw .limitReached(value: old, step: delta) }
    trackChange(of: id, old: old, new: new ?? 0)
    return (old, new ?? 0)
  }

  /// Sets the counter's value; returns the old and new values.
  @discardableResult
  public func setValue(_ value: Int, of id: String) -> (old: Int, new: Int) {
    var old = 0
    userDefaults.x.update(Int.self, forKey: DefaultsKey(id)) { current in
      old = current ?? 0
      return value
    }
    trackChange(of: id, old: old, new: value)
    return (old, value)
  }

  /// Moves the counter's value by `new - old` in one read-modify-write, for undo and redo: to
  /// `new` exactly when the value is still `old`, and otherwise by the same difference on top
  /// of what another process changed meanwhile, so that change is kept. A result past
  /// `Int.max` or `Int.min` leaves the value unchanged. Returns the value before and after.
  @discardableResult
  public func shift(_ id: String, from old: Int, to new: Int) throws(CounterError) -> (old: Int, new: Int) {
    var before = 0
    var outOfRange = false
    let difference = Int128(new) - Int128(old)
    let after = userDefaults.x.update(Int.self, forKey: DefaultsKey(id)) { current in
      before = current ?? 0
      guard let shifted = Int(exactly: Int128(before) + difference) else {
        outOfRange = true
        return current
      }
      return shifted
    }
    if outOfRange { throw .limitReached(value: before, step: difference > 0 ? 1 : -1) }
    trackChange(of: id, old: before, new: after ?? 0)
    return (before, after ?? 0)
  }

  // MARK: The list

  public func select(_ id: String) {
    userDefaults.x.set(id, forKey: .currentCounter)
  }

  /// Makes a counter at the end of the list, with value 0 and step 1.
  @discardableResult
  public func create(named name: String) throws(CounterError) -> Counter {
    let name = try Self.validatedName(name)
    var made: CounterRecord?
    var failure: CounterError?
    userDefaults.performBatch {
      updateRecords { records in
        if records.contains(where: { Self.comparable($0.name) == Self.comparable(name) }) {
          failure = .duplicateName(name)
          return records
        }
        let record = CounterRecord(id: Self.nextID(after: records), name: name, step: 1)
        made = record
        return records + [record]
      }
      // A value left by an older counter with this id is not this counter's.
      if let made { userDefaults.removeObject(forKey: made.id) }
    }
    if let failure { throw failure }
    guard let made else { throw .invalidName("the counter could not be made") }
    analytics.track(.counterCreated(id: made.id, name: made.name))
    return counter(for: made)
  }

  public func rename(_ id: String, to name: String) throws(CounterError) {
    let name = try Self.validatedName(name)
    var failure: CounterError? = .unknownCounter(id)
    var oldName = name
    updateRecords { records in
      guard let index = records.firstIndex(where: { $0.id == id }) else { return records }
      oldName = records[index].name
      if records.contains(where: { $0.id != id && Self.comparable($0.name) == Self.comparable(name) }) {
        failure = .duplicateName(name)
        return records
      }
      failure = nil
      var changed = records
      changed[index].name = name
      return changed
    }
    if let failure { throw failure }
    if oldName != name { analytics.track(.counterRenamed(id: id, from: oldName, to: name)) }
  }

  public func setStep(_ step: Int, of id: String) throws(CounterError) {
    guard step > 0 else { throw .invalidStep(String(step)) }
    var found = false
    updateRecords { records in
      var changed = records
      for index in changed.indices where changed[index].id == id {
        changed[index].step = step
        found = true
      }
      return changed
    }
    if !found { throw .unknownCounter(id) }
  }

  /// Deletes a counter and its value; returns what was deleted and where it stood, so it can
  /// be put back. The current counter moves to a neighbour.
  @discardableResult
  public func delete(_ id: String) throws(CounterError) -> (counter: Counter, index: Int) {
    var failure: CounterError?
    var deleted: (counter: Counter, index: Int)?
    userDefaults.performBatch {
      let wasCurrent = currentID == id
      var neighbour: String?
      updateRecords { records in
        guard let index = records.firstIndex(where: { $0.id == id }) else {
          failure = .unknownCounter(id)
          return records
        }
        guard records.count > 1 else {
          failure = .lastCounter
          return records
        }
        deleted = (counter(for: records[index]), index)
        var remaining = records
        remaining.remove(at: index)
        neighbour = remaining[min(index, remaining.count - 1)].id
        return remaining
      }
      guard deleted != nil else { return }
      userDefaults.removeObject(forKey: id)
      if wasCurrent, let neighbour { select(neighbour) }
    }
    if let failure { throw failure }
    guard let deleted else { throw .unknownCounter(id) }
    analytics.track(.counterDeleted(id: id, name: deleted.counter.name, value: deleted.counter.value))
    return deleted
  }

  /// Puts a deleted counter back at `index` with its value (for undo); returns it, with a
  /// new id if its old one was taken meanwhile.
  @discardableResult
  public func restore(_ counter: Counter, at index: Int) throws(CounterError) -> Counter {
    var failure: CounterError?
    var restored = counter
    userDefaults.performBatch {
      updateRecords { records in
        if records.contains(where: { Self.comparable($0.name) == Self.comparable(counter.name) }) {
          failure = .duplicateName(counter.name)
          return records
        }
        if records.contains(where: { $0.id == counter.id }) { restored.id = Self.nextID(after: records) }
        var changed = records
        let record = CounterRecord(id: restored.id, name: restored.name, step: restored.step)
        changed.insert(record, at: min(max(0, index), changed.count))
        return changed
      }
      if failure == nil { userDefaults.x.set(restored.value, forKey: restored.valueKey) }
    }
    if let failure { throw failure }
    analytics.track(.counterCreated(id: restored.id, name: restored.name))
    if restored.value != 0 { analytics.track(.counterChanged(id: restored.id, name: restored.name, old: 0, new: restored.value)) }
    return restored
  }

  // MARK: Helpers

  private func trackChange(of id: String, old: Int, new: Int) {
    guard old != new else { return }
    let name = records.first { $0.id == id }?.name ?? id
    analytics.track(.counterChanged(id: id, name: name, old: old, new: new))
  }

  /// Calls `handler` whenever a counter, the list or the current counter may have changed.
  public func observe(_ handler: @escaping () -> Void) -> DefaultsObservation {
    userDefaults.addChangeHandler { keys in
      if keys.contains(DefaultsKey.counters.name) || keys.contains(DefaultsKey.currentCounter.name)
        || keys.contains(where: { $0 == "count" || $0.hasPrefix("count-") })
      {
        handler()
      }
    }
  }

  private func updateRecords(_ transform: ([CounterRecord]) -> [CounterRecord]) {
    userDefaults.x.update([CounterRecord].self, forKey: .counters) { stored in
      let current = (stored ?? []).isEmpty ? [Self.firstCounter] : (stored ?? [])
      return transform(current)
    }
  }

  /// The name trimmed of surrounding spaces, or why it cannot be a name.
  public static func validatedName(_ name: String) throws(CounterError) -> String {
    let trimmed = name.trimmingXMLWhitespace()
    guard !trimmed.isEmpty else { throw .invalidName("a counter's name cannot be empty") }
    guard trimmed.count <= maximumNameLength else {
      throw .invalidName("a counter's name can have at most \(maximumNameLength) characters, not \(trimmed.count)")
    }
    let refused = trimmed.unicodeScalars.first {
      [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        || $0.properties.isNoncharacterCodePoint
    }
    if let refused {
      let what = refused.properties.isNoncharacterCodePoint ? "noncharacters" : "control characters"
      throw .invalidName(
        "a counter's name cannot contain \(what) (it holds U+\(String(refused.value, radix: 16, uppercase: true)))")
    }
    return trimmed
  }

  private static func comparable(_ name: String) -> String { name.lowercased() }

  /// `count-N`, one past the highest N in use (the first counter counts as 1).
  private static func nextID(after records: [CounterRecord]) -> String {
    let numbers = records.map { record -> Int in
      record.id == firstCounter.id ? 1 : Int(record.id.dropFirst("count-".count)) ?? 1
    }
    return "count-\((numbers.max() ?? 1) + 1)"
  }
}
