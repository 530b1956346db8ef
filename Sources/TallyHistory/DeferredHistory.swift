import FoundationEssentials
import TallyDefaults
import TallyLocalization
import TallyModel
import TallyPlatform
import TallySync

/// The history database, opened at its first use, with the rows waiting in the store
/// (``PendingHistory``) counted in its answers until it holds them; one that cannot be opened
/// answers nothing and fails every append with its reason; the counts are saved either way.
public final class DeferredHistory: HistoryLog {
  private let open: () throws(HistoryError) -> SQLiteHistory
  public let pending: PendingHistory?
  private var outcome: Result<SQLiteHistory, HistoryError>?
  /// The opening started ahead of the first question, until that question.
  private var ahead: (opening: Opening, adopt: (SQLiteHistory) -> Void)?
  /// The sync folder to join once it is open.
  private var folder: (sync: CounterSync, adoptingOwnFiles: Bool, readingFirst: Bool)?
  /// What opening found and did, not yet told.
  private var untold: [String] = []
  private let mayHoldChanges: (() -> Bool)?

  /// An opening of the database started ahead of its first question, on a thread of its own.
  public struct Opening {
    fileprivate let work: WorkAhead<Result<SQLiteHistory, HistoryError>>

    /// Starts `open` on a thread of its own: it must reach nothing its caller goes on using,
    /// wait for no lock and repair nothing, since the process may end before it is done.
    public init(_ open: @escaping @Sendable () throws(HistoryError) -> SQLiteHistory) {
      work = WorkAhead { Result(catching: open) }
    }
  }

  /// A history opened by `open` at its first use, which then joins `sync`'s folder.
  ///
  /// While `mayHoldChanges` says no (a new machine), a question is answered with none; with
  /// `ahead`, the first question adopts the database that opening made (one found locked or
  /// damaged is opened again by `open`).
  public init(
    open: @escaping () throws(HistoryError) -> SQLiteHistory, mayHoldChanges: (() -> Bool)? = nil,
    ahead: Opening? = nil, adopt: @escaping (SQLiteHistory) -> Void = { _ in }, pending: PendingHistory? = nil,
    sync: CounterSync? = nil, readingBeforeFirstQuestion: Bool = true
  ) {
    self.open = open
    self.pending = pending
    self.mayHoldChanges = mayHoldChanges
    self.ahead = ahead.map { ($0, adopt) }
    folder = sync.map { ($0, false, readingBeforeFirstQuestion) }
  }

  /// The database, opened now if it was not yet.
  public func opened() throws(HistoryError) -> SQLiteHistory {
    if let outcome { return try outcome.get() }
    var result = ahead.map { $0.opening.work.value() } ?? Result(catching: open)
    if let ahead {
      switch result {
      case .success(let history): ahead.adopt(history)
      case .failure(.locked), .failure(.damaged): result = Result(catching: open)
      case .failure: break
      }
      self.ahead = nil
    }
    outcome = result
    if case .success(let history) = result {
      if let pending { history.finishInterruptedImport(committedIn: pending.store) }
      untold = history.notices
      if let folder {
        history.attach(
          to: folder.sync, adoptingOwnFiles: folder.adoptingOwnFiles, readingBeforeFirstQuestion: folder.readingFirst)
      }
      folder = nil
      settle()
    }
    return try result.get()
  }

  /// Appends the waiting rows the database does not hold, then checks it against the store.
  private func settle() {
    guard let pending, case .success(let history)? = outcome else { return }
    // Read first: the rows another process appended cost no write.
    pending.holds(history.held(among: pending.unheld))
    if !pending.unheld.isEmpty {
      pending.holds(history.appendPending(pending.unheld, copyingToFolder: true))
      // A new database was made, and took the rows.
      if repairIfDamaged(history) { return }
    }
    if pending.unheld.isEmpty { history.reconcile(with: pending) }
  }

  /// Replaces a database found damaged in use (``HistoryFile/rebuild(reason:)``); returns
  /// whether it did.
  private func repairIfDamaged(_ history: SQLiteHistory) -> Bool {
    guard let reason = history.damage, let file = history.file else { return false }
    history.damage = nil
    outcome = Result { () throws(HistoryError) in try file.rebuild(reason: reason) }
    guard case .success(let repaired) = outcome else { return false }
    untold += repaired.notices
    if let folder = history.folder, let sync = folder.sync {
      repaired.attach(to: sync, readingBeforeFirstQuestion: folder.readingFirst)
    }
    settle()
    return true
  }

  public var isOpen: Bool { outcome != nil }

