import FoundationEssentials
import TallyLocalization

/// How a counter stands toward its goal: progress in the current period, the periods met,
/// and the current and best streaks, read from the history of its changes.
///
/// Progress in a period is the sum of its changes, a reset taking back at most what the
/// period had counted (docs/goals.md). The current period counts toward the streak once met,
/// and until it ends a streak up to the period before still stands.
public struct GoalSummary: Equatable, Sendable {
  /// One day, week or month of the goal.
  public struct Period: Equatable, Sendable {
    /// Consecutive periods have consecutive numbers (``GoalCalendar/period(_:of:)``).
    public var number: Int
    /// Such as "Mon 23 Nov", "week of 16 Nov" or "Nov 2026".
    public var label: String
    public var progress: Int
    public var isMet: Bool
  }

  public var goal: Goal
  /// Progress in the current period, or the value for a total.
  public var progress: Int
  /// The last periods, oldest first, ending with the current one (empty for a total).
  public var periods: [Period]
  public var currentStreak: Int
  public var bestStreak: Int

  /// Whether the goal is reached, or for a limit, the progress is within it.
  public var isReached: Bool { goal.isMet(by: progress) }

  /// A limit gone over.
  public var isOver: Bool { goal.isLimit && !isReached }

  /// "6 of 8 today", "2 of 3 this week", "120 of 300 in total", "2 of at most 3 today".
  public var progressText: String {
    "\(progress) of \(goal.isLimit ? "at most " : "")\(goal.amount) \(goal.period.currentName)"
  }

  /// ``progressText`` in the user's language, for people (the screens, `stats`); scripts read
  /// ``progressText`` (`get --format {progress}`, `watch`).
  public var progressWords: String {
    let period = tr(verbatim: goal.period.currentName)
    return goal.isLimit ? tr("\(progress) of at most \(goal.amount) \(period)") : tr("\(progress) of \(goal.amount) \(period)")
  }

  /// How the counter stands, from its totals in the last `periodCount` periods and its streaks;
  /// a limit is kept from period `first` on (``firstPeriod(ofCounter:per:history:calendar:current:)``).
  public init(
    goal: Goal, value: Int, totals: PeriodTotals, streaks: (current: Int, best: Int), now: Date, calendar: GoalCalendar,
    periodCount: Int = 14, from first: Int = .min
  ) {
    self.goal = goal
    guard goal.period != .total else {
      progress = value
      periods = []
      currentStreak = 0
      bestStreak = 0
      return
    }
    let current = calendar.period(goal.period, of: now)
    progress = totals[current]?.progress ?? 0
    periods = (current - periodCount + 1...current).map { number in
      let progress = totals[number]?.progress ?? 0
      return Period(
        number: number, label: GoalCalendar.label(goal.period, number: number), progress: progress,
        isMet: goal.isMet(by: progress) && (!goal.isLimit || number >= first))
    }
    currentStreak = streaks.current
    bestStreak = streaks.best
  }

  /// How the counter stands, from its totals in every period of the goal's kind; a limit is
  /// kept from period `first` on (the current one when `nil`).
  public init(
    goal: Goal, value: Int, totals: PeriodTotals, now: Date, calendar: GoalCalendar, periodCount: Int = 14, from first: Int? = nil
  ) {
    let current = calendar.period(goal.period, of: now)
    let first = first ?? current
    let streaks =
      goal.isLimit
      ? Self.streaks(in: totals, within: goal.amount, from: first, current: current)
      : Self.streaks(in: totals, reaching: goal.amount, current: current)
    self.init(
      goal: goal, value: value, totals: totals, streaks: streaks, now: now, calendar: calendar, periodCount: periodCount,
      from: min(first, totals.numbers.first ?? first))
  }

  /// The current and the longest run of periods in `totals` that reached `amount`.
  public static func streaks(in totals: PeriodTotals, reaching amount: Int, current: Int) -> (current: Int, best: Int) {
    let met = totals.numbers(reaching: amount)
    var index = met.count - 1
    while index >= 0 && met[index] > current { index -= 1 }
    var number = index >= 0 && met[index] == current ? current : current - 1
    var streak = 0
    while index >= 0 && met[index] == number {
      streak += 1
      number -= 1
      index -= 1
    }
    return (streak, longestRun(met))
  }

