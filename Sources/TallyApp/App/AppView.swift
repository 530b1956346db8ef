import TallyModel
import TallyScreens

/// Draws the current screen into a canvas of the terminal's size, or a one-line message
/// when the terminal is too small for it.
public struct AppView {
  public let model: AppViewModel

  public init(model: AppViewModel) { self.model = model }

  /// The screen at `width` x `height`.
  public func render(width: Int, height: Int, unicode: Bool = true) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    let screens = model.drawnScreens
    let context = model.context(width: width, height: height, unicode: unicode, readingHistory: true)
    let minimum = model.screen.minimumSize(in: context)
    guard width >= minimum.width, height >= minimum.height else {
      let lines = TextLayout.wrap("Too small: \(width)x\(height), need \(minimum.width)x\(minimum.height)", width: width)
      let top = max(0, (height - lines.count) / 2)
      for (offset, line) in lines.enumerated() {
        canvas.put(line, column: 0, row: top + offset, style: .warning)
      }
      return canvas
    }
    for screen in screens { screen.render(into: &canvas, in: context) }
    if let notice = model.notice {
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