  private var history: SQLiteHistory? { try? opened() }

  /// The database for a question: not opened while it cannot hold a change.
  private var readable: SQLiteHistory? {
    if outcome == nil, ahead == nil, let mayHoldChanges, !mayHoldChanges() { return nil }
    return history
  }

  /// Joins `sync`'s folder now if the database is open, else once it is.
  public func attach(to sync: CounterSync, adoptingOwnFiles: Bool = false, readingBeforeFirstQuestion: Bool = true) {
    switch outcome {
    case .success(let history)?:
      history.attach(to: sync, adoptingOwnFiles: adoptingOwnFiles, readingBeforeFirstQuestion: readingBeforeFirstQuestion)
    case nil: folder = (sync, adoptingOwnFiles, readingBeforeFirstQuestion)
    case .failure?: break
    }
  }

  /// Reads the other machines' new history now if the database is open, else before its
  /// first answer.
  @discardableResult
  public func refresh(_ changes: FolderChanges) -> Bool {
    switch outcome {
    case .success(let history)?: return history.refresh(changes)
    case nil: folder?.readingFirst = true
    case .failure?: break
    }
    return false
  }

  public func copyToFolder() {
    if case .success(let history)? = outcome { history.copyToFolder() }
  }

  public func append(_ entries: [HistoryEntry], copyingToFolder: Bool) {
    guard !entries.isEmpty, let history else { return }
    history.append(entries, copyingToFolder: copyingToFolder)
    if repairIfDamaged(history) { self.history?.append(entries, copyingToFolder: copyingToFolder) }
  }

  public func appendPending(_ rows: [PendingRow], copyingToFolder: Bool) -> Set<Int64> {
    guard !rows.isEmpty, let history else { return [] }
    let held = history.appendPending(rows, copyingToFolder: copyingToFolder)
    // A new database was made, and took the rows waiting in the store.
    guard repairIfDamaged(history), let repaired = self.history else { return held }
    return repaired.held(among: rows)
  }

  /// Why the last append failed, and how many changes wait in the store for it.
  public var appendProblem: String? {
    let problem: String? =
      switch outcome {
      case .success(let history)?: history.appendProblem
      case .failure(let error)?: tr("the history could not be saved: \(error)")
      case nil: nil
      }
    guard let problem, let waiting = pending?.unheld.count, waiting > 0 else { return problem }
    let changes = waiting == 1 ? "1 change waits" : "\(waiting) changes wait"
    return problem + "; \(changes) with the counts, to be added once it can be written"
  }

  public func renameCounters(_ mapping: [String: String]) {
    guard history != nil else { return }
    // The rows still waiting are appended first, so that they move with the others.
    settle()
    history?.renameCounters(mapping)
  }

  @discardableResult
  public func setNote(_ note: String?, of change: RecordedChange) -> Bool {
    history?.setNote(note, of: change) ?? false
  }

  public func keepAsideAndClear() throws(SystemError) -> [String] {
    try history?.keepAsideAndClear() ?? []
  }

