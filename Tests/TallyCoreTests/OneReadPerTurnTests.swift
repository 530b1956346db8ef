import FoundationEssentials
import TallyApp
import TallyHistory
import TallyModel
import TallyScreens
import TallyTestSupport
import Testing

/// What the screens show of the history is read once a turn, after its keys, and never while
/// a frame is drawn (docs/architecture.md, one key press).
struct OneReadPerTurnTests {
  let clock = ManualClock(iso: "2026-11-23T10:00:00Z")
  let log = SQLiteHistory.inMemory()
  let reads: CountingReader
  let app: AppViewModel

  init() throws {
    reads = CountingReader(log)
    let recorder = HistoryRecorder(log: log, clock: clock, source: .app)
    let counters = CountersModel(userDefaults: FakeUserDefaults(), eventRecorder: recorder)
    _ = counters.apply([.setGoal(Goal(amount: 8, period: .day), of: "count")])
    app = AppViewModel(
      settingStore: FakeSettingStorage(showOnboarding: false), eventRecorder: recorder, counters: counters, history: reads,
      clock: clock, readsLastChange: true)
    _ = app.take(.historyOpen)
  }

  private func turn(_ keys: Key...) -> AppAnswer { app.take(.keys(keys, width: 80, height: 24, unicode: true)) }

  @Test func drawingReadsNothing() {
    let answer = turn(.space)
    let before = reads.count
    let lines = answer.frame.render().lines
    _ = answer.frame.render()
    #expect(reads.count == before)
    #expect(lines.contains { $0.contains("1 of 8 today") }, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("+1  just now") })
  }

  @Test func aBurstReadsAsMuchAsOneKey() {
    var before = reads.count
    _ = turn(.space)
    let oneKey = reads.count - before
    before = reads.count
    let answer = turn(.space, .space, .space)
    #expect(oneKey > 0)
    #expect(reads.count - before == oneKey, "the burst's frame asks once, after its keys")
    #expect(answer.frame.render().lines.contains { $0.contains("4 of 8 today") })
  }

  @Test func aTurnThatChangesNothingReadsNothing() {
    _ = turn(.space)
    let before = reads.count
    _ = turn()
    _ = app.take(.storeChanged)
    #expect(reads.count == before)
  }
}

/// The history, counting the questions asked of it.
final class CountingReader: HistoryReader {
  let history: HistoryReader
  private(set) var count = 0

  init(_ history: HistoryReader) { self.history = history }

  private func counted<T>(_ value: T) -> T {
    count += 1
    return value
  }

  var notice: String? { history.notice }
  func read() -> HistoryReading { counted(history.read()) }
  func entries(ofCounter id: String, since: Date?, until: Date?, limit: Int?) -> HistoryReading {
    counted(history.entries(ofCounter: id, since: since, until: until, limit: limit))
  }
  func entries(ofCounter id: String, newestFirstSkipping skipping: Int, limit: Int) -> HistoryReading {
    counted(history.entries(ofCounter: id, newestFirstSkipping: skipping, limit: limit))
  }
  func entryCount(ofCounter id: String) -> Int { counted(history.entryCount(ofCounter: id)) }
  func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, from first: Int?) -> PeriodTotals {
    counted(history.totals(ofCounter: id, per: kind, calendar: calendar, from: first))
  }
  func totals(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, over amount: Int) -> PeriodTotals {
    counted(history.totals(ofCounter: id, per: kind, calendar: calendar, over: amount))
  }
  func streaks(ofCounter id: String, per kind: Goal.Period, calendar: GoalCalendar, reaching amount: Int, current: Int)
    -> (current: Int, best: Int)
  {
    counted(history.streaks(ofCounter: id, per: kind, calendar: calendar, reaching: amount, current: current))
  }
  func allTime(ofCounter id: String) -> Int { counted(history.allTime(ofCounter: id)) }
  func firstEntryTime(ofCounter id: String) -> Date? { counted(history.firstEntryTime(ofCounter: id)) }
  func lastChange(ofCounter id: String) -> RecordedChange? { counted(history.lastChange(ofCounter: id)) }
}
