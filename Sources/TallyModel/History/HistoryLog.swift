import FoundationEssentials
import TallyPlatform

/// The history of changes (TallyHistory's SQLite database); docs/history.md describes it.
public typealias HistoryLog = HistoryReader & HistoryWriter & HistoryReplica

/// The questions the screens and commands ask, answered without reading every change.
public protocol HistoryReader: AnyObject {
  /// What the history could not read, as one line for the user; `nil` when nothing.
  var notice: String? { get }
  /// Every entry of every counter, oldest first (for `tally export` and imports).
  func read() -> HistoryReading
  /// One counter's entries in `since..<until`, oldest first; the last `limit` (all when `nil`).
  func entries(ofCounter id: String, since: Date?, until: Date?, limit: Int?) -> HistoryReading
  /// One counter's entries newest first: at most `limit`, after the `skipping` newest.
  func entries(ofCounter id: String, newestFirstSkipping skipping: Int, limit: Int) -> HistoryReading
  func entryCount(ofCounter id: String) -> Int
  /// The counter's totals per period that has a change, from period `first` on (all when `nil`).
  func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, from first: Int?) -> PeriodTotals
  /// The counter's first period of `kind` with a change and those whose progress went over
  /// `amount` (``PeriodTotals/firstAnd(over:)``), however long the history.
  func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, over amount: Int) -> PeriodTotals
  /// The run of periods reaching `amount` that ends at `current` (or the one before, while
  /// `current` is not reached yet), and the longest ever.
  func streaks(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, reaching amount: Int, current: Int)
    -> (current: Int, best: Int)
  func allTime(ofCounter id: String) -> Int
  /// When the counter's first entry was made (its creation, or a change dated before it);
  /// `nil` when it has none.
  func firstEntryTime(ofCounter id: String) -> Date?
  /// The counter's latest change of value made on this machine, with its row.
  func lastChange(ofCounter id: String) -> RecordedChange?
}

/// What the recorder and the commands that change the history use.
public protocol HistoryWriter: AnyObject {
  /// Adds entries in one durable write, and copies them to the sync folder if asked.
  func append(_ entries: [HistoryEntry], copyingToFolder: Bool)
  /// Adds the `rows` whose ids it does not hold yet; returns the ids it now holds (all,
  /// unless the write failed: then ``appendProblem`` says why).
  func appendPending(_ rows: [PendingRow], copyingToFolder: Bool) -> Set<Int64>
  /// The rows the store keeps that this history may not hold yet; its answers count them.
  var pending: PendingHistory? { get }
  var appendProblem: String? { get }
  /// Keeps the history aside and starts this machine's anew; returns where the old one went.
  func keepAsideAndClear() throws(SystemError) -> [String]
  /// Sets or (with `nil`) clears the note of `change`; returns whether the history still
  /// holds it. The note is kept as given: check it with ``ChangeNote/checked(_:)``.
  @discardableResult
  func setNote(_ note: String?, of change: RecordedChange) -> Bool
}

/// The sync folder's side: this machine's changes copied there, the others' read from it.
public protocol HistoryReplica: AnyObject {
  /// Copies this machine's changes that the sync folder lacks; nothing without sync.
  func copyToFolder()
  /// Reads the other machines' files that `changes` may concern; returns whether anything was added.
  @discardableResult
  func refresh(_ changes: FolderChanges) -> Bool
  /// Gives the entries of the counters in `mapping` (old id to new id) their new ids.
  func renameCounters(_ mapping: [String: String])
}

/// What reading the history found.
public struct HistoryReading: Sendable, Equatable {
  public var entries: [HistoryEntry]
  public var damagedLines: Int
  /// A problem reading the history at all, such as no permission.
  public var problem: String?

  public init(entries: [HistoryEntry] = [], damagedLines: Int = 0, problem: String? = nil) {
    self.entries = entries
    self.damagedLines = damagedLines
    self.problem = problem
  }

  public var notice: String? {
    if let problem { return problem }
    guard damagedLines > 0 else { return nil }
    return "\(damagedLines) damaged line\(damagedLines == 1 ? "" : "s") of the history skipped"
  }
}

/// A counter's changes in one period: `net` is their sum; `progress`, what a goal counts, is
/// the same except that a reset starts the period over (``record(from:to:)``).
public struct PeriodTotal: Equatable, Sendable {
  public var net: Int
  public var progress: Int

  public init(net: Int = 0, progress: Int = 0) {
    self.net = net
    self.progress = progress
  }

  /// Adds the change `entry` made, if it is one; changes must come in time order.
  public mutating func record(_ entry: HistoryEntry) {
    guard entry.event == .changed, let old = entry.old, let new = entry.new else { return }
    record(from: old, to: new)
  }

  /// Adds the change from `old` to `new`.
  ///
  /// The one rule of progress that `stats`, the counter screen, the board and `H` show
  /// (docs/goals.md): a change adds its difference, except a change to 0 (a reset), which
  /// starts the period over: it takes back at most what the period had counted, never counts
  /// itself, and a period gone below 0 starts again at 0.
  public mutating func record(from old: Int, to new: Int) {
    let change = HistoryEntry.change(from: old, to: new)
    net = Self.add(net, change)
    let added = Self.add(progress, change)
    progress = new == 0 && old != 0 ? min(max(progress, 0), max(0, added)) : added
  }

  /// Every period's total from every change of `entries` (in any order; ties keep theirs):
  /// the definition the database's kept totals are tested against.
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

  public func append(_ entries: [HistoryEntry]) { append(entries, copyingToFolder: true) }
}

extension HistoryReplica {
  /// Reads every file of the sync folder that changed since the last look.
  @discardableResult
  public func refresh() -> Bool { refresh(.unknown) }
}
