import TallyModel

/// The help screen, `?`, drawn over the counter screen until any key or click closes it.
public final class HelpViewModel: Screen {
  public private(set) var keyMap: KeyMap<CounterViewModel.Action>

  public init(keyMap: KeyMap<CounterViewModel.Action>) {
    self.keyMap = keyMap
  }

  public var name: ScreenName { .help }
  public var isOverlay: Bool { true }

  public func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate {
    switch message {
    case .key(.mouse(let event)) where event.kind != .press: return []
    case .key: return [.close]
    case .settingsChanged(let settings): keyMap = settings.keyMap
    default: break
    }
    return []
  }

  /// The counter screen's, which it is drawn over.
  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) {
    CounterLayout.minimumSize(for: context.counters)
  }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    let hintRow = canvas.height - 1
    canvas.fill(row: hintRow, style: .plain)
    canvas.put(KeyHints.line(for: [("any key", "closes")], width: canvas.width), column: 0, row: hintRow, style: .hint)
    HelpOverlay(keyMap: keyMap).render(into: &canvas)
  }

  public func target(column: Int, row: Int, in context: ScreenContext) -> Never? { nil }
}
