import FoundationEssentials
import TallyHistory
import TallyModel
import TallyPlatform
import TallyTestSupport
import Testing

@testable import TallyScreens

/// A change of counter "count" from `old` to `new` at an ISO time.
private func change(_ time: String, _ old: Int, _ new: Int, note: String? = nil, machine: String? = nil) -> HistoryEntry {
  var entry = HistoryEntry(
    time: at(time), event: .changed, counter: "count", name: "Count", old: old, new: new, source: .app, note: note)
  entry.machine = machine
  return entry
}

/// `amount` changes of +1 on day `day` (an ISO date), from 09:00 on, a minute apart.
private func day(_ day: String, _ amount: Int, from value: inout Int) -> [HistoryEntry] {
  (0..<amount).map { minute in
    defer { value += 1 }
    return change("\(day)T09:\(minute < 10 ? "0" : "")\(minute):00Z", value, value + 1)
  }
}

/// Day numbers (days since 1970-01-01) of ISO dates.
private func number(_ date: String) -> Int { Int(at(date + "T00:00:00Z").timeIntervalSince1970 / 86_400) }

/// The history screen as the app drives it: each message and frame in a context holding what
/// the screen's request reads from `history`, at `clock`'s time.
private final class DrivenHistory {
  let model: HistoryViewModel
  let history: HistoryReader
  let clock: ManualClock
  let calendar: GoalCalendar
  private var read = HistorySnapshot()

  init(_ model: HistoryViewModel, history: HistoryReader, clock: ManualClock, calendar: GoalCalendar) {
    (self.model, self.history, self.clock, self.calendar) = (model, history, clock, calendar)
  }

  func context(width: Int = 80, height: Int = 24, unicode: Bool = true) -> ScreenContext {
    var context = ScreenContext(
      counters: .none, width: width, height: height, unicode: unicode, now: clock.now(), calendar: calendar)
    if let request = model.historyQuestion(in: context) as? HistoryPageRequest {
      read.read(request, from: history, calendar: calendar)
      context.history = read
    }
    return context
  }

  @discardableResult
  func press(_ key: Key) -> [ScreenEffect] { model.receive(.key(key), in: context()).effects }

  func target(column: Int, row: Int, width: Int, height: Int) -> HistoryViewModel.Target? {
    model.target(column: column, row: row, in: context(width: width, height: height))
  }

  var page: HistoryViewModel.Page { model.page }
  var today: Int { model.today }
  var yearEndDay: Int { model.yearEndDay }
  /// The Year view's map, as the screen now shows it.
  var year: YearMap {
    (context().history as? HistorySnapshot)?.year ?? YearMap(firstDay: 0, lastDay: -1, days: [:], goal: nil, periods: nil)
  }
}

/// The character and style of a day's cell in a Year view drawn at 80 columns.
private func cell(_ canvas: Canvas, _ model: DrivenHistory, day: Int) -> Canvas.Cell {
  let index = day - model.year.firstDay
  return canvas[5 + index / 7, 4 + index % 7]
}

@Suite struct YearMapTests {
  @Test func levelsAreQuartersOfTheBusiestDayAndAGapIsEmpty() {
    // Monday 2026-11-16 on: 1, 2, 3, nothing, 4, 8.
    let first = number("2026-11-16")
    var days = PeriodTotals()
    for (offset, amount) in [1, 2, 3, 0, 4, 8].enumerated() where amount > 0 {
      days[first + offset] = PeriodTotal(net: amount, progress: amount)
    }
    let map = YearMap(firstDay: first, lastDay: first + 5, days: days, goal: nil, periods: nil)
    #expect((0..<6).map(map.level(at:)) == [1, 1, 2, 0, 2, 4])
    #expect(map.range(ofLevel: 1) == 1...2)
    #expect(map.range(ofLevel: 2) == 3...4)
    #expect(map.range(ofLevel: 3) == 5...6)
    #expect(map.range(ofLevel: 4) == 7...8)
    #expect(map.busiest == 8)
    #expect(map.total == (18, 5))
    // Days after the last one are empty, whatever the totals say.
    #expect(map.amounts[6] == 0)
  }

