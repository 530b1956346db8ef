import Glibc
import TallyDefaults
import TallyTestSupport
import Testing

/// The file store shared by real processes: the worker half runs in child copies of this
/// test process (see `SelfTestProcess`), the checking half here.
struct FileStoreProcessTests {
  static let directoryVariable = "TALLY_HAMMER_DIRECTORY"
  static let countVariable = "TALLY_HAMMER_COUNT"

  @Test(.enabled(if: HammerEnvironment.directory == nil))
  func twoProcessesIncrementingAtOnceLoseNothing() throws {
    let directory = try TemporaryDirectory()
    let environment = [Self.directoryVariable: directory.path, Self.countVariable: "1000"]
    let children = try (0..<2).map { _ in try SelfTestProcess.spawn(filter: "StoreHammer", environment: environment) }

    let statuses = children.map(ChildProcess.wait(for:))

    #expect(statuses == [0, 0])
    #expect(try FileUserDefaults(directory: directory.path).integer(forKey: "count") == 2000)
  }

  @Test(.enabled(if: HammerEnvironment.directory == nil))
  func aProcessKilledWhileWritingLeavesTheOldOrTheNewValue() throws {
    let directory = try TemporaryDirectory()
    var lastSeen = 0
    for round in 0..<12 {
      let output = directory.appending("acknowledged-\(round)")
      let child = try SelfTestProcess.spawn(
        filter: "StoreHammer",
        environment: [Self.directoryVariable: directory.path, Self.countVariable: "100000"],
        standardOutput: output)
      MonotonicSleep.seconds(0.15 + Double(round % 4) * 0.04)
      kill(child, SIGKILL)
      #expect(ChildProcess.wait(for: child) == 128 + SIGKILL)

      // The file must parse (no notice), and hold the last acknowledged value or one more.
      let store = try FileUserDefaults(directory: directory.path)
      #expect(store.notices.isEmpty, "round \(round): \(store.notices)")
      let stored = store.integer(forKey: "count")
      let acknowledged = (try? ChildProcess.readFileText(output))?.split(separator: "\n").last.flatMap { Int($0) } ?? lastSeen
      #expect(
        stored == acknowledged || stored == acknowledged + 1, "round \(round): stored \(stored), acknowledged \(acknowledged)")
      #expect(stored >= lastSeen)
      lastSeen = stored
    }
    #expect(lastSeen > 0, "the workers made progress")
  }
}

/// The worker: increments the count in `$TALLY_HAMMER_DIRECTORY` `$TALLY_HAMMER_COUNT` times,
/// writing each acknowledged (saved) value to standard output as it goes.
@Suite(.enabled(if: HammerEnvironment.directory != nil))
struct StoreHammer {
  @Test func hammer() throws {
    let directory = try #require(HammerEnvironment.directory)
    let count = Int(SelfTestProcess.environment(FileStoreProcessTests.countVariable) ?? "") ?? 100
    let store = try FileUserDefaults(directory: directory, lockTimeout: { _ in 30 })
    let counter = TestApps.counter(defaults: store, eventRecorder: EventRecorderSpy())
    for _ in 0..<count {
      counter.press(.space)
      #expect(counter.counters.saveProblem == nil)
      let line = Array("\(counter.count)\n".utf8)
      _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
  }
}

/// Where the worker runs, when this process is one.
enum HammerEnvironment {
  static var directory: String? { SelfTestProcess.environment(FileStoreProcessTests.directoryVariable) }
}

/// A plain sleep for pacing child processes (not for waiting on results).
enum MonotonicSleep {
  static func seconds(_ seconds: Double) {
    usleep(UInt32(seconds * 1_000_000))
  }
}
