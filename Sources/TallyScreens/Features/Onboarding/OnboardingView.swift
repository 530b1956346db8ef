import TallyLocalization

/// Draws an onboarding page, the page number and the keys.
struct OnboardingView {
  let model: OnboardingViewModel

  static let minimumSize = (width: 20, height: 5)

  func render(into canvas: inout Canvas) {
    let bottom = canvas.height - 1
    canvas.put(" Tally", column: 0, row: 0, style: .title)
    let progress = "\(model.pageIndex + 1)/\(model.pages.count)"
    canvas.put(progress, column: canvas.width - progress.terminalWidth - 1, row: 0, style: .hint)

    var hints: [(keys: String, summary: String)] = [
      model.isLastPage ? ("Enter", trMarked("start counting")) : ("Enter/Space/Right", trMarked("next")),
      ("s/Esc", trMarked("skip")),
      ("q", trMarked("quit")),
    ]
    if !model.isLastPage && canvas.width < 50 { hints[0] = ("Enter", trMarked("next")) }
    canvas.put(KeyHints.line(for: hints, width: canvas.width), column: 0, row: bottom, style: .hint)

    let textWidth = min(60, canvas.width - 4)
    let body = TextLayout.wrap(model.page.body, width: textWidth)
    let areaTop = 1
    let areaHeight = max(0, bottom - areaTop)
    let blockHeight = 2 + body.count
    var row = areaTop + max(0, (areaHeight - blockHeight) / 2)
    canvas.putCentered(model.page.title, row: row, style: .title)
    row += 2
    let column = max(0, (canvas.width - textWidth) / 2)
    for line in body where row < bottom {
      canvas.put(line, column: column, row: row)
      row += 1
    }
  }
}
