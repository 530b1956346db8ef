import FoundationEssentials
import TallyHistory
import TallyModel
import TallyTestSupport
import Testing

/// `tally log --by` and `tally stats --by`: the net change per hour, day, week and month.
struct HistoryBucketsTests {
  /// A history of `count` with a change of `delta` at each time.
  private func history(_ changes: [(String, Int)]) -> SQLiteHistory {
    let log = SQLiteHistory.inMemory()
    var value = 0
    log.append(
      changes.map { time, delta in
        defer { value += delta }
        return HistoryEntry(
          time: at(time), event: .changed, counter: "count", name: "Count", old: value, new: value + delta, source: .command)
      })
    return log
  }

  private let changes = [
    ("2026-10-31T23:30:00Z", 2), ("2026-11-01T00:10:00Z", 1), ("2026-11-01T00:50:00Z", -3), ("2026-11-01T05:00:00Z", 4),
    ("2026-11-09T12:00:00Z", 5),
  ]

  private func buckets(
    _ kind: HistoryBuckets.Kind, calendar: GoalCalendar = GoalCalendar(utcOffset: { _ in 0 }), since: String? = nil,
    until: String? = nil, limit: Int? = nil
  ) -> [String] {
    HistoryBuckets.of(
      counter: "count", by: kind, history: history(changes), calendar: calendar, now: at("2026-11-09T18:00:00Z"),
      since: since.map(at), until: until.map(at), limit: limit
    ).map { "\($0.label) \(HistorySummary.signed($0.net))" }
  }

  @Test func daysWeeksAndMonthsSumTheirChanges() {
    #expect(buckets(.day) == ["2026-10-31 +2", "2026-11-01 +2", "2026-11-09 +5"])
    // 2026-10-31 is a Saturday: its week began on Monday 26 October; 9 November is a Monday.
    #expect(buckets(.week) == ["2026-10-26 +4", "2026-11-09 +5"])
    #expect(buckets(.month) == ["2026-10 +2", "2026-11 +7"])
  }

  @Test func hoursAreLocalAndCoverTodayUnlessASinceIsGiven() {
    #expect(buckets(.hour) == ["2026-11-09 12:00 +5"])
    #expect(
      buckets(.hour, since: "2026-10-31T00:00:00Z", until: "2026-11-02T00:00:00Z")
        == ["2026-10-31 23:00 +2", "2026-11-01 00:00 -2", "2026-11-01 05:00 +4"])
    let plusTwo = GoalCalendar(utcOffset: { _ in 7200 })
    #expect(
      buckets(.hour, calendar: plusTwo, since: "2026-10-31T00:00:00Z")
        == ["2026-11-01 01:00 +2", "2026-11-01 02:00 -2", "2026-11-01 07:00 +4", "2026-11-09 14:00 +5"])
  }

  @Test func theHourADayStartsAtMovesChangesToTheDayBefore() {
    let fromFour = GoalCalendar(utcOffset: { _ in 0 }, dayStartsAtHour: 4)
    #expect(buckets(.day, calendar: fromFour) == ["2026-10-31 0", "2026-11-01 +4", "2026-11-09 +5"])
    #expect(
      HistoryBuckets.of(
        counter: "count", by: .day, history: history(changes), calendar: fromFour, now: at("2026-11-09T18:00:00Z")
      ).first?.start == at("2026-10-31T04:00:00Z"))
  }

  @Test func sinceUntilAndLimitChooseWholeBuckets() {
    #expect(buckets(.day, since: "2026-11-01T12:00:00Z") == ["2026-11-01 +2", "2026-11-09 +5"])
    #expect(buckets(.day, until: "2026-11-09T00:00:00Z") == ["2026-10-31 +2", "2026-11-01 +2"])
    #expect(buckets(.month, limit: 1) == ["2026-11 +7"])
    #expect(buckets(.day, limit: 0) == [])
  }

  @Test func anEmptyHistoryHasNoBuckets() {
    for kind in HistoryBuckets.Kind.allCases {
      #expect(
        HistoryBuckets.of(
          counter: "count", by: kind, history: SQLiteHistory.inMemory(), calendar: GoalCalendar(utcOffset: { _ in 0 }),
          now: at("2026-11-09T18:00:00Z")
        ).isEmpty)
    }
  }
}
