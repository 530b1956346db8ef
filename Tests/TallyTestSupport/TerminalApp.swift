import Glibc
import TallyPlatform
import TallyScreens

/// Drives the real `tally` binary inside tmux, as `XCUIApplication` drives an iOS app.
///
/// Each instance has its own tmux server, socket, store and home in its own temporary directory:
///
/// ```swift
/// let app = try TerminalApp()
/// app.launchArguments = ["-useInMemoryUserDefaults", "-skipOnboarding"]
/// try app.launch()
/// try app.press(.space)
/// try await app.waitFor(text: "Count: 1")
/// ```
///
/// The app sees `HOME` and `XDG_DATA_HOME` in that directory, a UTF-8 locale and `TERM` as
/// tmux sets it, unless `launchEnvironment` says otherwise. A failed wait shows the screen.
public final class TerminalApp {
  public var launchArguments: [String] = []
  public var launchEnvironment: [String: String] = [:]
  public var columns = 80
  public var rows = 24
  /// `TERM` inside the terminal (tmux's `default-terminal`), such as `xterm-256color`;
  /// tmux's own default (`tmux-256color` or `screen`) when `nil`.
  public var terminalType: String?
  public let executable: String
  public let directory: TemporaryDirectory
  public var homeDirectory: String { directory.appending("home") }
  public var dataHome: String { directory.appending("data") }
  public var storeDirectory: String { dataHome + "/tally" }

  private var socket: String { directory.appending("tmux.sock") }
  private var statusFile: String { directory.appending("status") }
  private var processIDFile: String { directory.appending("pid") }
  private var launched = false
  private let tmux: String

  public init(executable: String? = nil) throws {
    self.executable = try executable ?? Executables.tally()
    guard let tmux = Executables.find("tmux") else {
      throw TestSupportError("tmux is not installed; the UI tests need it (apt-get install tmux)")
    }
    self.tmux = tmux
    directory = try TemporaryDirectory(prefix: "tally-ui")
    mkdir(homeDirectory, 0o700)
  }

  deinit {
    if launched { _ = try? ChildProcess.run(tmux, ["-S", socket, "kill-server"]) }
  }

  // MARK: Launching

  public func launch() throws {
    precondition(!launched, "launch() is called once per TerminalApp")
    let configuration = directory.appending("tmux.conf")
    try TemporaryDirectory.write(
      """
      set -g status off
      set -g remain-on-exit on
      set -s escape-time 0
      set -g history-limit 0
      """ + (terminalType.map { "\nset -g default-terminal \(Self.quote($0))" } ?? "") + "\n", to: configuration)

    var environment = [
      "HOME": homeDirectory, "XDG_DATA_HOME": dataHome, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
      "PATH": "/usr/bin:/bin",
    ]
    environment.merge(launchEnvironment) { $1 }
    let assignments = environment.sorted { $0.key < $1.key }.map { Self.quote("\($0.key)=\($0.value)") }
    let command = ([Self.quote(executable)] + launchArguments.map(Self.quote)).joined(separator: " ")
    // The wrapper records the tty modes before and after and the exit status, then stays,
    // as tmux resets a dead pane's modes. The shell that writes the process id becomes the
    // app (`exec`), so a signal meant for the app never reaches the `stty` after it.
    let script = """
      stty -g > \(Self.quote(directory.appending("stty-before")))
      /bin/sh -c 'echo "$$" > "$0" && exec "$@"' \(Self.quote(processIDFile)) env -i TERM="$TERM" \(assignments.joined(separator: " ")) \(command)
      status=$?
      stty -g > \(Self.quote(directory.appending("stty-after")))
      echo "$status" > \(Self.quote(statusFile))
      exec sleep infinity
      """
    let scriptPath = directory.appending("run.sh")
    try TemporaryDirectory.write(script + "\n", to: scriptPath)

    try runTmux([
      "-f", configuration, "new-session", "-d", "-s", "app", "-x", String(columns), "-y", String(rows),
      "/bin/sh " + Self.quote(scriptPath),
    ])
    launched = true
  }

  // MARK: Input

  public func press(_ key: Key, times: Int = 1) throws {
    for _ in 0..<times {
      try runTmux(["send-keys", "-t", "app"] + key.sendKeysArguments)
    }
  }

  /// Types `text` literally as one paste; raw bytes too, such as a mouse report.
  public func type(_ text: String) throws {
    try runTmux(["send-keys", "-t", "app", "-l", "--", text])
  }

  /// Changes the terminal's size; the app receives SIGWINCH.
  public func resize(columns: Int, rows: Int) throws {
    try runTmux(["resize-window", "-t", "app", "-x", String(columns), "-y", String(rows)])
  }

  // MARK: Reading the screen

  /// Trailing spaces removed.
  public var screen: [String] {
    get throws {
      let result = try runTmux(["capture-pane", "-p", "-t", "app"])
      var lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(\.withoutTrailingSpaces)
      if lines.last == "" { lines.removeLast() }
      return lines
    }
  }

