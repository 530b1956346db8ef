import CSQLite

/// What SQLite said went wrong: its result code and message.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
  public var code: Int32
  public var message: String

  init(code: Int32, message: String) {
    self.code = code & 0xFF
    self.message = message
  }

  init(code: Int32, connection: OpaquePointer?) {
    self.init(
      code: code, message: connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code)))
  }

  public var description: String { message }
}

/// A value bound to a statement.
enum SQLiteValue: Equatable {
  case integer(Int64)
  case text(String)
  case null
}

/// One connection to an SQLite database, its prepared statements kept for reuse and reset
/// after use so that none holds a read transaction open; used from one thread at a time.
final class SQLiteConnection {
  let handle: OpaquePointer
  private var statements: [String: SQLiteStatement] = [:]

  /// Opens (creating when `create`) the database at `path`, or in memory for `":memory:"`.
  convenience init(path: String, create: Bool = true) throws(SQLiteError) {
    try self.init(name: path, flags: SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0))
  }

  /// Opens another program's database at `path` to read only, as immutable: no journal,
  /// write-ahead log, shared memory or lock is made beside it, and nothing is written to it.
  convenience init(readingImmutable path: String) throws(SQLiteError) {
    // The path percent-encoded where a URI would read it otherwise.
    var encoded = ""
    for byte in path.utf8 {
      if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte < 0x21 || byte > 0x7E {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" : "") + hex
      } else {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    try self.init(name: "file:" + encoded + "?mode=ro&immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
  }

  private init(name: String, flags: Int32) throws(SQLiteError) {
    _ = Self.configured
    var handle: OpaquePointer?
    let result = sqlite3_open_v2(name, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard result == SQLITE_OK, let handle else {
      let error = SQLiteError(code: result, connection: handle)
      sqlite3_close_v2(handle)
      throw error
    }
    self.handle = handle
    sqlite3_extended_result_codes(handle, 0)
  }

  /// How long a statement waits for another connection's lock, in seconds (up to an hour).
  func waitForLock(upTo seconds: Double) {
    sqlite3_busy_timeout(handle, Int32(min(max(seconds, 0), 3600) * 1000))
  }

  /// SQLite's process-wide settings, made once before the first connection opens.
  private static let configured: Void = { _ = tally_sqlite_pages_as_needed() }()

  deinit {
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  func execute(_ sql: String) throws(SQLiteError) {
    let result = sqlite3_exec(handle, sql, nil, nil, nil)
    guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: handle) }
  }

  /// The statement for `sql`, prepared once per connection and reset for this use.
  func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let statement = statements[sql] {
      statement.reset()
      return statement
    }
    var pointer: OpaquePointer?
    let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
    guard result == SQLITE_OK, let pointer else { throw SQLiteError(code: result, connection: handle) }
    let statement = SQLiteStatement(pointer: pointer, connection: handle)
    statements[sql] = statement
    return statement
  }

  func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
    _ = try rows(sql, values) { _ in () }
  }

  /// The first column of the first row `sql` gives; `nil` without a row or for NULL.
  func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
    try firstRow(sql, values) { $0.optionalInteger(0) } ?? nil
  }

  /// The first row `sql` gives, as `read` makes it of the statement; `nil` without one.
  func firstRow<Row>(_ sql: String, _ values: [SQLiteValue] = [], _ read: (SQLiteStatement) -> Row) throws(SQLiteError) -> Row? {
    let statement = try statement(sql)
    try statement.bind(values)
    // Reset once read: a statement left on a row keeps its read transaction open.
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return read(statement)
  }

  func rows<Row>(_ sql: String, _ values: [SQLiteValue] = [], _ read: (SQLiteStatement) -> Row) throws(SQLiteError) -> [Row] {
    let statement = try statement(sql)
    try statement.bind(values)
    var rows: [Row] = []
    while try statement.step() { rows.append(read(statement)) }
    return rows
  }

  /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`: the write lock taken at once,
  /// waiting up to the busy timeout), rolled back when it throws.
  ///
  /// `BEGIN` and `COMMIT` are prepared once, as every statement: `sqlite3_exec` parsed them
  /// at each key press.
  func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
    try run("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try run("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  var changedRows: Int { Int(sqlite3_changes(handle)) }
}

/// A prepared statement: bind values, step through rows, read columns.
final class SQLiteStatement {
  private let pointer: OpaquePointer
  private let connection: OpaquePointer

  init(pointer: OpaquePointer, connection: OpaquePointer) {
    self.pointer = pointer
    self.connection = connection
  }

  deinit { sqlite3_finalize(pointer) }

  func reset() {
    sqlite3_reset(pointer)
    sqlite3_clear_bindings(pointer)
  }

  func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    for (index, value) in values.enumerated() {
      let position = Int32(index + 1)
      let result: Int32 =
        switch value {
        case .integer(let number): sqlite3_bind_int64(pointer, position, number)
        case .text(let text): sqlite3_bind_text(pointer, position, text, -1, tally_sqlite_transient())
        case .null: sqlite3_bind_null(pointer, position)
        }
      guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: connection) }
    }
  }

  func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(pointer) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let result:
      let error = SQLiteError(code: result, connection: connection)
      sqlite3_reset(pointer)
      throw error
    }
  }

  func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }

  func double(_ column: Int32) -> Double { sqlite3_column_double(pointer, column) }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(pointer, column) == SQLITE_NULL }

  func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }

  func text(_ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(pointer, column) else { return "" }
    return String(cString: bytes)
  }

  func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}
