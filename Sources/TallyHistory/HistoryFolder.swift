import TallyModel
import TallyPlatform
import TallySync

/// The history's side of a sync folder: each machine writes its changes there as JSON lines,
/// one append-only file a month (`laptop.history.2026-11.jsonl`, the month of each change in
/// UTC), and reads everyone else's.
///
/// - Another machine's file is read from where the last reading stopped (its device, inode
///   and offset are kept in `folder_file`), and read again whole when it was replaced or
///   shrank. Only whole lines are taken; a damaged line is skipped and counted.
/// - Files are untrusted (``UntrustedFolder``): no link is followed, nothing but a regular
///   file is read, a file past ``maximumFileSize`` is skipped with a notice, and the machine
///   a line names is always the file's.
/// - A machine's old single file (`laptop.history.jsonl` and `.1`, from a Tally before the
///   database) is read while it has no monthly file.
/// - This machine's new rows are appended to its files; a file of its own that is missing,
///   or not as it was left, is written anew from the database.
final class HistoryFolder {
  /// The largest history file read from the folder.
  static let maximumFileSize = 64 << 20
  /// The most bytes one reading takes from the other machines' files: a folder stuffed with
  /// big files is read a part at each start (or refresh), never all of it in one.
  var readingBudget = 64 << 20

  let path: String
  let machine: String
  /// Whether this machine may write its files now (no other machine uses its name).
  let mayWrite: () -> Bool
  /// Whether the last reading left files for the next one, its budget spent.
  private(set) var unfinished = false
  /// Files skipped since the last indexing, one sentence each.
  private(set) var skipped: [String] = []

  init(path: String, machine: String, mayWrite: @escaping () -> Bool) {
    self.path = path
    self.machine = machine
    self.mayWrite = mayWrite
  }

