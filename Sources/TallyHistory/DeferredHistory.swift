import TallyModel
import TallyPlatform
import TallySync

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The history database, opened at its first use.
///
/// `tally get`, `tally list` and a first frame without a goal never ask the history, and
/// opening it (or making it, on a new machine) is most of what they would otherwise pay for
/// it. A database that cannot be opened makes every question answer nothing and every
/// append fail with its reason (``appendProblem``), as a failed append always did: the
/// counts are saved either way. A command that shows the history opens it first
/// (``opened()``) and exits with the reason.
public final class DeferredHistory: HistoryLog {
  private let open: () throws(HistoryError) -> SQLiteHistory
  private var outcome: Result<SQLiteHistory, HistoryError>?
  /// The opening started ahead of the first question, until that question.
  private var ahead: (opening: Opening, adopt: (SQLiteHistory) -> Void)?
  /// The sync folder to join once it is open, and whether to read the other machines'
  /// files before its first answer (asked for by ``refresh()`` before it opened).
  private var folder: (sync: CounterSync, adoptingOwnFiles: Bool, readingFirst: Bool)?
  /// Notices from opening not yet told (``notice`` tells them once).
  private var untold: [String] = []
  /// Run on the database right after it opens: finishes or undoes an import cut short
  /// (``SQLiteHistory/finishInterruptedImport(committedIn:)``).
  public var whenOpened: ((SQLiteHistory) -> Void)?

  /// Whether a database not yet opened may hold changes: when it says no (no database and no
  /// old log on a new machine), a question is answered with none, and nothing is made.
  private let mayHoldChanges: (() -> Bool)?

  /// An opening of the database started ahead of its first question, on a thread of its
  /// own (``WorkAhead``), while the caller goes on with other work.
  public struct Opening {
    fileprivate let work: WorkAhead<Result<SQLiteHistory, HistoryError>>

    /// Starts `open` on a thread of its own.
    ///
    /// `open` must reach nothing its caller goes on using (give it values), wait for no lock
    /// (how long to wait is for ``DeferredHistory``'s `adopt` to set) and repair nothing:
    /// the process may end before it is done.
    public init(_ open: @escaping @Sendable () throws(HistoryError) -> SQLiteHistory) {
      work = WorkAhead { Result(catching: open) }
    }
  }