  /// The screen with its attributes and colours as SGR escape sequences (`capture-pane -e`).
  public var styledScreen: String {
    get throws { try runTmux(["capture-pane", "-p", "-e", "-t", "app"]).standardOutput }
  }

  public var screenText: String {
    ((try? screen) ?? ["(no screen)"]).joined(separator: "\n")
  }

  @discardableResult
  public func waitFor(text: String, timeout: Double = 5) async throws -> [String] {
    try await waitUntil("the text \"\(text)\"", timeout: timeout) { $0.contains { $0.contains(text) } }
  }

  @discardableResult
  public func waitFor(regex pattern: String, timeout: Double = 5) async throws -> [String] {
    let regex = try Regex(pattern)
    return try await waitUntil("a line matching /\(pattern)/", timeout: timeout) { lines in
      lines.contains { $0.contains(regex) }
    }
  }

  @discardableResult
  public func waitForAbsence(of text: String, timeout: Double = 5) async throws -> [String] {
    try await waitUntil("the text \"\(text)\" to go", timeout: timeout) { !$0.contains { $0.contains(text) } }
  }

  /// Polls the screen until `condition` holds on a settled screen (the same in two captures:
  /// a frame is written in pieces), or returns the last capture that held it at the deadline,
  /// or throws an error that shows the screen.
  @discardableResult
  public func waitUntil(
    _ description: String, timeout: Double = 5, _ condition: ([String]) -> Bool
  ) async throws -> [String] {
    let deadline = MonotonicClock.now() + timeout
    var candidate: [String]?
    while true {
      let lines = try screen
      if condition(lines) {
        if lines == candidate { return lines }
        candidate = lines
      } else {
        candidate = nil
      }
      if MonotonicClock.now() > deadline {
        if let candidate { return candidate }
        throw TestSupportError(
          "timed out after \(timeout) s waiting for \(description); the screen was:\n"
            + Self.frame(lines, columns: columns))
      }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
  }

  // MARK: Ending

  /// 128 + n if signal n ended it.
  @discardableResult
  public func waitForExit(timeout: Double = 5) async throws -> Int32 {
    let deadline = MonotonicClock.now() + timeout
    while true {
      if let exitStatus { return exitStatus }
      if MonotonicClock.now() > deadline {
        throw TestSupportError(
          "the app did not exit within \(timeout) s; the screen was:\n" + Self.frame((try? screen) ?? [], columns: columns))
      }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
  }

  public var exitStatus: Int32? {
    (try? ChildProcess.readFileText(statusFile)).flatMap { Int32($0.trimmingWhitespace()) }
  }

  public var processID: pid_t? {
    guard exitStatus == nil, let text = try? ChildProcess.readFileText(processIDFile) else { return nil }
    return pid_t(text.trimmingWhitespace())
  }

  public func send(signal: Int32) throws {
    guard let pid = processID else { throw TestSupportError("the app is not running") }
    kill(pid, signal)
  }

  /// Whether the terminal is as the app found it: the same tty modes (`stty -g`), the main
  /// screen (not the alternate one), a visible cursor and no mouse reporting.
  public var terminalIsRestored: Bool {
    get throws {
      let before = try ChildProcess.readFileText(directory.appending("stty-before"))
      let after = try ChildProcess.readFileText(directory.appending("stty-after"))
      let flags = try runTmux(["display-message", "-p", "-t", "app", "#{alternate_on} #{cursor_flag} #{mouse_any_flag}"])
        .standardOutput.trimmingWhitespace()
      return before == after && flags == "0 1 0"
    }
  }

  public var bellRang: Bool {
    get throws {
      try runTmux(["display-message", "-p", "-t", "app", "#{window_bell_flag}"]).standardOutput.trimmingWhitespace() == "1"
    }
  }

  public var mouseIsOn: Bool {
    get throws {
      try runTmux(["display-message", "-p", "-t", "app", "#{mouse_any_flag}"]).standardOutput.trimmingWhitespace() == "1"
    }
  }

  // MARK: Helpers

  @discardableResult
  func runTmux(_ arguments: [String]) throws -> ChildProcess.Result {
    let result = try ChildProcess.run(
      tmux, ["-S", socket] + arguments, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    guard result.status == 0 else {
      throw TestSupportError("tmux \(arguments.joined(separator: " ")) failed: \(result.standardError)")
    }
    return result
  }

  static func quote(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  /// `lines` in a box `columns` wide, for failure messages.
  static func frame(_ lines: [String], columns: Int) -> String {
    let border = "+" + String(repeating: "-", count: columns) + "+"
    let framed = lines.map { "|" + $0 + String(repeating: " ", count: max(0, columns - $0.terminalWidth)) + "|" }
    return ([border] + framed + [border]).joined(separator: "\n")
  }
}

extension StringProtocol {
  func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  /// The text without the spaces at its end.
  var withoutTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}