  /// Why it could not be opened or what opening found, then what the other machines' files
  /// held that could not be read; asking does not open it.
  public var notice: String? {
    guard case .success(let history)? = outcome else { return openProblem }
    let parts = takeOpeningNotices() + [history.notice].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// What opening found and did, each sentence once.
  public func takeOpeningNotices() -> [String] {
    defer { untold = [] }
    return untold
  }

  private var openProblem: String? {
    if case .failure(let error)? = outcome { return error.description }
    return nil
  }

  /// The waiting rows of the counter (of every one when `nil`) the database does not hold, in
  /// time order; asking writes nothing.
  private func waiting(ofCounter id: String? = nil) -> [HistoryEntry] {
    guard let pending, !pending.unheld.isEmpty else { return [] }
    // Opened first: opening appends them.
    if let history = readable { pending.holds(history.held(among: pending.unheld)) }
    return Self.inTimeOrder(pending.unheld.lazy.map(\.entry).filter { id == nil || $0.counter == id })
  }

  /// `entries` in the order they happened, ties in the order given.
  private static func inTimeOrder(_ entries: [HistoryEntry]) -> [HistoryEntry] {
    entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
  }

  /// What the database answered, `waiting`'s entries put in among its own.
  private func adding(_ waiting: [HistoryEntry], to reading: HistoryReading?) -> HistoryReading {
    var reading = reading ?? HistoryReading(problem: openProblem)
    if !waiting.isEmpty { reading.entries = Self.inTimeOrder(reading.entries + waiting) }
    return reading
  }

  public func read() -> HistoryReading { adding(waiting(), to: readable?.read()) }

  public func entries(ofCounter id: String, since: Date?, until: Date?, limit: Int?) -> HistoryReading {
    let waiting = waiting(ofCounter: id).filter { entry in
      since.map { entry.time >= $0 } ?? true && until.map { entry.time < $0 } ?? true
    }
    var reading = adding(waiting, to: readable?.entries(ofCounter: id, since: since, until: until, limit: limit))
    if let limit, !waiting.isEmpty { reading.entries = Array(reading.entries.suffix(max(0, limit))) }
    return reading
  }

  public func entries(ofCounter id: String, newestFirstSkipping skipping: Int, limit: Int) -> HistoryReading {
    let waiting = waiting(ofCounter: id)
    guard !waiting.isEmpty else {
      return adding([], to: readable?.entries(ofCounter: id, newestFirstSkipping: skipping, limit: limit))
    }
    var reading = adding(
      [], to: readable?.entries(ofCounter: id, newestFirstSkipping: 0, limit: max(0, skipping) + max(0, limit)))
    let newestFirst = Self.inTimeOrder(reading.entries.reversed() + waiting).reversed()
    reading.entries = Array(newestFirst.dropFirst(max(0, skipping)).prefix(max(0, limit)))
    return reading
  }

  public func entryCount(ofCounter id: String) -> Int {
    (readable?.entryCount(ofCounter: id) ?? 0) + waiting(ofCounter: id).count
  }

  public func lastChange(ofCounter id: String) -> RecordedChange? { readable?.lastChange(ofCounter: id) }

  public func firstEntryTime(ofCounter id: String) -> Date? {
    ([readable?.firstEntryTime(ofCounter: id)] + waiting(ofCounter: id).map(\.time)).compactMap { $0 }.min()
  }

  public func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, from first: Int?) -> PeriodTotals {
    var totals = readable?.totals(ofCounter: id, per: kind, calendar: calendar, from: first) ?? [:]
    guard kind != .total else { return totals }
    for entry in waiting(ofCounter: id) where entry.event == .changed {
      let period = calendar.period(kind, of: entry.time)
      if let first, period < first { continue }
      totals[period, default: PeriodTotal()].record(entry)
    }
    return totals
  }

  public func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, over amount: Int) -> PeriodTotals {
    guard waiting(ofCounter: id).contains(where: { $0.event == .changed }) else {
      return readable?.totals(ofCounter: id, per: kind, calendar: calendar, over: amount) ?? [:]
    }
    return totals(ofCounter: id, per: kind, calendar: calendar, from: nil).firstAnd(over: amount)
  }

  public func streaks(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, reaching amount: Int, current: Int)
    -> (current: Int, best: Int)
  {
    guard waiting(ofCounter: id).contains(where: { $0.event == .changed }) else {
      return readable?.streaks(ofCounter: id, per: kind, calendar: calendar, reaching: amount, current: current) ?? (0, 0)
    }
    // Rows the database does not hold yet: the runs made again from every period's totals.
    let totals = totals(ofCounter: id, per: kind, calendar: calendar, from: nil)
    return GoalSummary.streaks(in: totals, reaching: amount, current: current)
  }

  /// With sync on, the counter's value as the machines' counts merge it (what `get` prints),
  /// so that another machine's file cannot make `stats` disagree with `get` (docs/history.md).
  public func allTime(ofCounter id: String) -> Int {
    let history = readable
    if history?.folder?.sync != nil, let value = pending?.store.x.object(Int.self, forKey: DefaultsKey(id)) { return value }
    return HistoryEntry.total(waiting(ofCounter: id), from: history?.exactAllTime(ofCounter: id) ?? 0)
  }
}

/// An import's rows go to the database, opened for them if it was not yet.
extension DeferredHistory: HistoryImportStaging {
  public func stageImport(_ entries: [HistoryEntry], id: String, keepingAside: Bool, interrupted: () -> Bool)
    throws(HistoryImportError) -> [String]
  {
    try database().stageImport(entries, id: id, keepingAside: keepingAside, interrupted: interrupted)
  }

  public func finishImport(id: String) throws(HistoryImportError) { try database().finishImport(id: id) }

  public func dropStagedImport() { try? database().dropStagedImport() }

  private func database() throws(HistoryImportError) -> SQLiteHistory {
    do throws(HistoryError) {
      return try opened()
    } catch {
      throw .failed(tr("the history could not be saved: \(error)"))
    }
  }
}
