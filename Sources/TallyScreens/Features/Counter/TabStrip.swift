import TallyModel

/// The row of counter tabs: `[laps]` for the current one, ` reps ` for the others, so nothing
/// moves when it changes; when they do not all fit, `‹` and `›` mark the hidden ends, and the
/// strip scrolls only as far as it must to show the current tab.
public struct TabStrip: Sendable, Equatable {
  public struct Tab: Sendable, Equatable {
    public var id: String
    public var label: String
    public var column: Int
    public var width: Int
    public var isCurrent: Bool

    public var text: String { isCurrent ? "[\(label)]" : " \(label) " }
  }

  public static let maximumLabelWidth = 16

  public let tabs: [Tab]
  /// The column of `‹`, when tabs are hidden on the left.
  public let earlierMarker: Int?
  /// The column of `›`, when tabs are hidden on the right.
  public let laterMarker: Int?

  public init(counters: [Counter], currentIndex: Int, column: Int, width: Int) {
    guard width >= 5, !counters.isEmpty else {
      tabs = []
      earlierMarker = nil
      laterMarker = nil
      return
    }
    let current = min(max(0, currentIndex), counters.count - 1)
    let labelLimit = min(Self.maximumLabelWidth, width - 6)
    let labels = counters.map { TextLayout.clip($0.name, width: labelLimit) }
    let widths = labels.map { $0.terminalWidth + 2 }
    let total = widths.reduce(0, +) + counters.count - 1

    var first = 0
    var last = counters.count - 1
    var start = column
    if total > width {
      let room = width - 4
      first = current
      last = current
      var used = widths[current]
      while first > 0, used + 1 + widths[first - 1] <= room {
        first -= 1
        used += 1 + widths[first]
      }
      while last < counters.count - 1, used + 1 + widths[last + 1] <= room {
        last += 1
        used += 1 + widths[last]
      }
      start = column + 2
    }

    var placed: [Tab] = []
    var x = start
    for index in first...last {
      placed.append(
        Tab(id: counters[index].id, label: labels[index], column: x, width: widths[index], isCurrent: index == current))
      x += widths[index] + 1
    }
    tabs = placed
    earlierMarker = first > 0 ? column : nil
    laterMarker = last < counters.count - 1 ? column + width - 1 : nil
  }

  public func tab(at column: Int) -> Tab? {
    tabs.first { column >= $0.column && column < $0.column + $0.width }
  }
}
