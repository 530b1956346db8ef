import TallyScreens
import TallySettings

/// What woke the run loop while it waited on the terminal.
public enum TerminalWake: Equatable, Sendable {
  case input
  /// The terminal changed size, or was taken back after a stop: the next frame is drawn whole.
  case resized
  /// A signal asked the process to end (SIGINT, SIGTERM, SIGHUP, SIGQUIT), or the terminal went away.
  case terminated(signal: Int32)
  case descriptor(Int32)
  case timeout
}

/// The terminal as the run loop uses it: ncurses' `TerminalSession` in the app, an
/// in-memory terminal in tests.
///
/// Stop and continue signals are the driver's business: it suspends and resumes by itself
/// and reports `.resized`, so that the run loop redraws.
public protocol TerminalDriver: AnyObject {
  var width: Int { get }
  var height: Int { get }
  /// Whether the terminal shows Unicode (a UTF-8 locale); views draw ASCII otherwise.
  var isUnicode: Bool { get }
  /// Waits until a key, a signal or one of `descriptors` is ready, or `timeout` seconds pass
  /// (`nil`: no timeout).
  func wait(watching descriptors: [Int32], timeout: Double?) -> TerminalWake
  /// Every key waiting to be read, without blocking.
  func readKeys() -> [Key]
  func draw(_ canvas: Canvas)
  /// Draws in `theme`'s colours from now on, the next frame in full.
  func apply(theme: Theme)
  /// Rings the bell or flashes the screen, as `style` says.
  func alert(_ style: AlertStyle)
  /// Gives the terminal back and stops the process, as Ctrl-Z asks; returns once continued.
  func suspend()
  /// Restores the terminal as it was before; safe to call more than once.
  func stop()
}