  /// What a file's name says: whose it is, and whether it is an old single file.
  ///
  /// Read byte by byte: every name in the folder is parsed at each start, and a machine's
  /// name is ASCII.
  static func parse(_ name: String) -> (machine: String, legacy: Bool)? {
    let bytes = Array(name.utf8)
    /// Where `suffix` starts when the bytes before `end` end with it.
    func start(of suffix: StaticString, endingAt end: Int) -> Int? {
      let start = end - suffix.utf8CodeUnitCount
      guard start >= 0, suffix.withUTF8Buffer({ bytes[start..<end].elementsEqual($0) }) else { return nil }
      return start
    }
    func machine(before end: Int, legacy: Bool) -> (machine: String, legacy: Bool)? {
      let machine = String(decoding: bytes[..<end], as: UTF8.self)
      return SyncMachine.problem(withName: machine) == nil ? (machine, legacy) : nil
    }
    if let end = start(of: ".history.jsonl", endingAt: bytes.count) { return machine(before: end, legacy: true) }
    if let end = start(of: ".history.jsonl.1", endingAt: bytes.count) { return machine(before: end, legacy: true) }
    // NAME.history.YYYY-MM.jsonl
    guard let monthEnd = start(of: ".jsonl", endingAt: bytes.count), monthEnd >= 7 else { return nil }
    let isMonth = bytes[(monthEnd - 7)..<monthEnd].enumerated().allSatisfy { offset, byte in
      offset == 4 ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    guard isMonth, let end = start(of: ".history.", endingAt: monthEnd - 7) else { return nil }
    return machine(before: end, legacy: false)
  }

  /// Whether `name` is another machine's history file, one that ``index(into:)`` reads.
  func isOtherMachinesFile(_ name: String) -> Bool {
    Self.parse(name).map { $0.machine != machine } ?? false
  }

  /// The end of every machine's file name for the month of `milliseconds` (UTC):
  /// `.history.2026-11.jsonl`.
  static func monthSuffix(forMilliseconds milliseconds: Int64) -> String {
    let day = Int64((Double(milliseconds) / 86_400_000).rounded(.down))
    let date = UTCTime.civilDate(ofDay: day)
    let year = min(max(date.year, 0), 9999)
    let yearText = String(repeating: "0", count: 4 - String(year).count) + String(year)
    return ".history." + yearText + "-" + (date.month < 10 ? "0" : "") + String(date.month) + ".jsonl"
  }

  // MARK: Reading the other machines'

  /// A file of the folder as the database last indexed it.
  private struct Indexed {
    var device: Int64
    var inode: Int64
    /// The bytes read, whole lines only.
    var indexed: Int64
    var modified: Int64
    var damaged: Int64
  }

  /// A file to read now, from `from` (where the last reading ended, when it is the same file
  /// and grew; else its start).
  private struct Reading {
    var name: String
    var machine: String
    var identity: FileIdentity
    var from: Int64
    var damaged: Int64
  }

  /// Reads what the other machines' files hold that the database does not have yet;
  /// returns whether anything changed.
  @discardableResult
  func index(into history: SQLiteHistory) -> Bool {
    skipped = []
    // The folder's names come in the directory's order: the notices are told in one.
    defer { skipped.sort() }
    guard let folder = try? UntrustedFolder(path: path) else { return false }
    let files = folder.names().compactMap { name in
      Self.parse(name).flatMap { $0.machine != machine ? (name: name, machine: $0.machine, legacy: $0.legacy) : nil }
    }
    let monthly = Set(files.filter { !$0.legacy }.map { $0.machine })
    let wanted = files.filter { !$0.legacy || !monthly.contains($0.machine) }
    let connection = history.connection
    do throws(SQLiteError) {
      var known: [String: Indexed] = [:]
      let statement = try connection.statement("SELECT name, device, inode, indexed, modified, damaged FROM folder_file")
      while try statement.step() {
        known[statement.text(0)] = Indexed(
          device: statement.integer(1), inode: statement.integer(2), indexed: statement.integer(3),
          modified: statement.integer(4), damaged: statement.integer(5))
      }
      let work = wanted.compactMap { reading(of: $0.name, by: $0.machine, in: folder, known: known[$0.name]) }
      let wantedNames = Set(wanted.map { $0.name })
      let gone = known.keys.filter { !wantedNames.contains($0) }
      guard !work.isEmpty || !gone.isEmpty else { return false }
      try connection.transaction { () throws(SQLiteError) in
        let copied = try connection.integer("SELECT value FROM setting WHERE key = 'copied'")
        let latest = try connection.integer("SELECT max(seq) FROM change")
        let caughtUp = copied != nil && copied == latest
        for name in gone {
          try connection.run("DELETE FROM change WHERE file = ?", [.text(name)])
          try connection.run("DELETE FROM folder_file WHERE name = ?", [.text(name)])
        }
        var budget = readingBudget
        unfinished = false
        for file in work {
          // The rest waits for the next reading (the offsets read so far are kept).
          guard budget > 0 else {
            unfinished = true
            break
          }
          budget -= Int(file.identity.byteCount - file.from)
          try read(file, from: folder, into: history)
        }
        // This machine's rows were all copied up to the last row: the other machines' rows
        // added now need no looking at by the next copy.
        if caughtUp, let latest = try connection.integer("SELECT max(seq) FROM change") {
          try connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('copied', ?)", [.integer(latest)])
        }
      }
      return true
    } catch {
      skipped.append("the other machines' history could not be read: \(HistoryError(error, path: history.path))")
      return false
    }
  }

  /// What to read of the file `name` of `machine`, given how it was `known`: `nil` when it is
  /// as it was when last read, or it is skipped (with a notice).
  private func reading(of name: String, by machine: String, in folder: UntrustedFolder, known: Indexed?) -> Reading? {
    let identity: FileIdentity
    do throws(SystemError) {
      guard let found = try folder.identity(ofFile: name) else { return nil }
      identity = found
    } catch {
      skipped.append("the history file \(TerminalText.escaped(name)) in the sync folder was skipped: \(error)")
      return nil
    }
    let numbers = identity.numbers
    let previous = known.flatMap { $0.device == numbers[0] && $0.inode == numbers[1] ? $0 : nil }
    if let previous, identity.byteCount == previous.indexed, previous.modified == numbers[3] { return nil }
    guard identity.byteCount <= Self.maximumFileSize else {
      skipped.append("the history file \(TerminalText.escaped(name)) in the sync folder was skipped: larger than 64 MiB")
      return nil
    }
    // From where the last reading ended when it is the same file and grew; else anew.
    let resumed = previous.flatMap { identity.byteCount > $0.indexed ? $0 : nil }
    return Reading(
      name: name, machine: machine, identity: identity, from: resumed?.indexed ?? 0, damaged: resumed?.damaged ?? 0)
  }

  /// Reads `file`'s whole new lines into `history`, inside the caller's transaction, and
  /// records how far it was read; a damaged line is counted and skipped.
  private func read(_ file: Reading, from folder: UntrustedFolder, into history: SQLiteHistory) throws(SQLiteError) {
    var file = file
    let connection = history.connection
    // Resumed, the read starts up to 4 KiB early: the line that ended where the last reading
    // ended, checked before going on (a file written again in place that grew is read anew).
    let window = min(file.from, Self.resumeCheck)
    guard var read = try? folder.readFile(named: file.name, from: Int(file.from - window), atMost: Self.maximumFileSize)
    else { return }
    var bytes = read.bytes[...]
    if window > 0 {
      if try endsAsIndexed(bytes.prefix(Int(window)), resumingAtStart: window == file.from, file: file.name, history: history) {
        bytes = bytes.dropFirst(Int(window))
      } else {
        (file.from, file.damaged) = (0, 0)
        guard let whole = try? folder.readFile(named: file.name, from: 0, atMost: Self.maximumFileSize) else { return }
        read = whole
        bytes = read.bytes[...]
      }
    }
    if file.from == 0 { try connection.run("DELETE FROM change WHERE file = ?", [.text(file.name)]) }
    // Whole lines only: a line still being written is read once it ends.
    let end = bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.startIndex
    var damaged: Int64 = 0
    for line in bytes[..<end].split(separator: UInt8(ascii: "\n")) {
      guard var entry = HistoryEntry(jsonLine: line) else {
        damaged += 1
        continue
      }
      entry.machine = file.machine
      try history.insert(entry, file: file.name)
    }
    let numbers = read.identity.numbers
    try connection.run(
      "INSERT OR REPLACE INTO folder_file (name, machine, device, inode, indexed, modified, damaged) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        .text(file.name), .text(file.machine), .integer(numbers[0]), .integer(numbers[1]),
        .integer(file.from + Int64(end - bytes.startIndex)), .integer(numbers[3]), .integer(file.damaged + damaged),
      ])
  }

