/// The history's side of an import that is all or nothing, also when the process is killed
/// (docs/history.md, "Imports").
///
/// The import's rows are staged first, beside the history, under an import id; the store's
/// write of the values and of that id (``storeKey``) is the one commit point; then the
/// staged rows are moved into the history. Whoever opens the history next finishes an
/// import the store committed and drops one it did not.
public protocol HistoryImportStaging: AnyObject {
  /// Stages `entries` (with their counters' ids, this machine's) under the import `id`, in
  /// one durable write that replaces whatever an earlier import left staged; with
  /// `keepingAside`, first copies the history as it is aside (an import that replaces it)
  /// and returns where.
  ///
  /// `interrupted` is asked between steps and every few thousand rows: when it says yes,
  /// nothing is staged (the copy aside is deleted) and it throws
  /// ``HistoryImportError/interrupted``.
  func stageImport(_ entries: [HistoryEntry], id: String, keepingAside: Bool, interrupted: () -> Bool)
    throws(HistoryImportError) -> [String]
  /// Moves the rows staged under `id` into the history (after deleting this machine's own,
  /// for an import that replaces it) in one durable write; nothing when none are.
  func finishImport(id: String) throws(HistoryImportError)
  /// Drops whatever is staged: the import did not reach its commit point.
  func dropStagedImport()
}

/// Why the history's side of an import did not go through.
public enum HistoryImportError: Error, Equatable, CustomStringConvertible {
  /// The import was asked to stop.
  case interrupted
  /// The history could not be written (or opened): why.
  case failed(String)

  public var description: String {
    switch self {
    case .interrupted: "interrupted"
    case .failed(let reason): reason
    }
  }
}

/// The import id's names in the store and the history.
public enum HistoryImport {
  /// The store's key for the id of the last import whose values it holds: written in the
  /// import's one store write, so that the history, opened later, can tell an import that
  /// reached its commit point from one that did not.
  public static let storeKey = "historyImport"

  /// A new import id: whether it replaces the history, and 64 random bits.
  public static func newID(replacing: Bool) -> String {
    (replacing ? "replace-" : "merge-") + String(UInt64.random(in: .min ... .max), radix: 16)
  }

  /// Whether the import `id` replaces this machine's history.
  public static func replaces(_ id: String) -> Bool { id.hasPrefix("replace-") }
}
