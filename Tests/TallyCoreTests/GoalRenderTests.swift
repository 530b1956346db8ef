import FoundationEssentials
import TallyHistory
import TallyModel
import TallyScreens
import TallyTestSupport
import Testing

/// The goal's line on the counter screen and the goal's periods on the history screen.
struct GoalRenderTests {
  private let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18, a Wednesday, 11:06 UTC
  private let calendar = GoalCalendar(utcOffset: { _ in 0 })

  private func summary(progress: Int, amount: Int = 8, dayBefore: Int = 0) -> GoalSummary {
    let entries = [
      HistoryEntry(
        time: now.addingTimeInterval(-86_400), event: .changed, counter: "count", name: "Count", old: 0, new: dayBefore,
        source: .app),
      HistoryEntry(
        time: now, event: .changed, counter: "count", name: "Count", old: dayBefore, new: dayBefore + progress, source: .app),
    ]
    return GoalSummary(
      goal: Goal(amount: amount, period: .day), value: dayBefore + progress, entries: entries, now: now, calendar: calendar)
  }

  private func render(_ goal: GoalSummary, width: Int = 80, height: Int = 24) -> Canvas {
    let counters = CounterList(
      counters: [Counter(id: "count", name: "Count", value: goal.progress, goal: goal.goal)], currentID: "count")
    var canvas = Canvas(width: width, height: height)
    CounterView(model: CounterViewModel(), counters: counters, goal: goal).render(into: &canvas)
    return canvas
  }

  private func column(of character: Character, in canvas: Canvas, row: Int) throws -> Int {
    try #require((0..<canvas.width).first { canvas.character(column: $0, row: row) == character })
  }

  @Test func progressIsAWordedLineWithABarUnderTheButtons() throws {
    let canvas = render(summary(progress: 6))
    let row = try #require(canvas.lines.firstIndex { $0.contains("6 of 8 today") })
    #expect(canvas.lines[row - 1].contains("[ - ]   [ + ]"))
    #expect(canvas.line(row).trimmed == "6 of 8 today  ███████░░░")
    #expect(canvas.style(column: try column(of: "6", in: canvas, row: row), row: row).color == nil)
  }

  @Test func aReachedGoalSaysSoInWordsAndInColour() throws {
    let canvas = render(summary(progress: 8, dayBefore: 8))
    let row = try #require(canvas.lines.firstIndex { $0.contains("8 of 8 today") })
    #expect(canvas.line(row).trimmed == "8 of 8 today  ██████████  ✓ goal reached  streak 2")
    #expect(canvas.style(column: try column(of: "✓", in: canvas, row: row), row: row).color == .success)
  }

  @Test func aNarrowScreenDropsTheBarAndStreakBeforeTheWords() throws {
    let canvas = render(summary(progress: 9, dayBefore: 8), width: 30, height: 12)
    #expect(canvas.lines.contains { $0.trimmed == "9 of 8 today  ✓ goal reached" }, "\(canvas.lines)")
    #expect(canvas.lines.contains { $0.contains("Count: 9") })
  }

  @Test func theHistoryMarksTheDaysMet() throws {
    let history = SQLiteHistory.inMemory(entries: [
      HistoryEntry(
        time: now.addingTimeInterval(-86_400), event: .changed, counter: "count", name: "Count", old: 0, new: 8, source: .app),
      HistoryEntry(time: now, event: .changed, counter: "count", name: "Count", old: 8, new: 10, source: .app),
    ])
    let counter = Counter(id: "count", name: "Count", value: 10, goal: Goal(amount: 8, period: .day))
    let model = HistoryViewModel(counter: counter, now: now, calendar: calendar, page: .days)
    var context = ScreenContext(counters: .none, now: now, calendar: calendar)
    var read = HistorySnapshot()
    read.read(try #require(model.historyQuestion(in: context) as? HistoryPageRequest), from: history, calendar: calendar)
    context.history = read
    var canvas = Canvas(width: 80, height: 24)
    model.render(into: &canvas, in: context)
    // Bars to scale: 8 is the longest, 63 cells; 2 is a quarter of it.
    #expect(canvas.lines[15] == " Tue 17 Nov " + String(repeating: "█", count: 63) + " +8 ✓", "\(canvas.picture)")
    #expect(canvas.lines[16] == " Wed 18 Nov " + String(repeating: "█", count: 16) + " +2", "\(canvas.picture)")
    #expect(canvas.lines.contains { $0.hasPrefix(" Goal 8/day: 2 of 8 today   streak 1, best 1") })
  }
}

extension String {
  /// Without the spaces around it.
  fileprivate var trimmed: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
