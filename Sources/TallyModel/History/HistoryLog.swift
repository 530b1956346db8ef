import TallyPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the history of changes is kept: TallyHistory's SQLite database, on disk or in memory.
///
/// Each side is used by other code: the screens and commands read it, the recorder writes
/// it, and the sync folder's side replicates it.
public typealias HistoryLog = HistoryReader & HistoryWriter & HistoryReplica

/// The questions the screens and commands ask (a counter's last changes, its totals per
/// day, week or month), instead of reading every change, so that they cost the same after
/// ten years of use as on the first day.
public protocol HistoryReader: AnyObject {
  /// What the history could not read (damaged lines of another machine's files, a database
  /// that had to be rebuilt), as one line for the person using Tally; `nil` when nothing.
  var notice: String? { get }
  /// Every entry of every counter, oldest first (for `tally export` and imports).
  func read() -> HistoryReading
  /// One counter's entries, oldest first: those at or after `since` and before `until`, and
  /// of those the last `limit` (all when `nil`).
  func entries(ofCounter id: String, since: Date?, until: Date?, limit: Int?) -> HistoryReading
  /// One counter's entries newest first: at most `limit`, after the `skipping` newest.
  func entries(ofCounter id: String, newestFirstSkipping skipping: Int, limit: Int) -> HistoryReading
  /// How many entries the counter has (changes, and its creation, renames and deletion).
  func entryCount(ofCounter id: String) -> Int
  /// The counter's totals in each period of `kind` (as `calendar` places them) that has a
  /// change, from period number `first` on (every one when `nil`).
  func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, from first: Int?) -> PeriodTotals
  /// The counter's first period of `kind` with a change and those whose progress went over
  /// `amount` (``PeriodTotals/firstAnd(over:)``), however long the history.
  func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, over amount: Int) -> PeriodTotals
  /// The counter's runs of consecutive periods of `kind` whose progress reached `amount`:
  /// the one that ends at period `current` (or at the one before it, while `current` is not
  /// yet reached), and the longest ever; 0 when there is none.
  func streaks(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, reaching amount: Int, current: Int)
    -> (current: Int, best: Int)
  /// The sum of every change ever made to the counter.
  func allTime(ofCounter id: String) -> Int
  /// The counter's last change of value made on this machine (the latest by time), with its
  /// row; `nil` when it has none. Other machines' rows come from their files in the sync
  /// folder, which only they write.
  func lastChange(ofCounter id: String) -> RecordedChange?
}

/// What the recorder and the commands that change the history use.
public protocol HistoryWriter: AnyObject {
  /// Adds entries at the end, in one durable write; with sync on, copies them to this
  /// machine's files in the folder too, unless `copyingToFolder` is false.
  func append(_ entries: [HistoryEntry], copyingToFolder: Bool)
  /// Adds the `rows` that it does not hold yet (by their ids), as ``append(_:copyingToFolder:)``
  /// does; returns the ids of the rows it now holds: all of them, unless the write failed
  /// (then ``appendProblem`` says why).
  func appendPending(_ rows: [PendingRow], copyingToFolder: Bool) -> Set<Int64>
  /// The changes saved with the values that this history may not hold yet, when the store
  /// keeps them (``PendingHistory``); the history's answers count them.
  var pending: PendingHistory? { get }
  /// Why the last append failed, or `nil` when it worked.
  var appendProblem: String? { get }
  /// Keeps the history as it is aside and starts this machine's anew (an import that
  /// replaces everything); returns where the old one went.
  func keepAsideAndClear() throws(SystemError) -> [String]
  /// Sets the note of `change`, as ``HistoryReader/lastChange(ofCounter:)`` found it, or
  /// takes it off with `nil`; returns whether the history still holds that change and now
  /// has the note. The note is kept as given: check it with ``ChangeNote/checked(_:)``.
  @discardableResult
  func setNote(_ note: String?, of change: RecordedChange) -> Bool
}

/// The sync folder's side: this machine's changes copied there, the others' read from it.
public protocol HistoryReplica: AnyObject {
  /// Copies this machine's changes that its files in the sync folder do not have yet there;
  /// nothing without sync.
  func copyToFolder()
  /// Reads the other machines' files in the sync folder, when `changes` may concern one of
  /// them; returns whether anything was added.
  @discardableResult
  func refresh(_ changes: FolderChanges) -> Bool
  /// Gives the entries of the counters in `mapping` (old id to new id) their new ids, as
  /// when joining a sync folder changes them.
  func renameCounters(_ mapping: [String: String])
}

/// What reading the history found.
public struct HistoryReading: Sendable, Equatable {
  public var entries: [HistoryEntry]
  /// How many lines could not be read and were skipped.
  public var damagedLines: Int
  /// A problem reading the history at all, such as no permission.
  public var problem: String?

  public init(entries: [HistoryEntry] = [], damagedLines: Int = 0, problem: String? = nil) {
    self.entries = entries
    self.damagedLines = damagedLines
    self.problem = problem
  }

  /// A one-line note about what was skipped, or `nil` when everything was read.
  public var notice: String? {
    if let problem { return problem }
    guard damagedLines > 0 else { return nil }
    return "\(damagedLines) damaged line\(damagedLines == 1 ? "" : "s") of the history skipped"
  }

  /// The entries of one counter.
  public func entries(forCounter id: String) -> [HistoryEntry] {
    entries.filter { $0.counter == id }
  }
}

/// A counter's changes in one day, week or month.
///
/// `net` is their sum. `progress` is what a goal counts: the same, except that a change to 0
/// (a reset) takes back at most what the period had counted, and never counts itself.
public struct PeriodTotal: Equatable, Sendable {
  public var net: Int
  public var progress: Int

  public init(net: Int = 0, progress: Int = 0) {
    self.net = net
    self.progress = progress
  }

  /// Adds the change `entry` made, if it is one; changes must come in the order they
  /// happened.
  public mutating func record(_ entry: HistoryEntry) {
    guard entry.event == .changed, let old = entry.old, let new = entry.new else { return }
    record(from: old, to: new)
  }

  /// Adds the change of a counter from `old` to `new`; changes must come in the order they
  /// happened.
  public mutating func record(from old: Int, to new: Int) {
    let change = HistoryEntry.change(from: old, to: new)
    net = Self.add(net, change)
    progress = new == 0 ? min(progress, max(0, Self.add(progress, change))) : Self.add(progress, change)
  }

  /// Every period's total, reading every change of `entries`: the definition the
  /// database's kept totals are tested against.
  ///
  /// The entries may come in any order: they are taken in the order they happened, ties in
  /// the order given.
  public static func byPeriod(_ entries: [HistoryEntry], per kind: Goal.Period, calendar: GoalCalendar) -> PeriodTotals {
    var totals = PeriodTotals()
    let changes = entries.filter { $0.event == .changed }.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    for (_, entry) in changes {
      totals[calendar.period(kind, of: entry.time), default: PeriodTotal()].record(entry)
    }
    return totals
  }

  /// `a + b`, saturating at `Int`'s bounds instead of overflowing.
  public static func add(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
  }
}

extension HistoryWriter {
  public var pending: PendingHistory? { nil }

  /// Adds entries at the end, in one durable write, and copies them to the sync folder.
  public func append(_ entries: [HistoryEntry]) { append(entries, copyingToFolder: true) }
}

extension HistoryReplica {
  /// Reads whatever changed elsewhere since the last look, every file of the sync folder
  /// being taken as possibly changed (at start, and where the folder is polled).
  @discardableResult
  public func refresh() -> Bool { refresh(.unknown) }
}