  @Test func levelsThatNoAmountFallsInAreLeftOutOfTheLegend() {
    let first = number("2026-11-16")
    let map = YearMap(
      firstDay: first, lastDay: first + 1, days: [first: PeriodTotal(net: 2, progress: 2)], goal: nil, periods: nil)
    #expect(map.level(at: 0) == 4)
    #expect(map.range(ofLevel: 1) == nil)
    #expect(map.range(ofLevel: 2) == 1...1)
    #expect(map.range(ofLevel: 3) == nil)
    #expect(map.range(ofLevel: 4) == 2...2)
  }

  @Test func aDailyGoalMarksTheDaysThatMetItAndScalesTheOthersUpToIt() {
    let first = number("2026-11-16")
    var days = PeriodTotals()
    for (offset, amount) in [1, 2, 4, 5, 9].enumerated() { days[first + offset] = PeriodTotal(net: amount, progress: amount) }
    let map = YearMap(firstDay: first, lastDay: first + 4, days: days, goal: Goal(amount: 5, period: .day), periods: nil)
    #expect(Array(map.met.prefix(5)) == [false, false, false, true, true])
    #expect((0..<3).map(map.level(at:)) == [1, 2, 4])
    #expect(map.range(ofLevel: 4) == 4...4)
  }

  @Test func aLimitMarksTheDaysOverItAndTheDayAWeekWentOver() {
    let first = number("2026-11-16")
    var days = PeriodTotals()
    for (offset, amount) in [1, 3, 4, 0, 2].enumerated() where amount > 0 {
      days[first + offset] = PeriodTotal(net: amount, progress: amount)
    }
    let daily = YearMap(
      firstDay: first, lastDay: first + 4, days: days, goal: Goal(amount: 3, period: .day, isLimit: true), periods: nil)
    #expect(Array(daily.met.prefix(5)) == [false, false, true, false, false], "3 is within, 4 is over")
    let week = GoalCalendar.period(.week, ofDay: first)
    let weekly = YearMap(
      firstDay: first, lastDay: first + 4, days: days, goal: Goal(amount: 5, period: .week, isLimit: true),
      periods: [week: PeriodTotal(net: 10, progress: 10)])
    #expect(Array(weekly.met.prefix(5)) == [false, false, true, false, false], "1 + 3 + 4 goes over 5 on the third day")
  }