  /// The current and the longest run of periods within the limit `amount`, from period
  /// `first` (the counter's first entry's) or the first in `totals`, whichever is earlier, up
  /// to `current`: a period with no change is within, and the current one counts while within.
  public static func streaks(in totals: PeriodTotals, within amount: Int, from first: Int, current: Int) -> (
    current: Int, best: Int
  ) {
    let first = min(first, totals.numbers.first ?? first, current)
    let over = zip(totals.numbers, totals.values).filter { $0.0 <= current && $0.1.progress > amount }.map(\.0)
    // The runs lie between the periods over the limit, and before the first one.
    let bounds = [first - 1] + over + (over.last == current ? [] : [current + 1])
    let best = zip(bounds, bounds.dropFirst()).map { $1 - $0 - 1 }.max() ?? 0
    return (over.last == current ? 0 : current - (over.last ?? first - 1), best)
  }

  /// How the counter stands, reading every change in `entries`: the definition, for tests.
  public init(goal: Goal, value: Int, entries: [HistoryEntry], now: Date, calendar: GoalCalendar, periodCount: Int = 14) {
    self.init(
      goal: goal, value: value, totals: PeriodTotal.byPeriod(entries, per: goal.period, calendar: calendar), now: now,
      calendar: calendar, periodCount: periodCount,
      from: entries.map(\.time).min().map { calendar.period(goal.period, of: $0) })
  }

  /// The first period a limit is kept in: that of the counter's first entry in the history
  /// (its creation, or a change dated before it), or the current one when it has none.
  public static func firstPeriod(
    ofCounter id: String, per kind: Goal.Period, history: HistoryReader, calendar: GoalCalendar, current: Int
  ) -> Int {
    history.firstEntryTime(ofCounter: id).map { min(current, calendar.period(kind, of: $0)) } ?? current
  }

  /// The longest run of consecutive numbers in `numbers`, which are in increasing order.
  private static func longestRun(_ numbers: [Int]) -> Int {
    var best = 0
    var length = 0
    for (index, number) in numbers.enumerated() {
      length = index > 0 && numbers[index - 1] &+ 1 == number ? length + 1 : 1
      best = max(best, length)
    }
    return best
  }
}

extension GoalSummary {
  /// How `counter` stands toward its goal in the current period only (no streaks), or `nil`.
  public static func progress(of counter: Counter, history: HistoryReader, now: Date, calendar: GoalCalendar) -> GoalSummary? {
    guard let goal = counter.goal else { return nil }
    let current = calendar.period(goal.period, of: now)
    let totals =
      goal.period == .total ? [:] : history.totals(ofCounter: counter.id, per: goal.period, calendar: calendar, from: current)
    return GoalSummary(
      goal: goal, value: counter.value, totals: totals, streaks: (0, 0), now: now, calendar: calendar, periodCount: 1)
  }

  /// How `counter` stands toward its goal now, or `nil` when it has none.
  public static func of(_ counter: Counter, history: HistoryReader, now: Date, calendar: GoalCalendar) -> GoalSummary? {
    guard let goal = counter.goal else { return nil }
    guard goal.period != .total else {
      return GoalSummary(goal: goal, value: counter.value, totals: [:], streaks: (0, 0), now: now, calendar: calendar)
    }
    let current = calendar.period(goal.period, of: now)
    let periodCount = 14
    let totals = history.totals(ofCounter: counter.id, per: goal.period, calendar: calendar, from: current - periodCount + 1)
    // Only a limit is kept from a first period: a goal to reach asks nothing more a frame.
    let first =
      goal.isLimit
      ? firstPeriod(ofCounter: counter.id, per: goal.period, history: history, calendar: calendar, current: current) : .min
    let streaks =
      goal.isLimit
      ? Self.streaks(
        in: history.totals(ofCounter: counter.id, per: goal.period, calendar: calendar, over: goal.amount), within: goal.amount,
        from: first, current: current)
      : history.streaks(ofCounter: counter.id, per: goal.period, calendar: calendar, reaching: goal.amount, current: current)
    return GoalSummary(
      goal: goal, value: counter.value, totals: totals, streaks: streaks, now: now, calendar: calendar, periodCount: periodCount,
      from: first)
  }
}
