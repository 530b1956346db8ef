import FoundationEssentials
import TallyModel
import TallyTestSupport
import Testing

@testable import TallyScreens

/// Every screen draws from a value alone: the counters, the size, the time and what the app
/// read of the history for it, with no store and no history anywhere (docs/architecture.md).
struct FrameFromValueTests {
  let now = Date(timeIntervalSince1970: 1_795_000_000)
  let counters = CounterList(
    counters: [
      Counter(id: "cars", name: "cars", value: 12, goal: Goal(amount: 8, period: .day)),
      Counter(id: "bikes", name: "bikes", value: 3),
    ], currentID: "cars")

  private func context(history: (any Sendable)? = nil, width: Int = 80, height: Int = 24) -> ScreenContext {
    ScreenContext(counters: counters, width: width, height: height, now: now, history: history)
  }

  private func draw(_ screen: any Screen, _ context: ScreenContext) -> [String] {
    var canvas = Canvas(width: context.width, height: context.height)
    screen.render(into: &canvas, in: context)
    return canvas.lines
  }

  private func change(minutesAgo: Double, old: Int, new: Int) -> HistoryEntry {
    HistoryEntry(
      time: now.addingTimeInterval(-minutesAgo * 60), event: .changed, counter: "cars", name: "cars", old: old, new: new,
      source: .app)
  }

  @Test func theCounterScreenShowsItsGoalAndLastChangeFromTheValue() {
    let entries = [change(minutesAgo: 2, old: 11, new: 12)]
    let goal = GoalSummary(
      goal: Goal(amount: 8, period: .day), value: 12, entries: entries, now: now, calendar: context().calendar)
    let lines = draw(
      CounterViewModel(), context(history: CounterHistory(goal: goal, lastChange: entries[0])))
    #expect(lines.contains { $0.contains("cars: 12") })
    #expect(lines.contains { $0.contains("+1  2 min ago") }, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("1 of 8 today") }, "\(lines.joined(separator: "\n"))")
    // The same value at a later moment: the line's words follow the context's time alone.
    var later = context(history: CounterHistory(lastChange: entries[0]))
    later.now = now.addingTimeInterval(3 * 60)
    #expect(draw(CounterViewModel(), later).contains { $0.contains("+1  5 min ago") })
    #expect(CounterViewModel().redrawsIn(later) != nil, "the run loop wakes when those words change")
  }

  @Test func theBoardShowsItsRowsDaysFromTheValue() {
    var answer = BoardAnswer(today: context().calendar.day(of: now))
    answer.days["cars"] = BoardHistory(days: Array(repeating: 0, count: 13) + [7], goal: nil)
    let lines = draw(BoardViewModel(), context(history: answer))
    let row = lines.first { $0.contains("cars") } ?? ""
    #expect(row.contains("▁▁▁▁▁▁▁▁▁▁▁▁▁█"), "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("bikes") })
  }

  @Test func theHistoryScreenShowsTheYearFromTheValue() {
    let calendar = context().calendar
    let today = calendar.day(of: now)
    let model = HistoryViewModel(counter: counters.current, now: now, calendar: calendar, page: .year)
    var snapshot = HistorySnapshot()
    snapshot.year = YearMap(
      firstDay: today - 7 * YearMap.weekCount + 1, lastDay: today, days: [today: PeriodTotal(net: 5, progress: 5)], goal: nil,
      periods: nil)
    let lines = draw(model, context(history: snapshot))
    #expect(lines.contains { $0.contains("Year") })
    #expect(lines.joined().contains("5"), "\(lines.joined(separator: "\n"))")
    // Without the value the view is empty, not read.
    #expect(draw(model, context()) != lines)
  }

  @Test func theHelpAndOnboardingDrawFromTheContextAlone() {
    #expect(draw(HelpViewModel(over: CounterViewModel()), context()).contains { $0.contains("any key closes") })
    #expect(draw(OnboardingViewModel(), context()).joined().contains("Welcome"))
  }

  /// A screen of its own, as a new screen would be: `?` over it lists the keys it gives
  /// through `Screen.keyHelp`, and needs the size it needs, with nothing in the help's folder.
  @Test func theHelpListsTheKeysTheScreenUnderItGives() {
    final class Tally: Screen {
      var name: ScreenName { .counter }
      func receive(_ message: ScreenMessage, in context: ScreenContext) -> ScreenUpdate { [] }
      func minimumSize(in context: ScreenContext) -> (width: Int, height: Int) { (50, 14) }
      func render(into canvas: inout Canvas, in context: ScreenContext) {}
      func target(column: Int, row: Int, in context: ScreenContext) -> Never? { nil }
      func keyHelp(short: Bool) -> [KeyHelp] { [KeyHelp(keys: "z", action: short ? "zap" : "zap the counter")] }
    }
    let help = HelpViewModel(over: Tally())
    #expect(draw(help, context()).contains { $0.contains("z") && $0.contains("zap the counter") })
    #expect(help.minimumSize(in: context()) == (50, 14))
  }
}