  /// At each quarter's top (`busiest × level / 4`, rounded down) and one past it, a day is
  /// at the level whose legend holds its amount; the busiest day is at 4, the legend's top is
  /// the busiest day's amount, and an amount past the scale (a daily goal's met day) is at 4.
  @Test(arguments: [1, 2, 3, 5, 6, 7, 9, 10, 11, 370, Int.max])
  func theLevelsAtTheQuartersBoundsAndPastTheBusiestDayAreTheLegends(busiest: Int) {
    let first = number("2026-11-16")
    let tops = (1...4).map { Int(Int128(busiest) * Int128($0) / 4) }
    let amounts = Set(tops.flatMap { [$0, $0 < busiest ? $0 + 1 : $0] } + [1]).filter { $0 > 0 }.sorted()
    var days = PeriodTotals()
    for (offset, amount) in amounts.enumerated() { days[first + offset] = PeriodTotal(net: amount, progress: amount) }
    let map = YearMap(firstDay: first, lastDay: first + amounts.count - 1, days: days, goal: nil, periods: nil)
    #expect(map.busiest == busiest)
    for (index, amount) in amounts.enumerated() {
      let level = (1...4).first { amount <= tops[$0 - 1] } ?? 0
      #expect(map.level(at: index) == level, "\(amount) of \(busiest)")
      #expect(map.range(ofLevel: level)?.contains(amount) == true, "\(amount) of \(busiest)")
    }
    #expect(map.level(at: amounts.count - 1) == 4)
    #expect(map.range(ofLevel: 4)?.upperBound == busiest)
    if busiest < Int.max { #expect(YearMap.level(busiest + 1, busiest: busiest) == 4) }
    // A daily goal of one more than `busiest`: days that met it count past the scale.
    if busiest < Int.max - 1 {
      days[first + amounts.count] = PeriodTotal(net: busiest + 2, progress: busiest + 2)
      let goal = Goal(amount: busiest + 1, period: .day)
      let scaled = YearMap(firstDay: first, lastDay: first + amounts.count, days: days, goal: goal, periods: nil)
      #expect(scaled.scale == busiest)
      #expect(scaled.level(at: amounts.count) == 4)
      #expect(scaled.met[amounts.count])
    }
  }

  @Test func aResetDoesNotLightADayUp() {
    let first = number("2026-11-16")
    // Counted 3, then reset from 50 to 0: the day's progress is 0, its net -47.
    let map = YearMap(
      firstDay: first, lastDay: first, days: [first: PeriodTotal(net: -47, progress: 0)], goal: nil, periods: nil)
    #expect(map.level(at: 0) == 0)
  }

  @Test func aWeeklyGoalMarksTheDayItsWeekReachedIt() {
    let history = SQLiteHistory.inMemory(
      entries: {
        var value = 0
        // Week of 9 Nov: 2 + 3 + 2 reaches 6 on Wednesday. Week of 16 Nov: 5, never.
        return day("2026-11-09", 2, from: &value) + day("2026-11-10", 3, from: &value) + day("2026-11-11", 2, from: &value)
          + day("2026-11-16", 5, from: &value)
      }())
    let counter = Counter(id: "count", name: "Count", value: 12, goal: Goal(amount: 6, period: .week))
    let calendar = GoalCalendar(utcOffset: { _ in 0 })
    let today = number("2026-11-23")
    let map = YearMap(counter: counter, history: history, calendar: calendar, endDay: today, today: today)
    let marked = map.met.indices.filter { map.met[$0] }.map { map.firstDay + $0 }
    #expect(marked == [number("2026-11-11")])
    // The year's 53 weeks end with this one, from a Monday.
    #expect(map.firstDay == number("2026-11-23") - 52 * 7)
    #expect(map.lastDay == today)
  }
}

@Suite struct HistoryScreenTests {
  let clock = ManualClock(iso: "2026-11-23T14:30:00Z")

  /// Counting from 2026-09-01 on weekdays (1 on Mondays, 2 on Tuesdays, 3, 4, and 8 on
  /// Fridays), nothing in October's first half (a gap), and three changes today (Monday 23
  /// November: +1, +2 with a note, +1 from another machine); a daily goal of 6.
  static let entries: [HistoryEntry] = {
    var entries: [HistoryEntry] = []
    var value = 0
    for offset in 0..<83 {
      let dayNumber = number("2026-09-01") + offset
      let weekday = ((dayNumber + 3) % 7 + 7) % 7
      guard weekday < 5 else { continue }
      if (number("2026-10-01")..<number("2026-10-16")).contains(dayNumber) { continue }
      let text = UTCTime.text(for: Date(timeIntervalSince1970: Double(dayNumber) * 86_400)).prefix(10)
      entries += day(String(text), [1, 2, 3, 4, 8][weekday], from: &value)
    }
    entries.append(change("2026-11-23T08:15:00Z", value, value + 1))
    entries.append(change("2026-11-23T14:05:00Z", value + 1, value + 3, note: "two at once"))
    entries.append(change("2026-11-23T14:20:00Z", value + 3, value + 4, machine: "lap\u{1B}top"))
    return entries
  }()

  private func model(
    _ entries: [HistoryEntry] = entries, goal: Goal? = Goal(amount: 6, period: .day), page: HistoryViewModel.Page = .year
  ) -> DrivenHistory {
    let counter = Counter(id: "count", name: "Count", value: entries.last?.new ?? 0, goal: goal)
    return driven(counter, history: SQLiteHistory.inMemory(entries: entries), page: page)
  }

