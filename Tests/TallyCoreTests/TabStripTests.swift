import TallyModel
import TallyScreens
import Testing

/// The tab row: what fits, clipping of long and wide names, and scrolling to the current tab.
struct TabStripTests {
  private func counters(_ names: [String]) -> [Counter] {
    names.enumerated().map { Counter(id: "c\($0.offset)", name: $0.element) }
  }

  private func drawn(_ strip: TabStrip, width: Int) -> String {
    var canvas = Canvas(width: width, height: 1)
    if let column = strip.earlierMarker { canvas.put("‹", column: column, row: 0) }
    for tab in strip.tabs { canvas.put(tab.text, column: tab.column, row: 0) }
    if let column = strip.laterMarker { canvas.put("›", column: column, row: 0) }
    return canvas.line(0)
  }

  @Test func tabsThatFitAreAllShownInOrder() {
    let strip = TabStrip(counters: counters(["Count", "laps", "reps"]), currentIndex: 1, column: 0, width: 40)
    #expect(drawn(strip, width: 40) == " Count  [laps]  reps")
    #expect(strip.earlierMarker == nil)
    #expect(strip.laterMarker == nil)
  }

  @Test func theCurrentTabIsAlwaysInViewAndTheHiddenEndsAreMarked() {
    let names = (1...12).map { "counter \($0)" }
    for current in names.indices {
      let strip = TabStrip(counters: counters(names), currentIndex: current, column: 0, width: 40)
      #expect(strip.tabs.contains { $0.isCurrent && $0.label == names[current] }, "current \(current)")
      #expect(strip.tabs.allSatisfy { $0.column >= 2 && $0.column + $0.width <= 38 })
      #expect((strip.earlierMarker != nil) == (strip.tabs.first?.label != names.first))
      #expect((strip.laterMarker != nil) == (strip.tabs.last?.label != names.last))
    }
    let last = TabStrip(counters: counters(names), currentIndex: 11, column: 0, width: 40)
    #expect(drawn(last, width: 40) == "‹  counter 11  [counter 12]")
    let middle = TabStrip(counters: counters(names), currentIndex: 5, column: 0, width: 40)
    #expect(drawn(middle, width: 40) == "‹  counter 4   counter 5  [counter 6]  ›")
  }

  @Test func longAndWideNamesAreClippedWithoutSplittingACharacter() {
    let strip = TabStrip(
      counters: counters(["漢字カウンター漢字カウンター", String(repeating: "x", count: 32)]), currentIndex: 0, column: 0, width: 80)
    #expect(strip.tabs.map(\.label) == ["漢字カウンター…", "xxxxxxxxxxxxxxx…"])
    #expect(strip.tabs.allSatisfy { $0.label.terminalWidth <= TabStrip.maximumLabelWidth })
    #expect(strip.tabs[0].width == 17)
  }

  @Test func aNarrowStripStillShowsTheCurrentTab() {
    let strip = TabStrip(counters: counters(["a long counter name", "b", "c"]), currentIndex: 0, column: 1, width: 12)
    #expect(strip.tabs.count == 1)
    #expect(strip.tabs[0].label == "a lon…")
    #expect(strip.tabs[0].column + strip.tabs[0].width <= 12)
    #expect(strip.laterMarker == 12)
  }

  /// A neighbour that exactly fills the room left between the markers is shown, on either
  /// side of the current tab.
  @Test func aNeighbourThatExactlyFillsTheRoomIsShown() {
    // Three tabs of 6 columns and two gaps: 20 columns. In 17, the room between the markers
    // is 13: the current tab and one neighbour, 6 + 1 + 6.
    let names = ["aaaa", "bbbb", "cccc"]
    let first = TabStrip(counters: counters(names), currentIndex: 0, column: 0, width: 17)
    #expect(first.tabs.map(\.label) == ["aaaa", "bbbb"])
    #expect(drawn(first, width: 17) == "  [aaaa]  bbbb  ›")
    let last = TabStrip(counters: counters(names), currentIndex: 2, column: 0, width: 17)
    #expect(last.tabs.map(\.label) == ["bbbb", "cccc"])
    #expect(drawn(last, width: 17) == "‹  bbbb  [cccc]")
  }

  @Test func hitTestingFindsTheTabUnderAColumn() {
    let strip = TabStrip(counters: counters(["Count", "laps"]), currentIndex: 0, column: 8, width: 40)
    #expect(strip.tab(at: 8)?.label == "Count")
    #expect(strip.tab(at: 14)?.label == "Count")
    #expect(strip.tab(at: 15) == nil, "the gap between tabs")
    #expect(strip.tab(at: 16)?.label == "laps")
    #expect(strip.tab(at: 40) == nil)
  }
}

/// The edge where the tab row starts to scroll: tabs that take the whole width exactly are
/// all shown without markers; one column less and the strip scrolls with its markers.
struct TabStripEdgeTests {
  private let counters = ["Count", "laps", "reps"].enumerated().map { Counter(id: "c\($0.offset)", name: $0.element) }

  @Test func tabsThatExactlyFitAreAllShownWithoutMarkers() {
    // " Count " + " " + "[laps]" + " " + " reps ": 7 + 1 + 6 + 1 + 6 = 21 columns.
    let strip = TabStrip(counters: counters, currentIndex: 1, column: 3, width: 21)
    #expect(strip.tabs.map(\.label) == ["Count", "laps", "reps"])
    #expect(strip.tabs.map(\.column) == [3, 11, 18])
    #expect(strip.earlierMarker == nil)
    #expect(strip.laterMarker == nil)
  }

  @Test func oneColumnLessScrollsAndMarksTheHiddenEnds() {
    let strip = TabStrip(counters: counters, currentIndex: 1, column: 3, width: 20)
    #expect(strip.tabs.contains { $0.isCurrent && $0.label == "laps" })
    #expect(strip.tabs.count < 3)
    #expect(strip.earlierMarker == 3 || strip.laterMarker == 22)
    #expect(strip.tabs.allSatisfy { $0.column >= 5 && $0.column + $0.width <= 21 })
  }
}
