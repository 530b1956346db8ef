import TallyModel
import TallyPlatform

/// A year of a counter's days as the history screen's Year view draws them, GitHub-style:
/// 53 weeks of 7 days, each day at a level of 0 (nothing counted) to 4.
///
/// A day's amount is what goals count that day (``PeriodTotal/progress``), so a reset does
/// not light a day up; a counter that counts down is measured by how far it went. A day is
/// at level `ceil(4 × amount / scale)`, so that the legend can say which amounts each level
/// holds. The scale is the year's busiest day; with a daily goal it is the most a day can
/// count without meeting the goal, as the days that met it are marked instead.
///
/// Days that met the goal are marked: with a daily goal, every day that reached it; with a
/// weekly or monthly one, the day on which its week or month reached it.
public struct YearMap: Equatable, Sendable {
  /// The number of week columns.
  public static let weekCount = 53

  /// The first day of the first column (a Monday), as days since 1970-01-01.
  public var firstDay: Int
  /// The last day with a level: today, or the Sunday ending the last column for a year in
  /// the past.
  public var lastDay: Int
  /// Each day's amount, from ``firstDay`` on, for 53 × 7 days (0 after ``lastDay``).
  public var amounts: [Int]
  /// The days that met the goal (for a limit, that went over it), from ``firstDay`` on.
  public var met: [Bool]
  /// The largest amount of a day in the map; 0 when nothing was counted.
  public var busiest: Int
  /// The amount at the top of level 4.
  public var scale: Int

  /// The map of the 53 weeks whose last one holds `endDay`, read from the totals `history`
  /// keeps (two indexed reads at most, however long the history).
  public init(counter: Counter, history: HistoryReader, calendar: GoalCalendar, endDay: Int, today: Int) {
    let lastWeek = GoalCalendar.period(.week, ofDay: endDay)
    let firstDay = (lastWeek - Self.weekCount + 1) * 7 - 3
    let goal = counter.goal.flatMap { $0.period == .total ? nil : $0 }
    // With a weekly or monthly goal, the days of the period that began before the map too,
    // to find the day it was reached.
    var readFrom = firstDay
    if let goal, goal.period != .day {
      readFrom = min(firstDay, Self.firstDay(ofPeriod: GoalCalendar.period(goal.period, ofDay: firstDay), goal.period))
    }
    let days = history.totals(ofCounter: counter.id, per: .day, calendar: calendar, from: readFrom)
    let periods = goal.flatMap { goal in
      goal.period == .day
        ? nil
        : history.totals(
          ofCounter: counter.id, per: goal.period, calendar: calendar,
          from: GoalCalendar.period(goal.period, ofDay: readFrom))
    }
    self.init(
      firstDay: firstDay, lastDay: min(today, firstDay + Self.weekCount * 7 - 1), days: days, goal: goal, periods: periods)
  }

  /// The map from day totals `days` (and, for a weekly or monthly `goal`, its periods'
  /// totals `periods`); `days` may start before `firstDay`.
  public init(firstDay: Int, lastDay: Int, days: PeriodTotals, goal: Goal?, periods: PeriodTotals?) {
    self.firstDay = firstDay
    self.lastDay = lastDay
    let count = Self.weekCount * 7
    amounts = (0..<count).map { index in
      let day = firstDay + index
      return day > lastDay ? 0 : Int((days[day]?.progress ?? 0).magnitude.clamped)
    }
    busiest = amounts.max() ?? 0
    met = Array(repeating: false, count: count)
    guard let goal else {
      scale = busiest
      return
    }
    // A limit marks the days over it, and shades the days up to it.
    let marks = { (progress: Int) in goal.isLimit ? progress > goal.amount : progress >= goal.amount }
    scale = goal.period == .day ? min(busiest, max(1, goal.isLimit ? goal.amount : goal.amount - 1)) : busiest
    if goal.period == .day {
      for index in 0..<count where firstDay + index <= lastDay {
        met[index] = marks(days[firstDay + index]?.progress ?? 0)
      }
      return
    }
    // The day each met week or month reached its amount: its days' progress added up.
    var running = (period: Int.min, sum: 0, marked: false)
    for (day, total) in zip(days.numbers, days.values) where day <= lastDay {
      let period = GoalCalendar.period(goal.period, ofDay: day)
      if running.period != period { running = (period, 0, false) }
      running.sum = PeriodTotal.add(running.sum, total.progress)
      guard !running.marked, marks(running.sum), marks(periods?[period]?.progress ?? 0) else { continue }
      running.marked = true
      if day >= firstDay { met[day - firstDay] = true }
    }
  }

  /// The level of the day at `index` (from ``firstDay``): 0 for nothing counted, 1 to 4 by
  /// its share of the busiest day's amount.
  public func level(at index: Int) -> Int {
    Self.level(min(amounts[index], scale), busiest: scale)
  }

  static func level(_ amount: Int, busiest: Int) -> Int {
    guard amount > 0, busiest > 0 else { return 0 }
    return (1...4).first { amount <= top(ofLevel: $0, busiest: busiest) } ?? 4
  }

  /// The largest amount at `level`: `busiest × level / 4` rounded down, without overflow.
  static func top(ofLevel level: Int, busiest: Int) -> Int {
    busiest / 4 * level + busiest % 4 * level / 4
  }

  /// The amounts level `level` (1 to 4) holds, as the legend says them ("1–5"); `nil` when
  /// none does (a year whose busiest day counted 2 has no amount at levels 1 and 3).
  public func range(ofLevel level: Int) -> ClosedRange<Int>? {
    guard scale > 0, (1...4).contains(level) else { return nil }
    let low = level == 1 ? 1 : Self.top(ofLevel: level - 1, busiest: scale) + 1
    let high = Self.top(ofLevel: level, busiest: scale)
    return low <= high ? low...high : nil
  }

  /// The sum of the map's days, and how many had something counted.
  public var total: (amount: Int, days: Int) {
    (amounts.reduce(0) { PeriodTotal.add($0, $1) }, amounts.count { $0 > 0 })
  }

  /// The first day of period `number` of `kind` (a week's Monday, a month's 1st).
  static func firstDay(ofPeriod number: Int, _ kind: Goal.Period) -> Int {
    switch kind {
    case .week: return number * 7 - 3
    case .month:
      let year = Int64((Double(number) / 12).rounded(.down))
      return Int(UTCTime.daysFromCivil(year: year, month: Int64(number) - year * 12 + 1, day: 1))
    case .day, .total: return number
    }
  }
}

extension UInt {
  /// The value as an `Int`, `Int.max` when it is larger.
  fileprivate var clamped: Int { self > UInt(Int.max) ? Int.max : Int(self) }
}
