#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The history as JSON lines in `history.jsonl` in the data directory, rotated to
/// `history.jsonl.1` past a size limit.
///
/// Appends take an exclusive `flock` on the log, so processes appending at once never mix
/// their lines, and each batch is one `write` followed by `fsync`. A damaged line (a crash
/// mid-write, a hand edit) is skipped and counted when reading, never fatal.
public final class FileHistoryLog: HistoryLog {
  public static let fileName = "history.jsonl"

  public let path: String
  /// Past this size the log is rotated before the next append.
  public let maximumBytes: Int
  /// The last append's failure, if any.
  public private(set) var appendProblem: String?
  /// The last reading, and the files it was read from: read again only when they changed
  /// (another process appended or rotated), and extended by this log's own appends.
  private var cache: (main: FileIdentity?, rotated: FileIdentity?, reading: HistoryReading)?

  public init(directory: String, maximumBytes: Int = 1 << 20) {
    path = StoreLocation.join(directory, Self.fileName)
    self.maximumBytes = maximumBytes
  }

  public var rotatedPath: String { path + ".1" }

  public func append(_ entries: [HistoryEntry]) {
    guard !entries.isEmpty else { return }
    let bytes = Array(entries.map { $0.jsonLine + "\n" }.joined().utf8)
    let before = try? FileSystem.identity(atPath: path)
    do {
      try FileSystem.append(bytes, toPath: path, rotatingTo: rotatedPath, past: maximumBytes)
      appendProblem = nil
    } catch {
      appendProblem = "the history could not be saved: \(error)"
      cache = nil
      return
    }
    // The cached reading stays right when the file grew by exactly these bytes: nobody else
    // appended meanwhile and it was not rotated.
    let after = try? FileSystem.identity(atPath: path)
    if var cached = cache, cached.main == before, let after, after.isSameFile(as: before),
      after.size == (before?.size ?? 0) + Int64(bytes.count)
    {
      cached.reading.entries += entries
      cached.main = after
      cache = cached
    } else {
      cache = nil
    }
  }

  /// Moves the log (and its rotated part) aside as `history.jsonl.replaced-<UTC time>`
  /// (and `history.jsonl.1.replaced-<UTC time>`), so that the next append starts a new one;
  /// returns where they went.
  public func moveAside() throws(SystemError) -> [String] {
    let stamp = UTCTime.text(for: Date()).filter { $0 != "-" && $0 != ":" }.prefix(15)
    var moved: [String] = []
    for file in [rotatedPath, path] where FileSystem.fileExists(atPath: file) {
      var destination = file + ".replaced-" + stamp
      var attempt = 1
      while FileSystem.fileExists(atPath: destination) {
        attempt += 1
        destination = file + ".replaced-" + stamp + "-\(attempt)"
      }
      try FileSystem.rename(file, to: destination)
      moved.append(destination)
    }
    return moved
  }

  public func read() -> HistoryReading {
    let main = try? FileSystem.identity(atPath: path)
    let rotated = try? FileSystem.identity(atPath: rotatedPath)
    if let cache, cache.main == main, cache.rotated == rotated, main != nil { return cache.reading }
    let reading = readFiles()
    cache = reading.problem == nil ? (main, rotated, reading) : nil
    return reading
  }

  private func readFiles() -> HistoryReading {
    var reading = HistoryReading()
    for file in [rotatedPath, path] {
      let bytes: [UInt8]
      do {
        guard let contents = try FileSystem.readFile(atPath: file) else { continue }
        bytes = contents
      } catch {
        reading.problem = "cannot read \(file): \(error)"
        continue
      }
      for line in bytes.split(separator: UInt8(ascii: "\n")) {
        if let entry = HistoryEntry(jsonLine: line) {
          reading.entries.append(entry)
        } else {
          reading.damagedLines += 1
        }
      }
    }
    return reading
  }

  /// Gives the entries of the counters in `mapping` (old id to new id) their new ids, as when
  /// joining a sync folder changes them; the log is replaced durably, rotated part and all.
  public func renameCounters(_ mapping: [String: String]) {
    for file in [rotatedPath, path] {
      guard let bytes = try? FileSystem.readFile(atPath: file) else { continue }
      let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line -> String in
        guard var entry = HistoryEntry(jsonLine: line), let id = mapping[entry.counter] else {
          return String(decoding: line, as: UTF8.self)
        }
        entry.counter = id
        return entry.jsonLine
      }
      let directory = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
      guard let fd = try? FileSystem.openDirectory(atPath: directory.isEmpty ? "." : directory) else { continue }
      defer { FileSystem.close(fd) }
      try? FileSystem.replaceFileDurably(atPath: file, with: Array(lines.joined(separator: "\n").utf8), directoryDescriptor: fd)
    }
  }

  /// Puts `earlier`, this machine's log from before its data was lost (its copy in the sync
  /// folder), before the log's own entries, keeping only its valid lines; the log is
  /// replaced durably.
  public func prepend(earlier: [UInt8]) {
    let lines = earlier.split(separator: UInt8(ascii: "\n")).filter { HistoryEntry(jsonLine: $0) != nil }
    guard !lines.isEmpty else { return }
    var bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")]
    bytes += (try? FileSystem.readFile(atPath: path)) ?? []
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    guard let fd = try? FileSystem.openDirectory(atPath: directory.isEmpty ? "." : directory) else { return }
    defer { FileSystem.close(fd) }
    try? FileSystem.replaceFileDurably(atPath: path, with: bytes, directoryDescriptor: fd)
    cache = nil
  }
}
