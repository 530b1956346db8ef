/// Where the history of changes is kept: a file in the data directory, or memory.
public protocol HistoryLog: AnyObject {
  /// Adds entries at the end, in one write.
  func append(_ entries: [HistoryEntry])
  /// Every entry, oldest first, with the damaged lines that were skipped.
  func read() -> HistoryReading
  /// Why the last append failed, or `nil` when it worked.
  var appendProblem: String? { get }
}

extension HistoryLog {
  public var appendProblem: String? { nil }
}

/// What reading the history found.
public struct HistoryReading: Sendable, Equatable {
  public var entries: [HistoryEntry]
  /// How many lines could not be read and were skipped.
  public var damagedLines: Int
  /// A problem reading the log at all, such as no permission.
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

/// A history that lives in memory, for `-useInMemoryUserDefaults` and tests.
public final class InMemoryHistoryLog: HistoryLog {
  public private(set) var entries: [HistoryEntry]

  public init(entries: [HistoryEntry] = []) {
    self.entries = entries
  }

  public func append(_ entries: [HistoryEntry]) {
    self.entries += entries
  }

  public func read() -> HistoryReading {
    HistoryReading(entries: entries)
  }
}
