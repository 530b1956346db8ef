import CNcurses
import Glibc
import TallyApp
import TallyScreens
import TallySettings

/// The ncurses session, the only type in Tally that calls ncurses: it starts and restores the
/// terminal (in `deinit` too), waits for input and signals, decodes keys and draws canvases.
public final class TerminalSession: TerminalDriver {
  public private(set) var width: Int
  public private(set) var height: Int

  private let screen: OpaquePointer
  private let signals: SignalWatcher
  private var palette: Palette
  private let allowsColor: Bool
  public let isUnicode: Bool
  private var isStopped = false
  /// The last frame drawn, to send only what changed; `nil` forces a full redraw.
  private var drawn: Canvas?

  /// Starts ncurses on standard input and output, as `TERM` says, in `theme`'s colours
  /// unless `NO_COLOR` is set.
  public init(environment: [String: String], theme: Theme = .standard) throws(TerminalError) {
    let type = try Self.terminalType(environment: environment)
    if tally_set_locale_from_environment() == nil, Self.asksForUTF8(environment) {
      // A UTF-8 locale this machine has not generated (`LANG=de_DE.UTF-8` on a container with
      // only `C.UTF-8`): the C library refuses it, but its characters are UTF-8 all the same.
      _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
    isUnicode = tally_locale_is_utf8() != 0
    do {
      signals = try SignalWatcher()
    } catch {
      throw .systemCall(error.description)
    }
    guard let screen = tally_newterm(nil) else {
      signals.stop()
      throw .unknownTerminalType(type)
    }
    guard tally_can_address_cursor() != 0 else {
      endwin()
      delscreen(screen)
      signals.stop()
      throw .cannotAddressCursor(type)
    }
    self.screen = screen
    set_term(screen)
    raw()
    noecho()
    keypad(tally_stdscr(), true)
    nodelay(tally_stdscr(), true)
    set_escdelay(25)
    curs_set(0)
    // Until its first `endwin`, ncurses 6.4 writes to the terminal at every cursor move of a
    // frame (a `write` a changed line); after one, once a frame. So the session is left and
    // taken back at once, as after Ctrl-Z, before the colours start: taken back with colours,
    // the terminal's palette would be reset (docs/ncurses.md).
    endwin()
    doupdate()
    // Button 1 and the wheel, reported at once: no waiting to tell a click from a press.
    mousemask(Self.mouseEvents, nil)
    mouseinterval(0)
    allowsColor = Palette.allowsColor(environment: environment)
    palette = Palette(theme: theme, useColor: allowsColor)
    (width, height) = (Int(tally_cols()), Int(tally_lines()))
  }

  /// Throws unless a session could start here (both standard streams terminals, `TERM` a type
  /// that can move the cursor), writing nothing, so that the app can check before it opens
  /// its store.
  public static func checkTerminal(environment: [String: String]) throws(TerminalError) {
    let type = try terminalType(environment: environment)
    switch tally_check_terminal_type(type, STDOUT_FILENO) {
    case 0: return
    case 2: throw .cannotAddressCursor(type)
    default: throw .unknownTerminalType(type)
    }
  }

  /// Whether the locale the environment names (`LC_ALL`, `LC_CTYPE`, `LANG`: the first set)
  /// has UTF-8 characters.
  public static func asksForUTF8(_ environment: [String: String]) -> Bool {
    let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    guard let codeset = name?.split(separator: ".").dropFirst().first?.split(separator: "@").first else { return false }
    return ["utf-8", "utf8"].contains(codeset.lowercased())
  }

  private static func terminalType(environment: [String: String]) throws(TerminalError) -> String {
    guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "input") }
    guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "output") }
    guard let type = environment["TERM"], !type.isEmpty else { throw .unknownTerminalType(nil) }
    return type
  }

  /// Restores the terminal, then ends the process as `signal` would have.
  public func terminateProcess(with signal: Int32) -> Never {
    restoreTerminal()
    SignalWatcher.terminateProcess(with: signal)
  }

  /// Gives the terminal back and stops the process, as Ctrl-Z or SIGTSTP asks; when it is
  /// continued, takes the terminal again and redraws everything on the next frame.
  public func suspend() {
    guard !isStopped else { return }
    leaveCursesMode()
    signals.stopProcess()
    resume()
  }

  private static var mouseEvents: mmask_t {
    tally_button1_pressed() | tally_button1_released() | tally_button4_pressed() | tally_button5_pressed()
  }

  private func resume() {
    reset_prog_mode()
    mousemask(Self.mouseEvents, nil)
    redrawWhole()
  }

  deinit {
    stop()
    delscreen(screen)
  }

  public func stop() {
    guard !isStopped else { return }
    restoreTerminal()
    signals.stop()
  }

  private func restoreTerminal() {
    guard !isStopped else { return }
    isStopped = true
    leaveCursesMode()
  }

  /// The tty modes, the main screen and the cursor as they were, and no mouse reports.
  private func leaveCursesMode() {
    mousemask(0, nil)
    curs_set(1)
    endwin()
  }

  /// Waits until a key, a signal or a watched descriptor is ready, or `timeout` seconds pass.
  public func wait(watching descriptors: [Int32] = [], timeout: Double? = nil) -> TerminalWake {
    var fds = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0),
    ]
    fds += descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let milliseconds = timeout.map { Int32(max(0, min($0 * 1000, Double(Int32.max)))) } ?? -1
    let ready = poll(&fds, nfds_t(fds.count), milliseconds)
    if ready <= 0 { return ready == 0 ? .timeout : .input }
    // The terminal went away (its window closed, the connection dropped): as SIGHUP would.
    if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .terminated(signal: SIGHUP) }
    if fds[1].revents != 0 {
      var resized = false
      for signal in signals.drain() {
        switch signal {
        case SIGWINCH: break
        case SIGTSTP: suspend()
        case SIGCONT:
          // Continued after a stop that was not ours (SIGSTOP): the screen may be stale.
          resume()
        default: return .terminated(signal: signal)
        }
        resized = true
      }
      if resized {
        redrawWhole()
        return .resized
      }
    }
    for entry in fds.dropFirst(2) where entry.revents != 0 { return .descriptor(entry.fd) }
    return .input
  }

  /// Every key waiting to be read, without blocking; a resize updates ``width`` and ``height``.
  public func readKeys() -> [Key] {
    var keys: [Key] = []
    var character: wint_t = 0
    while true {
      let status = wget_wch(tally_stdscr(), &character)
      if status == tally_err() { return keys }
      if status == tally_key_code_yes() {
        switch KeyDecoder.decode(keyCode: Int32(character)) {
        case .key(let key): keys.append(key)
        case .resize:
          // ncurses has already resized its screens (resizeterm queues this key).
          (width, height) = (Int(tally_cols()), Int(tally_lines()))
        case .mouse:
          keys += readMouseEvents()
        case nil: break
        }
      } else if let key = KeyDecoder.decode(character: UInt32(character)) {
        keys.append(key)
      }
    }
  }

  /// The mouse reports ncurses has queued: reports that arrive together (a click's press and
  /// release) come from one `KEY_MOUSE`, newest first, so all are read and put in order.
  private func readMouseEvents() -> [Key] {
    var events: [Key] = []
    var event = MEVENT()
    for _ in 0..<64 {
      guard getmouse(&event) == tally_ok() else { break }
      if let key = KeyDecoder.decode(mouseState: event.bstate, column: Int(event.x), row: Int(event.y)) {
        events.append(key)
      }
    }
    return events.reversed()
  }

  /// Draws in `theme`'s colours from the next frame on, every cell again.
  public func apply(theme: Theme) {
    palette = Palette(theme: theme, useColor: allowsColor)
    drawn = nil
  }

  public func alert(_ style: AlertStyle) {
    switch style {
    case .bell: beep()
    case .flash: flash()
    case .none: break
    }
  }

  /// Copies `canvas` to the screen, handing ncurses only the cells that differ from the last frame.
  public func draw(_ canvas: Canvas) {
    let window = tally_stdscr()
    let previous: Canvas
    if let drawn, drawn.width == canvas.width, drawn.height == canvas.height {
      previous = drawn
    } else {
      // After `werase` every cell is a plain blank, as in a new canvas: comparing with one
      // leaves the blank rows out of the first frame (most of a counter screen).
      werase(window)
      previous = Canvas(width: canvas.width, height: canvas.height)
    }
    let columns = min(canvas.width, width)
    var run: [wchar_t] = []
    run.reserveCapacity(columns * 2)
    for row in 0..<min(canvas.height, height) {
      guard let changed = canvas.changedColumns(inRow: row, comparedWith: previous) else { continue }
      var first = changed.lowerBound
      var last = min(changed.upperBound, columns - 1)
      if first >= columns { continue }
      // Whole characters only: never start or end in the middle of a wide one.
      func isInside(_ column: Int) -> Bool {
        canvas.isContinuation(column: column, row: row) || previous.isContinuation(column: column, row: row)
      }
      while first > 0, isInside(first) { first -= 1 }
      while last + 1 < columns, isInside(last + 1) { last += 1 }
      put(canvas, row: row, columns: first...last, run: &run)
    }
    wattr_set(window, tally_attr_normal(), 0, nil)
    if let cursor = canvas.cursor, cursor.column < width, cursor.row < height {
      wmove(window, Int32(cursor.row), Int32(cursor.column))
      curs_set(1)
    } else {
      curs_set(0)
    }
    wrefresh(window)
    // Lets the kernel worker that writes the frame to the terminal run before the work that
    // follows a frame holds this core.
    sched_yield()
    drawn = canvas
  }

  /// Puts `columns` of `row` in runs of one style each; `run` is the reused buffer.
  private func put(_ canvas: Canvas, row: Int, columns: ClosedRange<Int>, run: inout [wchar_t]) {
    let window = tally_stdscr()
    var column = columns.lowerBound
    while column <= columns.upperBound {
      let style = displayStyle(canvas, column, row)
      run.removeAll(keepingCapacity: true)
      var end = column
      while end <= columns.upperBound, displayStyle(canvas, end, row) == style {
        if isUnicode, let scalar = canvas.scalarValue(column: end, row: row) {
          run.append(wchar_t(bitPattern: scalar))
        } else if !canvas.isContinuation(column: end, row: row) {
          appendCharacters(of: canvas.character(column: end, row: row), to: &run)
        }
        end += 1
      }
      wattr_set(window, palette.attributes(for: style), palette.pair(for: style), nil)
      mvwaddnwstr(window, Int32(row), Int32(column), run, Int32(run.count))
      column = end
    }
  }

  /// Without UTF-8 the block glyph is drawn as a reversed space.
  private func displayStyle(_ canvas: Canvas, _ column: Int, _ row: Int) -> Style {
    let style = canvas.style(column: column, row: row)
    guard !isUnicode, canvas.character(column: column, row: row) == "█" else { return style }
    var reversed = style
    reversed.reverse.toggle()
    return reversed
  }

  private func appendCharacters(of character: Character, to run: inout [wchar_t]) {
    if isUnicode || character.isASCII {
      // As wide as `terminalWidth` says, for ncurses and the terminal alike.
      for scalar in character.unicodeScalars where !scalar.isLeftOutWhenDrawn {
        run.append(wchar_t(bitPattern: scalar.value))
      }
      return
    }
    // A wide character keeps its two columns, so what follows stays where clicks expect it.
    let fallback = wchar_t(Self.asciiFallbacks[character] ?? 0x3F)
    for _ in 0..<max(1, character.terminalWidth) { run.append(fallback) }
  }

  /// What a non-UTF-8 terminal shows for the few non-ASCII characters Tally draws itself.
  private static let asciiFallbacks: [Character: UInt8] = [
    "█": 0x20, "─": 0x2D, "│": 0x7C, "┌": 0x2B, "┐": 0x2B, "└": 0x2B, "┘": 0x2B,
    "‹": 0x3C, "›": 0x3E, "…": 0x7E, "→": 0x3E, "░": 0x2E, "▒": 0x23, "✓": 0x2A, "·": 0x2E, "–": 0x2D, "▲": 0x5E,
  ]

  /// Takes the terminal's size now, and draws every cell again on the next frame: it may have
  /// been smaller in between and back at the size ncurses knows, which then sees nothing to redo.
  private func redrawWhole() {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
      resizeterm(Int32(size.ws_row), Int32(size.ws_col))
    }
    (width, height) = (Int(tally_cols()), Int(tally_lines()))
    clearok(tally_curscr(), true)
    drawn = nil
  }
}