  private func driven(_ counter: Counter, history: HistoryReader, page: HistoryViewModel.Page) -> DrivenHistory {
    let calendar = GoalCalendar(clock: clock)
    let model = HistoryViewModel(counter: counter, now: clock.now(), calendar: calendar, page: page)
    return DrivenHistory(model, history: history, clock: clock, calendar: calendar)
  }

  private func render(_ model: DrivenHistory, width: Int = 80, height: Int = 24, unicode: Bool = true) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    model.model.render(into: &canvas, in: model.context(width: width, height: height, unicode: unicode))
    return canvas
  }

  // MARK: Year

  @Test func theYearAt80x24() {
    let model = model()
    let canvas = render(model)
    let lines = canvas.lines
    #expect(lines[0] == "  Year   Day   Days   Changes                                             Count")
    #expect(lines[1] == " 24 Nov 2025 – 23 Nov 2026")
    #expect(lines[3] == "      Dec Jan Feb Mar  Apr May  Jun Jul Aug  Sep Oct Nov", "\(canvas.picture)")
    // Mondays: nothing until September, then 1 a day, the gap, and today's 4.
    #expect(lines[4] == " Mon " + String(repeating: "·", count: 41) + "░░░░··░░░░░█", "\(canvas.picture)")
    #expect(lines[6] == " Wed " + String(repeating: "·", count: 40) + "▓▓▓▓▓··▓▓▓▓▓", "\(canvas.picture)")
    #expect(lines[8] == " Fri " + String(repeating: "·", count: 40) + "✓✓✓✓··✓✓✓✓✓✓", "\(canvas.picture)")
    // Levels up to the goal, which the days that met it are marked for instead.
    #expect(lines[12] == " · none  ░ 1  ▒ 2  ▓ 3  █ 4–5   ✓ goal met", "\(canvas.picture)")
    #expect(lines[14] == " 179 counted on 49 days, busiest Fri  4 Sep (8)", "\(canvas.picture)")
    #expect(lines[15] == " Goal 6/day: streak 0, best 1")
    #expect(lines[23] == " Tab view  ←/→ year  t today  click a day  q close  ? keys")
    #expect(lines.allSatisfy { $0.terminalWidth <= 80 })
  }

  @Test func theYearsLevelsAndMarksAreStyledAndReadWithoutColourToo() {
    let model = model()
    let canvas = render(model)
    let met = cell(canvas, model, day: number("2026-11-20"))  // a Friday of 8
    #expect(met.character == "✓")
    #expect(met.style == Style(bold: true, color: .accent))
    let low = cell(canvas, model, day: number("2026-11-16"))  // Monday: 1
    #expect(low.character == "░")
    #expect(low.style == Style(dim: true, color: .success))
    let none = cell(canvas, model, day: number("2026-11-22"))  // Sunday
    #expect(none.character == "·")
    #expect(none.style == .hint)
    // Without colour (mono, NO_COLOR), each level still has its own character.
    var seen: [Int: Set<Character>] = [:]
    for index in 0..<(model.year.lastDay - model.year.firstDay + 1) where !model.year.met[index] {
      seen[model.year.level(at: index), default: []].insert(cell(canvas, model, day: model.year.firstDay + index).character)
    }
    #expect(seen.values.allSatisfy { $0.count == 1 })
    #expect(Set(seen.values.map { $0.first! }).count == seen.count)
  }

  @Test func withoutUnicodeTheYearIsDrawnInASCII() {
    let model = model()
    let canvas = render(model, unicode: false)
    let grid = (4..<11).map { canvas.lines[$0].dropFirst(5) }
    #expect(grid.allSatisfy { $0.allSatisfy { " .:+#*".contains($0) } }, "\(canvas.picture)")
    #expect(cell(canvas, model, day: number("2026-11-20")).character == "*")
    #expect(cell(canvas, model, day: number("2026-11-16")).character == ".")
    #expect(cell(canvas, model, day: number("2026-11-19")).character == "#")
    #expect(canvas.lines[12] == "   none  . 1  : 2  + 3  # 4–5   * goal met", "\(canvas.picture)")
  }