  /// A history opened by `open` at its first use; `mayHoldChanges`, when given, spares a
  /// question the opening while there is nothing to read (the last-change line at the start
  /// of a new machine's first session).
  ///
  /// With `ahead`, the first question takes the database that opening made (waiting for the
  /// rest of it, if any) and hands it to `adopt` on this thread; an opening that found the
  /// database locked or damaged is done again then by `open`, which waits as the settings
  /// say and repairs. Until that question the history behaves as one not yet opened. The
  /// interactive app starts its opening before it reads its store (docs/history.md).
  public init(
    open: @escaping () throws(HistoryError) -> SQLiteHistory, mayHoldChanges: (() -> Bool)? = nil,
    ahead: Opening? = nil, adopt: @escaping (SQLiteHistory) -> Void = { _ in }
  ) {
    self.open = open
    self.mayHoldChanges = mayHoldChanges
    self.ahead = ahead.map { ($0, adopt) }
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
      whenOpened?(history)
      untold = history.notices
      if let folder {
        history.attach(
          to: folder.sync, adoptingOwnFiles: folder.adoptingOwnFiles, readingBeforeFirstQuestion: folder.readingFirst)
      }
      folder = nil
    }
    return try result.get()
  }

  /// Whether it was opened (or tried).
  public var isOpen: Bool { outcome != nil }

  /// Joins `sync`'s folder (``SQLiteHistory/attach(to:adoptingOwnFiles:readingBeforeFirstQuestion:)``),
  /// now if the database is open, else once it is.
  public func attach(to sync: CounterSync, adoptingOwnFiles: Bool = false, readingBeforeFirstQuestion: Bool = true) {
    switch outcome {
    case .success(let history)?:
      history.attach(to: sync, adoptingOwnFiles: adoptingOwnFiles, readingBeforeFirstQuestion: readingBeforeFirstQuestion)
    case nil: folder = (sync, adoptingOwnFiles, readingBeforeFirstQuestion)
    case .failure?: break
    }
  }

  private var history: SQLiteHistory? { try? opened() }

  /// The database for a question: not opened, nor made, while it cannot hold a change.
  ///
  /// An opening started ahead was started because there was one to open: the first question
  /// does not look for it again.
  private var readable: SQLiteHistory? {
    if outcome == nil, ahead == nil, let mayHoldChanges, !mayHoldChanges() { return nil }
    return history
  }

  public func append(_ entries: [HistoryEntry], copyingToFolder: Bool) {
    guard !entries.isEmpty else { return }
    history?.append(entries, copyingToFolder: copyingToFolder)
  }

  /// Copies this machine's changes to the folder if the database is open (a process that
  /// never opened it added none).
  public func copyToFolder() {
    if case .success(let history)? = outcome { history.copyToFolder() }
  }

  public var appendProblem: String? {
    switch outcome {
    case .success(let history)?: history.appendProblem
    case .failure(let error)?: "the history could not be saved: \(error)"
    case nil: nil
    }
  }

  /// Why it could not be opened, or what is worth telling about it; asking does not open it.
  ///
  /// Once open: the notices from opening not yet told (once), then what the other machines'
  /// files held that could not be read.
  public var notice: String? {
    guard case .success(let history)? = outcome else { return openProblem }
    let parts = takeOpeningNotices() + [history.notice].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// What opening found and did (an old log imported, a damaged database rebuilt), each
  /// sentence once: the next call returns nothing.
  public func takeOpeningNotices() -> [String] {
    defer { untold = [] }
    return untold
  }

  private var openProblem: String? {
    if case .failure(let error)? = outcome { return error.description }
    return nil
  }

  public func read() -> HistoryReading {
    readable?.read() ?? HistoryReading(problem: openProblem)
  }

  public func entries(ofCounter id: String, since: Date?, until: Date?, limit: Int?) -> HistoryReading {
    readable?.entries(ofCounter: id, since: since, until: until, limit: limit) ?? HistoryReading(problem: openProblem)
  }

  public func entries(ofCounter id: String, newestFirstSkipping skipping: Int, limit: Int) -> HistoryReading {
    readable?.entries(ofCounter: id, newestFirstSkipping: skipping, limit: limit) ?? HistoryReading(problem: openProblem)
  }

  public func entryCount(ofCounter id: String) -> Int {
    readable?.entryCount(ofCounter: id) ?? 0
  }

  public func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, from first: Int?) -> PeriodTotals {
    readable?.totals(ofCounter: id, per: kind, calendar: calendar, from: first) ?? [:]
  }

  public func streaks(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, reaching amount: Int, current: Int)
    -> (current: Int, best: Int)
  {
    readable?.streaks(ofCounter: id, per: kind, calendar: calendar, reaching: amount, current: current) ?? (0, 0)
  }

  public func allTime(ofCounter id: String) -> Int {
    readable?.allTime(ofCounter: id) ?? 0
  }

  /// Reads the other machines' new history now if the database is open; if it is not, it
  /// does so before its first answer once it opens (opening it for this alone would cost
  /// the app's first frames what they do not show).
  @discardableResult
  public func refresh(_ changes: FolderChanges) -> Bool {
    switch outcome {
    case .success(let history)?: return history.refresh(changes)
    case nil:
      folder?.readingFirst = true
      return false
    case .failure?: return false
    }
  }

  public func renameCounters(_ mapping: [String: String]) {
    history?.renameCounters(mapping)
  }

  public func lastChange(ofCounter id: String) -> RecordedChange? {
    readable?.lastChange(ofCounter: id)
  }

  @discardableResult
  public func setNote(_ note: String?, of change: RecordedChange) -> Bool {
    history?.setNote(note, of: change) ?? false
  }

  public func keepAsideAndClear() throws(SystemError) -> [String] {
    guard let history else { return [] }
    return try history.keepAsideAndClear()
  }
}
