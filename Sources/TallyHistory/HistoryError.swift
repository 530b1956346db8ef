import CSQLite
import TallyLocalization

/// Why the history database could not be opened or written.
public enum HistoryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Another process holds it past the busy timeout: try again.
  case locked(path: String)
  /// The disk is full.
  case full(path: String)
  /// It, or its directory, cannot be written.
  case readOnly(path: String, reason: String)
  /// A later Tally wrote it, in a schema this one does not know.
  case futureFormat(path: String, version: Int64)
  /// Another program's database is at its name: it is left alone.
  case foreign(path: String)
  /// It is not a database, or a damaged one, and could not be moved aside.
  case damaged(path: String, reason: String)
  /// Anything else SQLite reported.
  case failed(path: String, reason: String)

  init(_ error: SQLiteError, path: String) {
    switch error.code {
    case SQLITE_BUSY, SQLITE_LOCKED: self = .locked(path: path)
    case SQLITE_FULL: self = .full(path: path)
    case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM: self = .readOnly(path: path, reason: error.message)
    case SQLITE_CORRUPT, SQLITE_NOTADB: self = .damaged(path: path, reason: error.message)
    default: self = .failed(path: path, reason: error.message)
    }
  }

  /// What `body` returns; the SQLite error it throws, as the history error it is for `path`.
  static func catching<Value>(path: String, _ body: () throws(SQLiteError) -> Value) throws(HistoryError) -> Value {
    do {
      return try body()
    } catch {
      throw HistoryError(error, path: path)
    }
  }

  public var description: String {
    switch self {
    case .locked(let path): tr("the history \(path) is locked by another process; try again")
    case .full(let path): tr("the disk is full: the history \(path) could not be written")
    case .readOnly(let path, let reason): tr("the history \(path) cannot be written (\(reason))")
    case .futureFormat(let path, let version):
      tr(
        "the history \(path) was written by a later Tally (schema \(version), this one knows \(HistorySchema.version)); update Tally"
      )
    case .foreign(let path):
      tr(
        "\(path) is a database of another program, not Tally's history; it is left as it is (move it away to start a new history)"
      )
    case .damaged(let path, let reason): tr("the history \(path) is damaged (\(reason))")
    case .failed(let path, let reason): tr("the history \(path) could not be used (\(reason))")
    }
  }
}