  @Test func aLimitsDaysOverItAreMarkedWithACharacterAsWellAsTheWarningColour() {
    let model = model(goal: Goal(amount: 6, period: .day, isLimit: true))
    let canvas = render(model)
    let over = cell(canvas, model, day: number("2026-11-20"))  // a Friday of 8
    #expect(over.character == "✗")
    #expect(over.style == .warning)
    #expect(cell(canvas, model, day: number("2026-11-16")).character == "░", "a Monday of 1 is within")
    #expect(canvas.lines[12].hasSuffix("   ✗ over the limit"), "\(canvas.picture)")
    // Within since Friday's 8 (Saturday to today, Monday); at best, the 20 days of the gap
    // between two Fridays three weeks apart.
    #expect(canvas.lines[15] == " Goal at most 6/day: streak 3, best 20", "\(canvas.picture)")
    let ascii = render(model, unicode: false)
    #expect(cell(ascii, model, day: number("2026-11-20")).character == "!")
    #expect(ascii.lines[12].hasSuffix("   ! over the limit"), "\(ascii.picture)")
  }

  @Test func theYearGoesBackAYearAndReturnsWithT() {
    let model = model()
    #expect(model.press(.left).isEmpty)
    let lines = render(model).lines
    #expect(lines[1] == " 25 Nov 2024 – 30 Nov 2025   (t: back to today)", "\(lines)")
    #expect(lines[14].hasPrefix(" 0 counted on 0 days"))
    model.press(.right)
    model.press(.right)  // never past now
    #expect(model.yearEndDay == model.today)
    model.press(.left)
    model.press(.character("t"))
    #expect(render(model).lines[1] == " 24 Nov 2025 – 23 Nov 2026")
  }

  @Test func aClickOnADayOpensIt() {
    let model = model()
    let view = model
    let friday = number("2026-11-20")
    let index = friday - model.year.firstDay
    let target = view.target(column: 5 + index / 7, row: 4 + index % 7, width: 80, height: 24)
    #expect(target == .day(friday))
    model.press(.mouse(MouseEvent(.press, column: 5 + index / 7, row: 4 + index % 7)))
    #expect(model.page == .day)
    #expect(render(model).lines[1] == " Fri 20 Nov 2026")
    // Tomorrow's cell is not a day to open; the tabs are targets.
    #expect(view.target(column: 5 + 52, row: 6, width: 80, height: 24) == nil)
    #expect(view.target(column: 16, row: 0, width: 80, height: 24) == .page(.days))
  }

  @Test func atTwoHundredColumnsTheWeeksAreWiderAndTheDaysTaller() {
    let model = model()
    let canvas = render(model, width: 200, height: 60)
    #expect(canvas.lines[3].hasPrefix("        Dec 2025    Jan 2026    Feb "), "\(canvas.picture)")
    #expect(canvas.lines[4].dropFirst(5) == canvas.lines[5].dropFirst(5))  // each day two rows high
    #expect(canvas.lines[4].hasSuffix("░░ ·· ·· ░░ ░░ ░░ ░░ ░░ ██"), "\(canvas.picture)")
    let friday = number("2026-11-20")
    let index = friday - model.year.firstDay
    let target = model.target(
      column: 5 + index / 7 * 3 + 1, row: 4 + index % 7 * 2 + 1, width: 200, height: 60)
    #expect(target == .day(friday))
  }

  // MARK: Day, Days, Changes

