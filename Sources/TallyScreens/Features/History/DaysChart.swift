import TallyModel

/// The bars of the Days view: a day, or a goal's week or month, each.
public struct DaysChart: Equatable, Sendable {
  public struct Bar: Equatable, Sendable {
    public var label: String
    public var net: Int
    /// Whether the period met the goal; `nil` without a goal of this period.
    public var isMet: Bool?
  }

  public var period: Goal.Period
  /// Oldest first.
  public var bars: [Bar]

  public static let windowSize = 14

  /// The 14 days (or goal periods) ending `windowsBack` windows before the current one.
  public init(counter: Counter, history: HistoryReader, calendar: GoalCalendar, today: Int, windowsBack: Int) {
    let goal = counter.goal.flatMap { $0.period == .total ? nil : $0 }
    let period = goal?.period ?? .day
    self.period = period
    let last = GoalCalendar.period(period, ofDay: today) - windowsBack * Self.windowSize
    let first = last - Self.windowSize + 1
    let totals = history.totals(ofCounter: counter.id, per: period, calendar: calendar, from: first)
    // A limit is kept from the counter's first period on, as its streaks count (docs/goals.md).
    let kept =
      goal?.isLimit == true
      ? GoalSummary.firstPeriod(
        ofCounter: counter.id, per: period, history: history, calendar: calendar,
        current: GoalCalendar.period(period, ofDay: today))
      : Int.min
    bars = (first...last).map { number in
      let total = totals[number] ?? PeriodTotal()
      return Bar(
        label: GoalCalendar.label(period, number: number), net: total.net,
        isMet: goal.map { $0.isMet(by: total.progress) && number >= kept })
    }
  }
}
