import TallyModel
import TallyPlatform

/// This machine's history files in the sync folder, one a month in UTC
/// (`laptop.history.2026-11.jsonl`), kept up with the database (`copied` in `setting`,
/// `own_file`: docs/history.md).
struct OwnHistoryFiles {
  let path: String
  let machine: String

  /// The end of every machine's file name for the month of `milliseconds` (UTC).
  static func monthSuffix(forMilliseconds milliseconds: Int64) -> String {
    let day = Int64((Double(milliseconds) / 86_400_000).rounded(.down))
    let date = UTCTime.civilDate(ofDay: day)
    return ".history." + String(min(max(date.year, 0), 9999), width: 4) + "-" + String(date.month, width: 2) + ".jsonl"
  }

  /// Inside the caller's transaction: has the next copy write anew, whole, the month's file
  /// of the row after `row` (a note set on it); nothing without sync.
  static func copyAgain(monthOf milliseconds: Int64, after row: Int64, _ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.run(
      "UPDATE own_file SET size = -1, copied = min(copied, ?1) WHERE substr(name, -length(?2)) = ?2",
      [.integer(row), .text(monthSuffix(forMilliseconds: milliseconds))])
    try connection.run("UPDATE setting SET value = min(value, ?) WHERE key = 'copied'", [.integer(row)])
  }

  /// Inside the caller's transaction: has the next copy write every file anew, whole.
  static func copyAllAgain(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.run("DELETE FROM own_file")
    try connection.run("DELETE FROM setting WHERE key = 'copied'")
  }

  func copy(from history: SQLiteHistory) {
    guard let folder = try? UntrustedFolder(path: path) else { return }
    let connection = history.connection
    do throws(SQLiteError) {
      let copied = try connection.integer("SELECT value FROM setting WHERE key = 'copied'") ?? 0
      let latest = try connection.integer("SELECT max(seq) FROM change") ?? 0
      guard latest > copied else { return }
      var (written, anew) = try append(try ownRows(after: copied, upTo: latest, connection: connection), to: folder, connection)
      var allCopied = true
      if !anew.isEmpty {
        let whole = try ownRows(after: .min, upTo: .max, inFiles: Set(anew.keys), connection: connection)
        for (name, last) in anew {
          do throws(SystemError) {
            let identity = try folder.replaceFile(named: name, with: Array((whole[name] ?? []).map(\.line).joined().utf8))
            written.append((name, identity.byteCount, last))
          } catch {
            allCopied = false
          }
        }
      }
      // Recorded in one transaction that waits for no disk: lost to a crash, a file no longer
      // has the size recorded and is written anew; rows are never copied twice.
      try? connection.execute("PRAGMA synchronous = OFF")
      defer { try? connection.execute("PRAGMA synchronous = FULL") }
      try connection.transaction { () throws(SQLiteError) in
        for file in written {
          try connection.run(
            "INSERT OR REPLACE INTO own_file (name, size, copied) VALUES (?, ?, ?)",
            [.text(file.name), .integer(file.size), .integer(file.copied)])
        }
        if allCopied {
          try connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('copied', ?)", [.integer(latest)])
        }
      }
    } catch {
      return
    }
  }

  /// Appends each month's rows that its file lacks to it; returns the files written, and
  /// those to write anew, whole, with their last rows.
  private func append(
    _ months: [String: [(seq: Int64, line: String)]], to folder: UntrustedFolder, _ connection: SQLiteConnection
  ) throws(SQLiteError) -> (written: [(name: String, size: Int64, copied: Int64)], anew: [String: Int64]) {
    var written: [(name: String, size: Int64, copied: Int64)] = []
    var anew: [String: Int64] = [:]
    for (name, rows) in months.sorted(by: { $0.key < $1.key }) {
      let recorded = try connection.firstRow("SELECT size, copied FROM own_file WHERE name = ?", [.text(name)]) {
        (size: $0.integer(0), seq: $0.integer(1))
      }
      let fresh = rows.filter { $0.seq > (recorded?.seq ?? 0) }
      guard let last = fresh.last?.seq else { continue }
      guard let recorded, (try? folder.identity(ofFile: name))??.byteCount == recorded.size else {
        anew[name] = last
        continue
      }
      do throws(SystemError) {
        // Not fsynced: a file that fell short no longer has the size recorded, and is written anew.
        let identity = try folder.append(Array(fresh.map(\.line).joined().utf8), toFile: name, durably: false)
        written.append((name, identity.byteCount, last))
      } catch {
        // A hard link is there, or the folder is away or full: written anew (or tried again later).
        anew[name] = last
      }
    }
    return (written, anew)
  }

  /// This machine's rows after `copied` up to `latest`, as lines by month file (only `inFiles`).
  private func ownRows(
    after copied: Int64, upTo latest: Int64, inFiles names: Set<String>? = nil, connection: SQLiteConnection
  ) throws(SQLiteError) -> [String: [(seq: Int64, line: String)]] {
    var months: [String: [(seq: Int64, line: String)]] = [:]
    let statement = try connection.statement(
      "SELECT \(HistorySchema.columns), seq FROM change WHERE seq > ? AND seq <= ? AND machine IS NULL ORDER BY seq")
    try statement.bind([.integer(copied), .integer(latest)])
    while try statement.step() {
      guard let entry = HistorySchema.entry(statement) else { continue }
      let name = machine + Self.monthSuffix(forMilliseconds: entry.milliseconds)
      if names?.contains(name) ?? true { months[name, default: []].append((statement.integer(10), entry.jsonLine + "\n")) }
    }
    return months
  }

  /// Adds this machine's changes from its files that the database lacks; returns how many.
  func adopt(into history: SQLiteHistory) -> Int {
    guard let folder = try? UntrustedFolder(path: path) else { return 0 }
    let own = folder.names().filter { HistoryFolder.parse($0)?.machine == machine }
    let monthly = own.filter { HistoryFolder.parse($0)?.legacy == false }
    func key(_ entry: HistoryEntry) -> String {
      "\(entry.milliseconds)|\(entry.counter)|\(entry.event.rawValue)|\(entry.old ?? .min)|\(entry.new ?? .min)"
    }
    var have = Set(history.ownEntries().map(key))
    var added: [HistoryEntry] = []
    for name in monthly.isEmpty ? own : monthly {
      guard let bytes = try? folder.readFile(named: name, from: 0, atMost: HistoryFolder.maximumFileSize)?.bytes else {
        continue
      }
      for line in bytes.split(separator: UInt8(ascii: "\n")) {
        guard var entry = HistoryEntry(jsonLine: line) else { continue }
        entry.machine = nil
        if have.insert(key(entry)).inserted { added.append(entry) }
      }
    }
    history.append(added.sorted { $0.time < $1.time }, copyingToFolder: false)
    return added.count
  }
}