  @Test func theDayByTheHourMarksTheHourNow() {
    let model = model(page: .day)
    let canvas = render(model)
    let lines = canvas.lines
    #expect(lines[1] == " Mon 23 Nov 2026 (today)")
    #expect(lines[19] == "    00 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 21 22 23")
    #expect(lines[20] == "                                              ▲ now")
    #expect(lines[21] == " +4 in 3 changes, busiest 14:00 (+3)")
    // The 14:00 bar is the tallest, its number over it, its label reversed.
    #expect(canvas.style(column: 46, row: 19) == .selected)
    #expect(lines[3].dropFirst(46).hasPrefix("3"), "\(canvas.picture)")
    #expect(lines[18].dropFirst(28).hasPrefix("██"), "\(canvas.picture)")  // 08:00
    model.press(.left)
    #expect(render(model).lines[1] == " Sun 22 Nov 2026")
    #expect(render(model).lines[21] == " 0 in 0 changes")
  }

  @Test func theDaysAreTheChartOfFourteenAndScroll() {
    let model = model(page: .days)
    var lines = render(model).lines
    #expect(lines[1] == " Tue 10 Nov – Mon 23 Nov")
    // 63 columns for the bars at 80: "+8 ✓" for the largest, a quarter of it for 2.
    #expect(lines[3] == " Tue 10 Nov " + String(repeating: "█", count: 16) + " +2")
    #expect(lines[6] == " Fri 13 Nov " + String(repeating: "█", count: 63) + " +8 ✓")
    #expect(lines[7] == " Sat 14 Nov 0")
    #expect(lines[16] == " Mon 23 Nov " + String(repeating: "█", count: 32) + " +4")
    #expect(lines[20] == " Goal 6/day: 4 of 6 today   streak 0, best 1")
    #expect(lines[21] == " Today +4   This week +4   All time +179")
    model.press(.left)
    lines = render(model).lines
    #expect(lines[1] == " Tue 27 Oct – Mon  9 Nov")
  }

  @Test func tReadsTheGoalAgainWithChangesMadeSinceTheScreenOpened() {
    let history = SQLiteHistory.inMemory(entries: Self.entries)
    let counter = Counter(id: "count", name: "Count", value: 183, goal: Goal(amount: 6, period: .day))
    let model = driven(counter, history: history, page: .days)
    #expect(render(model).lines[20] == " Goal 6/day: 4 of 6 today   streak 0, best 1")
    clock.date = at("2026-11-23T15:00:00Z")
    history.append([change("2026-11-23T14:50:00Z", 183, 185)])
    #expect(render(model).lines[20] == " Goal 6/day: 4 of 6 today   streak 0, best 1", "the screen holds still until t")
    model.press(.character("t"))
    #expect(render(model).lines[20] == " Goal 6/day: 6 of 6 today ✓ reached   streak 1, best 1")
  }

  @Test func theChangesArePagedNewestFirstWithTheirNotes() {
    let model = model(page: .changes)
    var lines = render(model).lines
    #expect(lines[1] == " 1–18 of 178, newest first")
    #expect(lines[2] == " When              Change  Value            By        Note")
    // Another machine's name is escaped, and clipped to its column.
    #expect(lines[3] == " 2026-11-23 14:20  +1      178 → 179        lap\\u{1B…")
    #expect(lines[4] == " 2026-11-23 14:05  +2      176 → 178        app       two at once")
    #expect(lines[5] == " 2026-11-23 08:15  +1      175 → 176        app")
    #expect(lines[6] == " 2026-11-20 09:07  +1      174 → 175        app")
    model.press(.left)
    lines = render(model).lines
    #expect(lines[1] == " 19–36 of 178, newest first")
    for _ in 0..<20 { model.press(.left) }  // stops at the oldest page
    #expect(render(model).lines[1] == " 163–178 of 178, newest first")
    #expect(render(model).lines[18] == " 2026-09-01 09:00  +1      0 → 1            app")
    model.press(.right)
    #expect(render(model).lines[1] == " 145–162 of 178, newest first")
    model.press(.character("t"))
    #expect(render(model).lines[1] == " 1–18 of 178, newest first")
  }

