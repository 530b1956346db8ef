import TallyLocalization
import TallyModel
import TallyPlatform

/// Where everything on the counter screen goes at a size, for drawing and for clicks: the tab
/// row; the value (large when it fits), its line and the buttons centred; the status and hints;
/// a narrow screen shortens the counter's name, never its value.
public struct CounterLayout: Sendable {
  public enum Target: Sendable, Equatable {
    case decrement
    case increment
    case counter(id: String)
    /// The `‹` before the tabs.
    case earlierCounters
    /// The `›` after the tabs.
    case laterCounters
  }

  public static let decrementButton = "[ - ]"
  public static let incrementButton = "[ + ]"
  public static let title = " Tally"
  /// The title over the counters in no group, once others are in groups.
  public static let noGroup = tr("No group")
  /// The large value, the blank under it, the value line and the buttons.
  static let bigBlockHeight = BigDigits.height + 3

  public let width: Int
  public let height: Int
  /// " Tally", or the group on show once counters are in groups.
  public let title: String
  /// The row for the total of a group of several, when there is a free row.
  public let totalRow: Int?
  public let fits: Bool
  public let showsTitle: Bool
  public let tabs: TabStrip
  /// Where the large digits start; `nil` when they do not fit.
  public let digits: Canvas.Position?
  public let digitRows: [String]
  public let valueLine: String
  public let valueLineRow: Int
  /// Where `[ - ]` starts; `nil` when the screen has no room for the buttons.
  public let decrement: Canvas.Position?
  public let increment: Canvas.Position?
  /// "step 5" between the buttons.
  public let stepLabel: (text: String, column: Int)?
  /// Under the buttons: the goal's progress, then the last change, each if it has a row.
  public let progressRow: Int?
  public let lastChangeRow: Int?
  public var tabRow: Int { 0 }
  public var statusRow: Int { height - 2 }
  public var hintRow: Int { height - 1 }

  public init(counters: CounterList, width: Int, height: Int, showsBigDigits: Bool = true, showsLastChange: Bool = false) {
    self.width = width
    self.height = height
    let current = counters.current
    let countText = String(current.shown)
    let minimum = Self.minimumSize(for: counters)
    fits = width >= minimum.width && height >= minimum.height
    showsTitle = width >= 36
    let group = counters.currentGroup
    title =
      counters.usesGroups
      ? " " + TextLayout.clip(TerminalText.escaped(current.group ?? Self.noGroup), width: TabStrip.maximumLabelWidth)
      : Self.title
    let tabsColumn = showsTitle ? title.terminalWidth + 2 : 1
    tabs = TabStrip(
      counters: group, currentIndex: group.firstIndex { $0.id == current.id } ?? 0, column: tabsColumn,
      width: max(0, width - tabsColumn - 1))

    valueLine = Self.fitted(name: current.name, value: counters.valueText(of: current), width: width - 2)
    let areaTop = 1
    let areaHeight = max(0, height - 2 - areaTop)
    let bigWidth = BigDigits.width(of: countText)
    let big =
      showsBigDigits && areaHeight >= Self.bigBlockHeight && bigWidth <= width ? BigDigits.rows(for: countText) : nil
    let progressHeight = current.goal == nil ? 0 : 1
    var blockHeight = big == nil ? min(2, areaHeight) : Self.bigBlockHeight
    if blockHeight + progressHeight <= areaHeight { blockHeight += progressHeight }
    let firstRow = areaTop + max(0, areaHeight - blockHeight + 1) / 2
    digitRows = big ?? []
    digits = big == nil ? nil : Canvas.Position(column: (width - bigWidth) / 2, row: firstRow)
    valueLineRow = big == nil ? firstRow : firstRow + BigDigits.height + 1

    let stepped = Self.decrementButton + "  " + tr("step \(current.step)") + "  " + Self.incrementButton
    let stepText = current.step != 1 && stepped.count <= width ? tr("step \(current.step)") : nil
    let buttons = stepText == nil ? Self.decrementButton + "   " + Self.incrementButton : stepped
    let buttonsFit = blockHeight >= 2 && buttons.count <= width
    let belowValue = valueLineRow + (buttonsFit ? 2 : 1)
    progressRow = current.goal != nil && belowValue < height - 2 ? belowValue : nil
    let belowProgress = progressRow.map { $0 + 1 } ?? belowValue
    lastChangeRow = showsLastChange && belowProgress < height - 2 ? belowProgress : nil
    let belowLastChange = lastChangeRow.map { $0 + 1 } ?? belowProgress
    totalRow = counters.usesGroups && group.count > 1 && belowLastChange < height - 2 ? belowLastChange : nil
    let column = (width - buttons.count) / 2
    decrement = buttonsFit ? Canvas.Position(column: column, row: valueLineRow + 1) : nil
    increment = decrement.map { Canvas.Position(column: column + buttons.count - Self.incrementButton.count, row: $0.row) }
    stepLabel = decrement == nil ? nil : stepText.map { ($0, column + Self.decrementButton.count + 2) }
  }

  /// The tab row, the value line (the value whole), the status line and the hints.
  public static func minimumSize(for counters: CounterList) -> (width: Int, height: Int) {
    (max(20, String(counters.current.shown).terminalWidth + 5), 5)
  }

  public func target(column: Int, row: Int) -> Target? {
    guard fits else { return nil }
    if row == tabRow {
      if let marker = tabs.earlierMarker, column == marker { return .earlierCounters }
      if let marker = tabs.laterMarker, column == marker { return .laterCounters }
      return tabs.tab(at: column).map { .counter(id: $0.id) }
    }
    let buttons = [(decrement, Self.decrementButton, Target.decrement), (increment, Self.incrementButton, .increment)]
    for case (let start?, let button, let target) in buttons where row == start.row {
      if (start.column..<start.column + button.count).contains(column) { return target }
    }
    return nil
  }

  /// "name: value" in `width` columns, the name shortened if need be.
  static func fitted(name: String, value: String, width: Int) -> String {
    let full = "\(name): \(value)"
    guard full.terminalWidth > width else { return full }
    let room = max(1, width - value.terminalWidth - 2)
    return "\(TextLayout.clip(name, width: room)): \(value)"
  }
}
