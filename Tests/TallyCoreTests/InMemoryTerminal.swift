import Glibc
import TallyApp
import TallyScreens
import TallySettings

/// A terminal in memory for headless tests of the run loop: it plays a script of input and
/// keeps every frame drawn.
///
/// Each wait of the run loop takes the next input of the script; when the script is over,
/// the terminal goes away, as a closed window does (SIGHUP).
final class InMemoryTerminal: TerminalDriver {
  /// Something that happens at the terminal, or around it, in script order.
  enum Input {
    /// Keys that arrive together, read in one wake-up.
    case keys([Key])
    /// The window takes a new size.
    case resize(width: Int, height: Int)
    /// A signal: SIGTSTP suspends, SIGCONT and SIGWINCH redraw, the others end the run.
    case signal(Int32)
    /// Nothing happens before the run loop's timeout.
    case timeout
    /// Waits up to a second for a watched descriptor (the store's change notification) and
    /// reports it; if none becomes readable, reports input with no keys, so that nothing is
    /// re-read behind the test's back.
    case watchedDescriptor
    /// Something changes outside the app (another process saves, a fault is mended) before
    /// the next input; not a wake-up of its own.
    case meanwhile(() -> Void)
  }

  /// What the terminal was asked to do, in order.
  enum Event: Equatable {
    case frame(Canvas)
    case alert(AlertStyle)
    case theme(Theme)
    case suspended
    case stopped
  }

  private(set) var width: Int
  private(set) var height: Int
  var isUnicode = true
  private(set) var events: [Event] = []
  /// The timeout of each wait, in order.
  private(set) var timeouts: [Double?] = []
  private var script: [Input]
  private var pendingKeys: [Key] = []

  /// A terminal of `width` by `height` that will play `script`.
  init(width: Int = 80, height: Int = 24, script: [Input]) {
    self.width = width
    self.height = height
    self.script = script
  }

  /// The frames drawn, oldest first.
  var frames: [Canvas] {
    events.compactMap { if case .frame(let canvas) = $0 { canvas } else { nil } }
  }

  func wait(watching descriptors: [Int32], timeout: Double?) -> TerminalWake {
    timeouts.append(timeout)
    while !script.isEmpty {
      switch script.removeFirst() {
      case .meanwhile(let change): change()
      case .keys(let keys):
        pendingKeys += keys
        return .input
      case .resize(let newWidth, let newHeight):
        (width, height) = (newWidth, newHeight)
        return .resized
      case .signal(let signal):
        if signal == SIGTSTP { suspend() }
        return [SIGTSTP, SIGCONT, SIGWINCH].contains(signal) ? .resized : .terminated(signal: signal)
      case .timeout: return .timeout
      case .watchedDescriptor:
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), 1000) > 0, let ready = fds.first(where: { $0.revents != 0 }) else {
          return .input
        }
        return .descriptor(ready.fd)
      }
    }
    return .terminated(signal: SIGHUP)
  }

  func readKeys() -> [Key] {
    defer { pendingKeys = [] }
    return pendingKeys
  }

  func draw(_ canvas: Canvas) { events.append(.frame(canvas)) }
  func apply(theme: Theme) { events.append(.theme(theme)) }
  func alert(_ style: AlertStyle) { events.append(.alert(style)) }
  func suspend() { events.append(.suspended) }
  func stop() { events.append(.stopped) }
}