  /// Each change is labelled by what the user did, kept in the history: a subtraction to 0
  /// is `-1`, not `reset`; a set says its value.
  @Test func theChangesSayWhatTheUserDid() {
    let made: [(Int, Int, HistoryEntry.Action)] = [(0, 1, .add), (1, 0, .subtract), (0, 5, .set), (5, 0, .reset)]
    let entries = made.enumerated().map { index, change in
      HistoryEntry(
        time: at("2026-11-23T09:0\(index):00Z"), event: .changed, counter: "count", name: "Count", old: change.0,
        new: change.1, source: .app, action: change.2)
    }
    let lines = render(model(entries, page: .changes)).lines
    #expect(lines[3].hasPrefix(" 2026-11-23 09:03  reset   5 → 0"))
    #expect(lines[4].hasPrefix(" 2026-11-23 09:02  set 5   0 → 5"))
    #expect(lines[5].hasPrefix(" 2026-11-23 09:01  -1      1 → 0"))
    #expect(lines[6].hasPrefix(" 2026-11-23 09:00  +1      0 → 1"))
  }

  @Test func anEmptyHistorySaysSoInEveryView() {
    let model = model([], goal: nil)
    #expect(render(model).lines[14] == " 0 counted on 0 days")
    model.press(.tab)
    #expect(render(model).lines[21] == " 0 in 0 changes")
    model.press(.tab)
    #expect(render(model).lines[21] == " Today 0   This week 0   All time 0")
    model.press(.tab)
    #expect(render(model).lines[1] == " No changes yet")
  }

  // MARK: Sizes

  @Test(arguments: HistoryViewModel.Page.allCases)
  func eachViewFits80x24AndItsSmallestSize(page: HistoryViewModel.Page) {
    let model = model(page: page)
    let smallest = HistoryView.minimumSize(of: page)
    for (width, height) in [(80, 24), smallest] {
      let canvas = render(model, width: width, height: height)
      #expect(canvas.lines[0].hasPrefix(tab(page)), "\(page) at \(width)x\(height)\n\(canvas.picture)")
      #expect(canvas.lines[height - 1].contains("Tab view"))
    }
  }

  /// The tab row up to `page`'s tab, which is the one selected.
  private func tab(_ page: HistoryViewModel.Page) -> String {
    " " + HistoryView.tabColumns().prefix { $0.page != page }.map { " \($0.page.title) " }.joined(separator: " ")
      + (page == .year ? "" : " ") + " \(page.title) "
  }

  /// Where a view does not fit, down to 40x12 and 30x8, the screen shows the Days view in its
  /// place (its tab selected), and the arrows move the days; the view on show comes back
  /// when the terminal is large enough again.
  @Test(arguments: [(40, 12), (58, 13), (30, 8), (58, 24)])
  func aViewThatDoesNotFitShowsTheDays(width: Int, height: Int) {
    let model = model(page: .year)
    let canvas = render(model, width: width, height: height)
    #expect(canvas.lines[0].hasPrefix(tab(.days)), "\(canvas.picture)")
    #expect(canvas.lines[height - 3].hasPrefix(" Today +"), "\(canvas.picture)")
    #expect(canvas.lines[height - 1].hasPrefix(" Tab view  ←/→ 14 days"))
    let days = canvas.lines[1]
    _ = model.model.receive(.key(.left), in: model.context(width: width, height: height))
    #expect(render(model, width: width, height: height).lines[1] != days, "← shows the 14 days before")
    #expect(model.page == .year && model.yearEndDay == model.today)
    #expect(render(model).lines[0].hasPrefix(tab(.year)))
  }

  // MARK: Keys

  @Test func tabAndShiftTabGoThroughTheViewsAndQCloses() {
    let model = model()
    var pages: [HistoryViewModel.Page] = []
    for _ in 0..<4 {
      model.press(.tab)
      pages.append(model.page)
    }
    #expect(pages == [.day, .days, .changes, .year])
    model.press(.backTab)
    #expect(model.page == .changes)
    model.press(.character("2"))
    #expect(model.page == .day)
    #expect(model.press(.character("x")).isEmpty)
    for key in [Key.character("q"), .escape, .enter, .character("H")] {
      #expect(model.press(key) == [KeepHistoryPage(page: model.page).asked, .close])
    }
  }
}
