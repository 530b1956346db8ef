import TallyLocalization
import TallyModel

/// The help screen, `?`, drawn over the screen whose keys it shows (the counter screen, the
/// board or the history) until any key or click closes it.
public final class HelpViewModel: Screen {
  /// The screen under the help.
  public let screen: ScreenName
  public private(set) var settings: ScreenSettings

  public init(over screen: ScreenName = .counter, settings: ScreenSettings) {
    self.screen = screen
    self.settings = settings
  }

  public var name: ScreenName { .help }
  public var isOverlay: Bool { true }

  public func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate {
    switch message {
    case .key(.mouse(let event)) where event.kind != .press: return []
    case .key: return [.close]
    case .settingsChanged(let settings): self.settings = settings
    default: break
    }
    return []
  }

  /// The entries of the screen under the help, full or short.
  public func entries(short: Bool) -> [Help.Entry] {
    switch screen {
    case .board:
      Help.entries(
        for: settings.boardKeyMap,
        more: [
          Help.Entry(keys: "1-9, a-z", action: trMarked("add the row's step")),
          Help.Entry(keys: trMarked("click a row"), action: trMarked("open it")),
        ],
        short: short)
    case .history:
      Help.entries(
        for: settings.historyKeyMap,
        more: [
          Help.Entry(keys: "1-4", action: trMarked("a view")),
          Help.Entry(keys: trMarked("click a day"), action: trMarked("show the day")),
        ],
        short: short)
    default: short ? Help.shortEntries(for: settings.keyMap) : Help.fullEntries(for: settings.keyMap)
    }
  }

  /// The size of the screen it is drawn over.
  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) {
    switch screen {
    case .board: BoardView.minimumSize
    case .history: HistoryView.minimumSize
    default: CounterLayout.minimumSize(for: context.counters)
    }
  }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    let hintRow = canvas.height - 1
    canvas.fill(row: hintRow, style: .plain)
    canvas.put(
      KeyHints.line(for: [(tr("any key"), trMarked("closes"))], width: canvas.width), column: 0, row: hintRow, style: .hint)
    HelpOverlay(full: entries(short: false), short: entries(short: true)).render(into: &canvas)
  }

  public func target(column: Int, row: Int, in context: ScreenContext) -> Never? { nil }
}
