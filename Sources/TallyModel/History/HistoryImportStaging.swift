/// The history's side of an import that is all or nothing, also when the process is killed:
/// rows staged under an import id, committed by the store's write of that id (``storeKey``)
/// (docs/history.md, "Imports").
public protocol HistoryImportStaging: AnyObject {
  /// Stages `entries` under the import `id` in one durable write, replacing what an earlier
  /// import left staged; with `keepingAside`, first copies the history aside and returns where.
  /// When `interrupted` says yes, nothing is staged and it throws ``HistoryImportError/interrupted``.
  func stageImport(_ entries: [HistoryEntry], id: String, keepingAside: Bool, interrupted: () -> Bool)
    throws(HistoryImportError) -> [String]
  /// Moves the rows staged under `id` into the history in one durable write.
  func finishImport(id: String) throws(HistoryImportError)
  /// Drops whatever is staged: the import did not reach its commit point.
  func dropStagedImport()
}

/// Why the history's side of an import did not go through.
public enum HistoryImportError: Error, Equatable, CustomStringConvertible {
  case interrupted
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
  /// The store's key for the id of the last import whose values it holds.
  public static let storeKey = "historyImport"

  /// A new import id: whether it replaces the history, and 64 random bits.
  public static func newID(replacing: Bool) -> String {
    (replacing ? "replace-" : "merge-") + String(UInt64.random(in: .min ... .max), radix: 16)
  }

  /// Whether the import `id` replaces this machine's history.
  public static func replaces(_ id: String) -> Bool { id.hasPrefix("replace-") }
}
