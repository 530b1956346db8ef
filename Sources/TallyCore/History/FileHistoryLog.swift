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

  public init(directory: String, maximumBytes: Int = 1 << 20) {
    path = StoreLocation.join(directory, Self.fileName)
    self.maximumBytes = maximumBytes
  }

  public var rotatedPath: String { path + ".1" }

  public func append(_ entries: [HistoryEntry]) {
    guard !entries.isEmpty else { return }
    let bytes = Array(entries.map { $0.jsonLine + "\n" }.joined().utf8)
    do {
      try FileSystem.append(bytes, toPath: path, rotatingTo: rotatedPath, past: maximumBytes)
      appendProblem = nil
    } catch {
      appendProblem = "the history could not be saved: \(error)"
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
}
