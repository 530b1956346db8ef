import TallyLocalization
import TallyModel
import TallyScreens

/// A frame as a value: the screens drawn, what they are given, and the status line.
///
/// The app computes it after a message (``AppViewModel/frame(width:height:unicode:)``);
/// drawing it reads and writes nothing.
public struct AppFrame {
  /// The screens drawn, bottom first: the top one, and the ones an overlay is drawn over.
  let screens: [any Screen]
  let context: ScreenContext
  let notice: String?

  /// Seconds until what the screens show changes by itself; `nil`: never.
  public var redrawIn: Double? { screens.compactMap { $0.redrawsIn(context) }.min() }

  /// The screens at the context's size, or a one-line message when the terminal is too
  /// small for the top one.
  public func render() -> Canvas {
    let (width, height) = (context.width, context.height)
    var canvas = Canvas(width: width, height: height)
    guard let top = screens.last else { return canvas }
    let minimum = top.minimumSize(in: context)
    guard width >= minimum.width, height >= minimum.height else {
      let lines = TextLayout.wrap(tr("Too small: \(width)x\(height), need \(minimum.width)x\(minimum.height)"), width: width)
      let top = max(0, (height - lines.count) / 2)
      for (offset, line) in lines.enumerated() {
        canvas.put(line, column: 0, row: top + offset, style: .warning)
      }
      return canvas
    }
    for screen in screens { screen.render(into: &canvas, in: context) }
    if let notice {
      let lines = TextLayout.wrap(notice, width: width - 2).prefix(max(1, height / 3))
      let top = height - 1 - lines.count
      for (offset, line) in lines.enumerated() {
        canvas.fill(row: top + offset, style: .warning)
        canvas.put(" " + line, column: 0, row: top + offset, style: .warning)
      }
    }
    return canvas
  }
}
