import TallyLocalization
import TallyModel

/// The help screen, `?`, drawn over the screen whose keys it shows (``Screen/keyHelp(short:)``,
/// as that screen's settings last changed) until any key or click closes it.
public final class HelpViewModel: Screen {
  /// The screen under the help.
  private let under: any Screen

  public init(over under: any Screen) { self.under = under }

  public var name: ScreenName { .help }
  public var isOverlay: Bool { true }

  public func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate {
    switch message {
    case .key(.mouse(let event)) where event.kind != .press: return []
    case .key: return [.close]
    default: return []
    }
  }

  /// The size of the screen it is drawn over.
  public func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) { under.minimumSize(in: context) }

  public func render(into canvas: inout Canvas, in context: ScreenContext) {
    let hintRow = canvas.height - 1
    canvas.fill(row: hintRow, style: .plain)
    canvas.put(
      KeyHints.line(for: [(tr("any key"), trMarked("closes"))], width: canvas.width), column: 0, row: hintRow, style: .hint)
    HelpOverlay(full: under.keyHelp(short: false), short: under.keyHelp(short: true)).render(into: &canvas)
  }

  public func target(column: Int, row: Int, in context: ScreenContext) -> Never? { nil }
}
