import TallyModel
import TallyPlatform

/// The Year view's 53 weeks of days, each at a level of 0 to 4.
///
/// A level is `ceil(4 × amount / scale)` of what goals count that day; the scale is the
/// busiest day, or with a daily goal the most a day counts without meeting it. Days that met
/// the goal (or on which the week or month met it) are marked.
public struct YearMap: Equatable, Sendable {
  public static let weekCount = 53

  /// A Monday.
  public var firstDay: Int
  /// Today, or the last column's Sunday.
  public var lastDay: Int
  /// From ``firstDay`` on; 0 after ``lastDay``.
  public var amounts: [Int]
  /// The days that met the goal (for a limit, that went over it).
  public var met: [Bool]
  public var busiest: Int
  /// The amount at the top of level 4.
  public var scale: Int

  /// The 53 weeks whose last one holds `endDay`.
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

  /// The map from day totals (which may start earlier) and a weekly or monthly goal's.
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

  public func level(at index: Int) -> Int {
    Self.level(min(amounts[index], scale), busiest: scale)
  }

  static func level(_ amount: Int, busiest: Int) -> Int {
    guard amount > 0, busiest > 0 else { return 0 }
    return (1...4).first { amount <= top(ofLevel: $0, busiest: busiest) } ?? 4
  }

  /// `busiest × level / 4` rounded down, without overflow.
  static func top(ofLevel level: Int, busiest: Int) -> Int {
    busiest / 4 * level + busiest % 4 * level / 4
  }

  /// The amounts `level` holds, for the legend; `nil` when none does.
  public func range(ofLevel level: Int) -> ClosedRange<Int>? {
    guard scale > 0, (1...4).contains(level) else { return nil }
    let low = level == 1 ? 1 : Self.top(ofLevel: level - 1, busiest: scale) + 1
    let high = Self.top(ofLevel: level, busiest: scale)
    return low <= high ? low...high : nil
  }

  public var total: (amount: Int, days: Int) {
    (amounts.reduce(0) { PeriodTotal.add($0, $1) }, amounts.count { $0 > 0 })
  }

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
  fileprivate var clamped: Int { self > UInt(Int.max) ? Int.max : Int(self) }
}
