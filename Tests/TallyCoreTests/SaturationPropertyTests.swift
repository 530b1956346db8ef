import PropertyBased
import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyScreens
import TallySettings
import TallyTestSupport
import Testing

/// Shares and saturation over any values, `Int.min`, `Int.max` and 0 among them: the board's
/// shares add up to 100 and none is negative, and nothing the screens and `stats` work out
/// from values and their changes traps.
struct SaturationPropertyTests {
  static let edges = [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max]
  /// Any `Int`, often one of the ``edges`` or a small one.
  static let value = Gen.oneOf(Gen.int(), Gen.int(in: 0...6).map { edges[$0] }, Gen.int(in: -50...50))

  @Test func sharesAddUpToAHundredWhenACounterIsAbove0AndNoneIsNegative() async {
    await propertyCheck(count: 500, input: Self.value.array(of: 0...12)) { values in
      let shares = Proportion.percentages(of: values)
      #expect(shares.count == values.count)
      #expect(zip(values, shares).allSatisfy { ($0 < 0) == ($1 == nil) || !values.contains { $0 > 0 } })
      #expect(shares.allSatisfy { $0 == nil || (0...100).contains($0!) })
      if values.contains(where: { $0 > 0 }) {
        #expect(shares.reduce(0) { $0 + ($1 ?? 0) } == 100, "\(values) → \(shares)")
      } else {
        #expect(shares.allSatisfy { $0 == nil })
      }
    }
  }

  @Test func sumsAreClampedAndDoNotDependOnOrderAndLevelsStayOnTheirScale() async {
    await propertyCheck(count: 500, input: Self.value.array(of: 0...12), Self.value, Self.value) { values, value, top in
      #expect(Proportion.sum(values) == Proportion.sum(values.reversed()))
      #expect(Proportion.sum([Int.max] + values.filter { $0 >= 0 }) == Int.max)
      #expect((0...10).contains(Proportion.level(of: value, top: top, levels: 10)))
    }
  }

  /// A change adds its difference, saturating; a reset (a change to 0) never counts itself
  /// and leaves no period below 0.
  @Test func progressSaturatesAndAResetStartsThePeriodOver() async {
    await propertyCheck(count: 500, input: Self.value, Self.value, Self.value) { old, new, start in
      var total = PeriodTotal(net: start, progress: start)
      total.record(from: old, to: new)
      #expect(total.net == PeriodTotal.add(start, HistoryEntry.change(from: old, to: new)))
      let before = total.progress
      total.record(from: new, to: 0)
      if new != 0 { #expect((0...max(0, before)).contains(total.progress)) }
    }
  }

  /// Counters set to any values (each set a change in the history, from `Int.min` to
  /// `Int.max` and back), one with a goal or a limit of any amount: the board, the counter
  /// screen, every view of `H` and what `stats` reads all draw without a trap.
  @Test func noScreenTrapsAtAnyValue() async {
    await propertyCheck(count: 40, input: Self.value.array(of: 1...6), Self.value, Gen.bool()) { values, amount, limit in
      let defaults = InMemoryUserDefaults()
      AppDefaults.register(in: defaults)
      let history = SQLiteHistory.inMemory()
      let clock = ManualClock(iso: "2026-11-23T10:00:00Z")
      let app = TestApps.app(
        settings: FakeSettingStorage(showOnboarding: false), defaults: defaults,
        eventRecorder: HistoryRecorder(log: history, clock: clock, source: .app), history: history, clock: clock)
      let goal = Goal(amount: max(limit ? 0 : 1, amount), period: .day, isLimit: limit)
      _ = app.counters.apply([.setGoal(goal, of: "count")])
      for (index, value) in values.enumerated() {
        _ = app.counters.apply([.create(named: "c\(index)", selecting: false)])
        let id = app.counters.list.counters[index + 1].id
        _ = app.counters.apply([.setValue(value, of: id), .setValue(values[values.count - 1 - index], of: id)])
        _ = app.counters.apply([.setValue(value, of: "count")])
      }
      app.receive(.keys([], width: 80, height: 24, unicode: true))
      var frames = [app.frame(width: 80, height: 24, unicode: true).render().lines]
      app.press(.character("B"))
      frames.append(app.frame(width: 80, height: 24, unicode: true).render().lines)
      app.press(.character("q"), .character("H"))
      for _ in 0..<4 {
        frames.append(app.frame(width: 80, height: 24, unicode: true).render().lines)
        app.press(.tab)
      }
      let total = Proportion.sum(app.counters.list.counters.map(\.shown))
      #expect(frames[1][21].hasPrefix("     total"))
      #expect(frames[1][21].split(separator: " ").contains(Substring(String(total))), "\(frames[1][21])")
      #expect(frames.dropFirst(2).allSatisfy { $0.joined().contains("Count") })
      let calendar = GoalCalendar(clock: clock)
      let stand = GoalSummary.of(app.counters.list.current, history: history, now: clock.now(), calendar: calendar)
      #expect(stand?.goal == goal)
    }
  }
}
