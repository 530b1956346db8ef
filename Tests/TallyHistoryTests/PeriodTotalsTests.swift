import FoundationEssentials
import TallyHistory
import TallyModel
import TallyTestSupport
import Testing

/// The totals the database keeps, against the definition: every change read and folded
/// (``PeriodTotal/byPeriod(_:per:calendar:)``), in time zones with daylight saving, half- and
/// quarter-hour offsets, and days that start at any hour.
struct PeriodTotalsTests {
  /// Periods set in any order are kept in order, found, replaced and removed; `from` keeps
  /// the later ones; and the streaks read them as runs of consecutive periods.
  @Test func totalsAreKeptInOrderOfPeriod() {
    var totals = PeriodTotals()
    for number in [12, 3, 7, 10, 11, -2] { totals[number] = PeriodTotal(net: number, progress: number) }
    #expect(totals.numbers == [-2, 3, 7, 10, 11, 12])
    #expect(totals[7] == PeriodTotal(net: 7, progress: 7))
    #expect(totals[8] == nil)
    totals[7] = nil
    totals[3, default: PeriodTotal()].record(from: 0, to: 2)
    #expect(totals.numbers == [-2, 3, 10, 11, 12])
    #expect(totals[3] == PeriodTotal(net: 5, progress: 5))
    #expect(totals.from(4).numbers == [10, 11, 12])
    #expect(totals.from(13).isEmpty)
    #expect(totals.firstAnd(over: 10).numbers == [-2, 11, 12], "a limit's streaks read the first period and those over")
    #expect(
      totals == [
        12: .init(net: 12, progress: 12), 11: .init(net: 11, progress: 11), 10: .init(net: 10, progress: 10),
        3: .init(net: 5, progress: 5), -2: .init(net: -2, progress: -2),
      ])
    #expect(GoalSummary.streaks(in: totals, reaching: 1, current: 12) == (current: 3, best: 3))
    #expect(GoalSummary.streaks(in: totals, reaching: 1, current: 13) == (current: 3, best: 3), "today still open")
    #expect(GoalSummary.streaks(in: totals, reaching: 1, current: 14) == (current: 0, best: 3))
    #expect(GoalSummary.streaks(in: totals, reaching: 11, current: 12) == (current: 2, best: 2))
    #expect(GoalSummary.streaks(in: totals, reaching: 1, current: 3) == (current: 1, best: 3), "later periods left out")
  }

  /// A random generator with a seed, so that a failure can be run again.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe"]

  /// Changes of three counters over three years, some resets to 0, in batches, some of them
  /// entered for the past (as `--at`, an import or another machine's history do).
  static func changes(seed: UInt64) -> [[HistoryEntry]] {
    var random = SeededGenerator(state: seed)
    let start = at("2024-01-01T00:00:00Z").timeIntervalSince1970
    var values = ["a": 0, "b": 0, "c": 0]
    var time = start
    var batches: [[HistoryEntry]] = []
    for _ in 0..<300 {
      var batch: [HistoryEntry] = []
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        time += Double.random(in: 0...(86_400 * 4), using: &random)
        let counter = ["a", "b", "c"][Int.random(in: 0..<3, using: &random)]
        let old = values[counter, default: 0]
        let new = Int.random(in: 0..<10, using: &random) == 0 ? 0 : old + Int.random(in: -3...5, using: &random)
        values[counter] = new
        // One in six is dated up to 40 days back.
        let moment =
          Int.random(in: 0..<6, using: &random) == 0 ? time - Double.random(in: 0...(86_400 * 40), using: &random) : time
        batch.append(
          HistoryEntry(
            time: Date(timeIntervalSince1970: moment.rounded()), event: .changed, counter: counter, name: counter, old: old,
            new: new, source: .app))
      }
      batches.append(batch)
    }
    return batches
  }

  func expectSameTotals(_ history: SQLiteHistory, _ calendar: GoalCalendar, _ label: String) {
    let entries = history.read().entries
    for counter in ["a", "b", "c"] {
      let mine = entries.filter { $0.counter == counter }
      for kind in [Goal.Period.day, .week, .month] {
        let expected = PeriodTotal.byPeriod(mine, per: kind, calendar: calendar)
        let kept = history.totals(ofCounter: counter, per: kind, calendar: calendar, from: nil)
        #expect(kept == expected, "\(label): \(counter) per \(kind)")
        // The streaks the database finds, against the definition, ending at a few periods.
        let last = expected.numbers.last ?? 0
        for amount in [1, 3] {
          for current in [last, last + 1, last + 2, last - 5] {
            let found = history.streaks(ofCounter: counter, per: kind, calendar: calendar, reaching: amount, current: current)
            let defined = GoalSummary.streaks(in: expected, reaching: amount, current: current)
            #expect(found == defined, "\(label): \(counter) per \(kind), \(amount) ending at \(current)")
          }
        }
      }
      #expect(history.allTime(ofCounter: counter) == expected(allTimeOf: mine), "\(label): \(counter) all time")
      // What a screen shows: the goal's summary asked of the database, against the one read
      // from every change.
      let now = mine.map(\.time).max() ?? Date(timeIntervalSince1970: 0)
      let limits = [Goal(amount: 2, period: .day, isLimit: true), Goal(amount: 9, period: .week, isLimit: true)]
      for goal in [Goal(amount: 3, period: .day), Goal(amount: 5, period: .week), Goal(amount: 20, period: .month)] + limits {
        let item = Counter(id: counter, name: counter, value: 0, goal: goal)
        #expect(
          GoalSummary.of(item, history: history, now: now, calendar: calendar)
            == GoalSummary(goal: goal, value: 0, entries: mine, now: now, calendar: calendar), "\(label): \(counter) \(goal.text)"
        )
      }
    }
  }

  func expected(allTimeOf entries: [HistoryEntry]) -> Int { entries.reduce(0) { $0 + $1.netChange } }

  static func calendar(_ zone: String, _ hour: Int) throws -> GoalCalendar {
    GoalCalendar(timeZone: try #require(TimeZone(identifier: zone)), dayStartsAtHour: hour)
  }

  @Test(arguments: zip(zones, [0, 4, 23, 5, 0, 2]))
  func keptTotalsAreTheTotalsOfEveryChange(zone: String, hour: Int) throws {
    let batches = Self.changes(seed: UInt64(zone.utf8.count * 31 + hour))
    let history = SQLiteHistory.inMemory()
    let calendar = try Self.calendar(zone, hour)
    // Asked after every few batches: the totals are brought up to date row by row.
    for (index, batch) in batches.enumerated() {
      history.append(batch)
      if index % 7 == 0 {
        // The streaks asked now are kept, and kept up to date by the appends that follow.
        for counter in ["a", "b", "c"] {
          for kind in [Goal.Period.day, .week, .month] {
            for amount in [1, 3] {
              _ = history.streaks(ofCounter: counter, per: kind, calendar: calendar, reaching: amount, current: Int(Int32.max))
            }
          }
        }
      }
    }
    expectSameTotals(history, calendar, "\(zone) from \(hour)")

    // Another time zone, another hour: the kept totals are made again.
    let index = try #require(Self.zones.firstIndex(of: zone))
    let moved = try Self.calendar(Self.zones[(index + 1) % Self.zones.count], (hour + 7) % 24)
    expectSameTotals(history, moved, "moved")
    // And back, with more changes since.
    history.append(Self.changes(seed: 99).flatMap { $0 }.prefix(50).map { $0 })
    expectSameTotals(history, calendar, "back")
  }

  /// A day of 25 hours keeps the changes of its last hour when one is entered for its start.
  ///
  /// Berlin's Sunday 25 October 2026 lasts 25 hours (clocks go back from 03:00 to 02:00):
  /// its first change and its last are more than a day apart. A change entered later for
  /// its first minutes (another machine's, or `--at`) makes the day's total again from every
  /// change of the day, the last hour's included.
  @Test func aChangeEnteredLaterForTheStartOfA25HourDayKeepsTheChangesAtItsEnd() throws {
    let calendar = try Self.calendar("Europe/Berlin", 0)
    let history = SQLiteHistory.inMemory()
    let late = HistoryEntry(
      time: at("2026-10-25T22:50:00Z"), event: .changed, counter: "a", name: "a", old: 0, new: 5, source: .app)  // 23:50 CET
    history.append([late])
    let day = calendar.day(of: late.time)
    #expect(history.totals(ofCounter: "a", per: .day, calendar: calendar, from: nil)[day]?.net == 5)

    let early = HistoryEntry(
      time: at("2026-10-24T22:05:00Z"), event: .changed, counter: "a", name: "a", old: 5, new: 7, source: .command)  // 00:05 CEST
    #expect(calendar.day(of: early.time) == day)
    history.append([early])
    let kept = history.totals(ofCounter: "a", per: .day, calendar: calendar, from: nil)
    #expect(kept[day] == PeriodTotal(net: 7, progress: 7))
    #expect(kept == PeriodTotal.byPeriod([early, late], per: .day, calendar: calendar))
  }

  @Test func aCalendarWithoutANameReadsEveryChange() {
    let history = SQLiteHistory.inMemory(entries: Self.changes(seed: 7).flatMap { $0 })
    let unnamed = GoalCalendar(utcOffset: { _ in 3600 })
    #expect(unnamed.key == nil)
    expectSameTotals(history, unnamed, "unnamed")
  }
}
