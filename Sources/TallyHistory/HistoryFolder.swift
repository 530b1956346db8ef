import TallyLocalization
import TallyModel
import TallyPlatform
import TallySync

/// The history's side of a sync folder: each machine writes its changes there as JSON lines
/// (``OwnHistoryFiles``) and reads the others' into its database, resuming where it stopped;
/// files are untrusted (``UntrustedFolder``); docs/history.md describes the rules.
final class HistoryFolder {
  static let maximumFileSize = 64 << 20
  /// The most bytes one reading takes from the other machines' files.
  var readingBudget = 64 << 20

  let path: String
  let machine: String
  let own: OwnHistoryFiles
  /// The sync folder's side of the counters: what a database made anew joins again.
  let sync: CounterSync?
  /// Whether the other machines' files are read before the first answer.
  let readingFirst: Bool
  private var unread = false
  /// Whether this machine may write its files now (no other machine uses its name).
  let mayWrite: () -> Bool
  private(set) var unfinished = false
  /// Files skipped since the last indexing, one sentence each.
  private(set) var skipped: [String] = []

  init(path: String, machine: String, sync: CounterSync?, readingFirst: Bool, mayWrite: @escaping () -> Bool) {
    self.path = path
    self.machine = machine
    own = OwnHistoryFiles(path: path, machine: machine)
    self.sync = sync
    self.readingFirst = readingFirst
    self.mayWrite = mayWrite
  }

  /// Joins `history` to the folder: with `adoptingOwnFiles` or a rebuilt database, takes this
  /// machine's changes in its files back first; then copies its own there.
  func join(_ history: SQLiteHistory, adoptingOwnFiles: Bool) {
    if adoptingOwnFiles || history.rebuiltFrom != nil {
      let count = own.adopt(into: history)
      if let rebuiltFrom = history.rebuiltFrom, count > 0 {
        history.notices.append(
          "\(count) more change\(count == 1 ? "" : "s") came back from the sync folder (\(rebuiltFrom) was damaged)")
      }
      history.rebuiltFrom = nil
    }
    unread = readingFirst
    copyOwnHistory(from: history)
    followMovedCounters(in: history)
  }

  func copyOwnHistory(from history: SQLiteHistory) {
    if mayWrite() { own.copy(from: history) }
  }

  func readIfUnread(into history: SQLiteHistory) {
    if unread { refresh(.unknown, into: history) }
  }

  @discardableResult
  func refresh(_ changes: FolderChanges, into history: SQLiteHistory) -> Bool {
    let moved = followMovedCounters(in: history)
    guard unfinished || changes.mayConcern(isOtherMachinesFile) else { return moved }
    unread = false
    return index(into: history) || moved
  }

  /// Moves this machine's changes to its counters' new ids and writes its files anew with
  /// them; returns whether any moved.
  @discardableResult
  private func followMovedCounters(in history: SQLiteHistory) -> Bool {
    guard let moves = sync?.takeMovedCounterIDs(), !moves.isEmpty else { return false }
    let connection = history.connection
    do throws(SQLiteError) {
      try connection.transaction { () throws(SQLiteError) in
        try history.moveOwnRows(moves)
        try OwnHistoryFiles.copyAllAgain(connection)
      }
    } catch {
      history.noteWriteFailure(error)
      return false
    }
    copyOwnHistory(from: history)
    return true
  }

  func notice(in history: SQLiteHistory) -> String? {
    var parts: [String] = []
    if let damaged = try? history.connection.integer("SELECT sum(damaged) FROM folder_file"), damaged > 0 {
      parts.append("\(damaged) damaged line\(damaged == 1 ? "" : "s") of other machines' history skipped")
    }
    parts += skipped
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  static func parse(_ name: String) -> (machine: String, legacy: Bool)? {
    let bytes = Array(name.utf8)
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

  func isOtherMachinesFile(_ name: String) -> Bool {
    Self.parse(name).map { $0.machine != machine } ?? false
  }

  // MARK: Reading the other machines'

  /// A file as the database last indexed it: device, inode, bytes read, time, damaged lines.
  private typealias Indexed = (device: Int64, inode: Int64, indexed: Int64, modified: Int64, damaged: Int64)

  /// A file to read now, from `from` (where the last reading ended, or its start).
  private typealias Reading = (name: String, machine: String, identity: FileIdentity, from: Int64, damaged: Int64)

  /// Reads what the other machines' files hold that the database does not; returns whether
  /// anything changed.
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
      let known = Dictionary(
        try connection.rows("SELECT name, device, inode, indexed, modified, damaged FROM folder_file") {
          ($0.text(0), ($0.integer(1), $0.integer(2), $0.integer(3), $0.integer(4), $0.integer(5)) as Indexed)
        }
      ) { first, _ in first }
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
      skipped.append(tr("the other machines' history could not be read: \(HistoryError(error, path: history.path))"))
      return false
    }
  }

  /// What to read of the file `name` of `machine`: `nil` when unchanged or skipped.
  private func reading(of name: String, by machine: String, in folder: UntrustedFolder, known: Indexed?) -> Reading? {
    let identity: FileIdentity
    do throws(SystemError) {
      guard let found = try folder.identity(ofFile: name) else { return nil }
      identity = found
    } catch {
      skipped.append(tr("the history file \(TerminalText.escaped(name)) in the sync folder was skipped: \(error)"))
      return nil
    }
    let numbers = identity.numbers
    let previous = known.flatMap { $0.device == numbers[0] && $0.inode == numbers[1] ? $0 : nil }
    if let previous, identity.byteCount == previous.indexed, previous.modified == numbers[3] { return nil }
    guard identity.byteCount <= Self.maximumFileSize else {
      skipped.append(tr("the history file \(TerminalText.escaped(name)) in the sync folder was skipped: larger than 64 MiB"))
      return nil
    }
    // From where the last reading ended when it is the same file and grew; else anew.
    let resumed = previous.flatMap { identity.byteCount > $0.indexed ? $0 : nil }
    return (name, machine, identity, resumed?.indexed ?? 0, resumed?.damaged ?? 0)
  }

  /// Reads `file`'s whole new lines into `history`, inside the caller's transaction.
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

  private static let resumeCheck: Int64 = 4096

  /// Whether the line that `before` (the file's bytes up to where its last reading ended)
  /// ends with is one the database holds from `file`; else the file was written again.
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

}
