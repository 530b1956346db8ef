import FoundationEssentials
import TallyModel

/// A counter's last 14 days (today last) and today's goal, read for the board.
public struct BoardHistory: Sendable, Equatable {
  public var days: [Int]
  public var goal: GoalSummary?

  public init(days: [Int], goal: GoalSummary?) { (self.days, self.goal) = (days, goal) }

  init(_ counter: Counter, history: HistoryReader, calendar: GoalCalendar, today: Int) {
    let totals = history.totals(ofCounter: counter.id, per: .day, calendar: calendar, from: today - 13)
    days = (today - 13...today).map { totals[$0]?.net ?? 0 }
    goal = GoalSummary.progress(of: counter, history: history, now: calendar.start(ofDay: today), calendar: calendar)
  }
}

/// What the board shows of the history: its counters as they stand on day `today`.
///
/// A counter whose value changed is read again, and every one on a new day.
struct BoardQuestion: HistoryQuestion {
  let counters: [Counter]
  let today: Int

  func answer(from history: HistoryReader, calendar: GoalCalendar, now: Date, last: BoardAnswer?) -> BoardAnswer {
    var answer = last?.today == today ? last ?? BoardAnswer(today: today) : BoardAnswer(today: today)
    for counter in counters where answer.readFor[counter.id] != counter {
      answer.readFor[counter.id] = counter
      answer.days[counter.id] = BoardHistory(counter, history: history, calendar: calendar, today: today)
    }
    return answer
  }
}

/// The board's counters' last 14 days and today's goal, by id, as read on day `today`.
public struct BoardAnswer: Sendable {
  public internal(set) var days: [String: BoardHistory] = [:]
  let today: Int
  /// Each counter as it stood when read.
  var readFor: [String: Counter] = [:]

  public init(today: Int) { self.today = today }
}