  /// How far before where the last reading ended a resumed reading starts, to check that
  /// the file still ends its last line there.
  private static let resumeCheck: Int64 = 4096

  /// Whether the file still ends a line it was read up to where its last reading ended.
  ///
  /// `before` is its bytes up to there; the line they end with must be one the database
  /// holds from `file`, else the file was written again, not appended to.
  /// `resumingAtStart` says that `before` begins at the file's start (so at a line's).
  private func endsAsIndexed(
    _ before: ArraySlice<UInt8>, resumingAtStart: Bool, file: String, history: SQLiteHistory
  ) throws(SQLiteError) -> Bool {
    guard before.last == UInt8(ascii: "\n") else { return false }
    let body = before.dropLast()
    guard let start = body.lastIndex(of: UInt8(ascii: "\n")).map({ $0 + 1 }) ?? (resumingAtStart ? body.startIndex : nil)
    else { return false }
    // A damaged line was counted, not kept: nothing to compare it with.
    guard let entry = HistoryEntry(jsonLine: body[start...]) else { return true }
    return try history.connection.integer(
      "SELECT count(*) FROM change WHERE counter = ? AND time = ? AND file = ? AND event = ?",
      [.text(entry.counter), .integer(entry.milliseconds), .text(file), .text(entry.event.rawValue)]) ?? 0 > 0
  }

  // MARK: Writing this machine's

  /// Copies this machine's rows not yet in its files there: appended, or the month's file
  /// written anew when it is missing or not as this machine left it.
  ///
  /// `copied` in `setting` is the last row looked at (every row up to it that is this
  /// machine's is in its files), and `own_file` holds each file's size as last written.
  func copyOwnHistory(from history: SQLiteHistory) {
    guard mayWrite(), let folder = try? UntrustedFolder(path: path) else { return }
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
      // What was written, in one transaction that waits for no disk: lost to a crash, a file
      // no longer has the size recorded and is written anew, and rows are never copied twice
      // (each file's last row copied is kept with it).
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
  /// those to write anew, whole (missing, or not as this machine left them), with their
  /// last rows.
  private func append(
    _ months: [String: [(seq: Int64, line: String)]], to folder: UntrustedFolder, _ connection: SQLiteConnection
  )
    throws(SQLiteError) -> (written: [(name: String, size: Int64, copied: Int64)], anew: [String: Int64])
  {
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
        // Not fsynced: the database is what keeps the change; a file that fell short (a
        // crash, a power cut) no longer has the size recorded, and is written anew whole.
        let identity = try folder.append(Array(fresh.map(\.line).joined().utf8), toFile: name, durably: false)
        written.append((name, identity.byteCount, last))
      } catch {
        // A hard link is there, or the folder is away or full: written anew (or tried again later).
        anew[name] = last
      }
    }
    return (written, anew)
  }

  /// This machine's rows after row `copied` up to row `latest`, by the file of their month
  /// (only the files `inFiles` when given: one reading of the rows for all of them), each as
  /// its line.
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
      if names?.contains(name) ?? true { months[name, default: []].append((statement.integer(9), entry.jsonLine + "\n")) }
    }
    return months
  }

  // MARK: Taking back this machine's own

  /// Adds to the database this machine's changes from its files in the folder that it does
  /// not hold (after it was rebuilt, or when this machine takes over a name it had before);
  /// returns how many.
  func adoptOwnFiles(into history: SQLiteHistory) -> Int {
    guard let folder = try? UntrustedFolder(path: path) else { return 0 }
    let own = folder.names().filter { Self.parse($0)?.machine == machine }
    let monthly = own.filter { Self.parse($0)?.legacy == false }
    func key(_ entry: HistoryEntry) -> String {
      "\(entry.milliseconds)|\(entry.counter)|\(entry.event.rawValue)|\(entry.old ?? .min)|\(entry.new ?? .min)"
    }
    var have = Set(history.ownEntries().map(key))
    var added: [HistoryEntry] = []
    for name in monthly.isEmpty ? own : monthly {
      guard let bytes = try? folder.readFile(named: name, from: 0, atMost: Self.maximumFileSize)?.bytes else { continue }
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
