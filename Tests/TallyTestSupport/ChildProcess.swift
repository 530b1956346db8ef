import Glibc

/// Runs a program to completion and collects what it printed in files, so that a chatty
/// child can never fill a pipe and deadlock the test.
public enum ChildProcess {
  public struct Result: Sendable, CustomStringConvertible {
    /// The exit status, or 128 + the signal number if a signal ended it.
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    public var description: String {
      "status \(status)\nstdout: \(standardOutput)\nstderr: \(standardError)"
    }
  }

  /// With `closedOutput`, standard output is a pipe nobody reads (its read end is closed), as
  /// `tally list | head -0` leaves it.
  public static func run(
    _ path: String, _ arguments: [String] = [], environment: [String: String] = [:],
    standardInput: String = "/dev/null", closedOutput: Bool = false
  ) throws -> Result {
    let ends = closedOutput ? try pipeEnds() : nil
    if let ends { close(ends.read) }
    defer { if let ends { close(ends.write) } }
    let directory = try TemporaryDirectory(prefix: "tally-child")
    let outPath = directory.appending("stdout")
    let errPath = directory.appending("stderr")
    let pid = try spawn(
      path, arguments, environment: environment, standardInput: standardInput, standardOutput: outPath,
      standardError: errPath, outputDescriptor: ends?.write)
    let status = wait(for: pid)
    return Result(
      status: status, standardOutput: (try? readFileText(outPath)) ?? "", standardError: (try? readFileText(errPath)) ?? "")
  }

  /// A pipe whose ends no child inherits but through `outputDescriptor` (tests run in
  /// parallel: a child holding a write end would keep the pipe open after its writer ended).
  static func pipeEnds() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw TestSupportError("pipe failed") }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }

  public static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String],
    standardInput: String = "/dev/null", standardOutput: String = "/dev/null",
    standardError: String = "/dev/null", outputDescriptor: Int32? = nil
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
    if let outputDescriptor {
      posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
    posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    // The spawning thread may be a concurrency-pool thread with every signal blocked, which
    // a child would inherit (a tmux server that never hears its SIGTERM): none blocked.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid = pid_t()
    let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw TestSupportError("cannot start \(path): \(String(cString: strerror(result)))")
    }
    return pid
  }

  public static func wait(for pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return -1 }
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  public static func readFileText(_ path: String) throws -> String {
    guard let bytes = TestFiles.read(path) else { throw TestSupportError("cannot read \(path)") }
    return String(decoding: bytes, as: UTF8.self)
  }

  public static func waitUntilReadable(_ descriptor: Int32, timeout: Double) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, Int32(timeout * 1000)) == 1
  }
}

/// Runs some of this test process's own tests in a child process with its own environment.
public enum SelfTestProcess {
  public static func arguments(filter: String) -> [String] {
    ["--testing-library", "swift-testing", "--filter", filter]
  }

  public static func run(filter: String, environment: [String: String]) throws -> ChildProcess.Result {
    try ChildProcess.run("/proc/self/exe", arguments(filter: filter), environment: baseEnvironment.merging(environment) { $1 })
  }

  public static func spawn(
    filter: String, environment: [String: String], standardOutput: String = "/dev/null"
  ) throws -> pid_t {
    try ChildProcess.spawn(
      "/proc/self/exe", arguments(filter: filter), environment: baseEnvironment.merging(environment) { $1 },
      standardOutput: standardOutput)
  }

  private static let baseEnvironment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]

  public static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
