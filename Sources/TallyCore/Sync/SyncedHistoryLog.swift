/// The history of every machine that syncs: this machine's own log, copied to the folder as
/// `<name>.history.jsonl`, and the other machines' copies there, each entry marked with the
/// machine it comes from.
///
/// Only this machine writes its copy: new lines are appended to it, and when the folder was
/// away (or the log was rotated) the copy is written anew from the log.
public final class SyncedHistoryLog: HistoryLog {
  /// The largest history file of another machine read; a bigger one is skipped.
  public static let maximumSize = 16 << 20

  public let local: FileHistoryLog
  private let folder: String
  private let machine: String
  private let sync: CounterSync
  /// The last reading, with the identities of the files it came from (this machine's log and
  /// rotated log, then each copy in the folder by name): the screen reads the history for
  /// every frame that shows a goal, and unchanged files are not read again.
  private var cache: (files: [String: FileIdentity?], reading: HistoryReading)?

  public init(local: FileHistoryLog, sync: CounterSync) {
    self.local = local
    folder = sync.folderPath
    machine = sync.machine.name
    self.sync = sync
  }

  public var appendProblem: String? { local.appendProblem }

  public func append(_ entries: [HistoryEntry]) {
    local.append(entries)
    copyToFolder()
  }

  /// Every machine's entries, oldest first; a copy that cannot be read is noted.
  ///
  /// The copies are read through ``UntrustedFolder``: no link is followed, nothing but a
  /// regular file in the folder is read.
  public func read() -> HistoryReading {
    let folder = try? UntrustedFolder(path: self.folder)
    let copies = (folder?.names() ?? []).compactMap { name in
      Self.machine(ofCopy: name).flatMap { $0 == machine ? nil : (name: name, machine: $0) }
    }
    var files = [local.path: try? FileSystem.identity(atPath: local.path)]
    files[local.rotatedPath] = try? FileSystem.identity(atPath: local.rotatedPath)
    for copy in copies { files[copy.name] = try? folder?.identity(ofFile: copy.name) }
    if let cache, cache.files == files { return cache.reading }

    var reading = local.read()
    var problems: [String] = reading.problem.map { [$0] } ?? []
    for (name, other) in copies {
      do throws(SystemError) {
        guard let bytes = try folder?.readFile(named: name, atMost: Self.maximumSize) else { continue }
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
          if var entry = HistoryEntry(jsonLine: line) {
            entry.machine = other
            reading.entries.append(entry)
          } else {
            reading.damagedLines += 1
          }
        }
      } catch {
        problems.append("the history of \(other) in the sync folder was skipped: \(error)")
      }
    }
    reading.problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
    reading.entries = reading.entries.enumerated()
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
    cache = reading.problem == nil ? (files, reading) : nil
    return reading
  }

  /// The machine whose copy `name` is (`desktop.history.jsonl`, `desktop.history.jsonl.1`).
  static func machine(ofCopy name: String) -> String? {
    for suffix in [".history.jsonl", ".history.jsonl.1"] where name.hasSuffix(suffix) {
      let machine = String(name.dropLast(suffix.count))
      return SyncMachine.problem(withName: machine) == nil ? machine : nil
    }
    return nil
  }

  /// Brings this machine's copies in the folder up to date with its log.
  ///
  /// The new lines are appended, or the whole file written anew when the copy is not a
  /// prefix of it by size. Nothing is written while another machine uses this machine's
  /// name: the copies there are that machine's.
  public func copyToFolder() {
    guard !sync.status.ownFileTaken, let folder = try? UntrustedFolder(path: folder) else { return }
    for (source, copy) in [(local.rotatedPath, ".history.jsonl.1"), (local.path, ".history.jsonl")] {
      let destination = machine + copy
      do throws(SystemError) {
        let have = try FileSystem.identity(atPath: source)?.byteCount ?? 0
        // A link, a FIFO or a hard link at the copy's name is not this machine's copy: it
        // is written anew (the rename replaces the entry, never what it points to).
        let copied = (try? folder.identity(ofFile: destination))?.byteCount ?? -1
        guard have != copied else { continue }
        if copied < have, copied > 0 {
          guard let tail = try FileSystem.readFile(atPath: source, from: Int(copied), atMost: FileSystem.maximumReadSize) else {
            continue
          }
          do {
            try folder.append(tail, toFile: destination)
            continue
          } catch {
            // Not a plain file of this machine's (a hard link): written anew below.
          }
        }
        guard let bytes = try FileSystem.readFile(atPath: source) else { continue }
        try folder.replaceFile(named: destination, with: bytes)
      } catch {
        // The folder is away: the copy catches up on the next append once it is back.
        continue
      }
    }
  }
}
