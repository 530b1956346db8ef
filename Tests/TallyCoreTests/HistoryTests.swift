import FoundationEssentials
import Glibc
import TallyHistory
import TallyModel
import TallyTestSupport
import Testing

private func change(_ time: String, _ old: Int, _ new: Int, counter: String = "count", source: HistoryEntry.Source = .app)
  -> HistoryEntry
{
  HistoryEntry(time: at(time), event: .changed, counter: counter, name: "Count", old: old, new: new, source: source)
}

struct HistoryEntryTests {
  /// Times from 1900 to 9999, leap days, milliseconds and the turn of 1970 included.
  static let times: [Double] = [
    -2_208_988_800, -86_400.5, -1, -0.001, 0, 0.0015, 951_782_400, 1_709_210_096.25, 1_798_675_199.999,
    253_402_300_799,
  ]

  @Test(arguments: times)
  func timesAreWrittenAsFoundationWritesThemAndReadBack(seconds: Double) throws {
    let time = Date(timeIntervalSince1970: seconds)
    let entry = HistoryEntry(time: time, event: .renamed, counter: "count", name: "x", source: .app)
    let written = try #require(entry.jsonLine.split(separator: "\"").dropLast().last.map(String.init))
    let milliseconds = Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: written.contains("."))
    #expect(abs(try style.parse(written).timeIntervalSince(milliseconds)) < 1e-6, "\(written)")
    if seconds == seconds.rounded() { #expect(written == Date.ISO8601FormatStyle().format(time)) }
    let read = try #require(HistoryEntry(jsonLine: Array(entry.jsonLine.utf8)))
    #expect(abs(read.time.timeIntervalSince(milliseconds)) < 1e-6, "\(written)")
  }

  @Test func anEntryIsOneSortedJSONLine() {
    let entry = change("2026-11-23T10:00:00.25Z", 12, 13)
    #expect(
      entry.jsonLine
        == #"{"counter":"count","event":"changed","name":"Count","new":13,"old":12,"source":"app","time":"2026-11-23T10:00:00.250Z"}"#
    )
    #expect(HistoryEntry(jsonLine: Array(entry.jsonLine.utf8)) == entry)
  }

  @Test(arguments: ["plain", "quote \" and \\ backslash", "tab\tnew\nline\u{1}", "☕ 漢字 👨‍👩‍👧"])
  func namesOfEveryKindSurviveTheLine(name: String) {
    let entry = HistoryEntry(time: at("2026-11-23T10:00:00Z"), event: .renamed, counter: "count-2", name: name, source: .app)
    #expect(HistoryEntry(jsonLine: Array(entry.jsonLine.utf8)) == entry, "\(entry.jsonLine)")
  }

  @Test(arguments: [
    "", "{", "not json", #"{"counter":"count"}"#,
    #"{"counter":"c","event":"exploded","name":"n","source":"app","time":"2026-11-23T10:00:00Z"}"#,
  ])
  func damagedLinesReadAsNil(line: String) {
    #expect(HistoryEntry(jsonLine: Array(line.utf8)) == nil)
  }

  @Test func netChangeNeverOverflows() {
    #expect(change("2026-11-23T10:00:00Z", Int.min, Int.max).netChange == Int.max)
    #expect(change("2026-11-23T10:00:00Z", Int.max, Int.min).netChange == Int.min)
    #expect(
      HistoryEntry(time: at("2026-11-23T10:00:00Z"), event: .renamed, counter: "count", name: "x", source: .app).netChange == 0)
  }
}

struct HistoryRecorderTests {
  @Test func counterEventsBecomeEntriesWrittenAtFlush() {
    let log = SQLiteHistory.inMemory()
    let clock = ManualClock(iso: "2026-11-23T10:00:00Z")
    let eventRecorder = HistoryRecorder(log: log, clock: clock, source: .command)
    eventRecorder.record(.screenShown("counter"))
    eventRecorder.record(.counterChanged(id: "count", name: "Count", old: 1, new: 2, action: .add))
    clock.advance(by: 60)
    eventRecorder.record(.counterCreated(id: "count-2", name: "laps"))
    eventRecorder.record(.counterRenamed(id: "count-2", from: "laps", to: "swims"))
    eventRecorder.record(.counterDeleted(id: "count-2", name: "swims", value: 4))
    eventRecorder.record(.screenEvent("onboardingSkipped"))
    #expect(log.read().entries.isEmpty)

    eventRecorder.flush()

    #expect(
      log.read().entries == [
        HistoryEntry(
          time: at("2026-11-23T10:00:00Z"), event: .changed, counter: "count", name: "Count", old: 1, new: 2, source: .command,
          action: .add),
        HistoryEntry(
          time: at("2026-11-23T10:01:00Z"), event: .created, counter: "count-2", name: "laps", new: 0, source: .command),
        HistoryEntry(time: at("2026-11-23T10:01:00Z"), event: .renamed, counter: "count-2", name: "swims", source: .command),
        HistoryEntry(
          time: at("2026-11-23T10:01:00Z"), event: .deleted, counter: "count-2", name: "swims", old: 4, source: .command),
      ])
  }
}

/// What the user did travels with a change, in the lines of the sync folder too.
struct HistoryActionTests {
  @Test func aLineKeepsItsActionAndOneFromALaterTallyIsNotLost() throws {
    let entry = HistoryEntry(
      time: at("2026-11-23T10:00:00Z"), event: .changed, counter: "count", name: "Count", old: 5, new: 0, source: .app,
      action: .reset)
    #expect(entry.jsonLine.hasPrefix(#"{"action":"reset","counter":"count","#))
    #expect(HistoryEntry(jsonLine: Array(entry.jsonLine.utf8)) == entry)
    let later = entry.jsonLine.replacingOccurrences(of: #""action":"reset""#, with: #""action":"tally 9""#)
    #expect(HistoryEntry(jsonLine: Array(later.utf8))?.action == .replay)
  }

  /// A burst's adds and subtractions are one change; a reset in it is one of its own.
  @Test func aBurstKeepsAResetApartFromItsPresses() {
    let log = SQLiteHistory.inMemory()
    let recorder = HistoryRecorder(log: log, clock: ManualClock(iso: "2026-11-23T10:00:00Z"), source: .app)
    for (old, new, action) in [(0, 1, HistoryEntry.Action.add), (1, 2, .add), (2, 1, .subtract), (1, 0, .reset)] {
      recorder.record(.counterChanged(id: "count", name: "Count", old: old, new: new, action: action))
    }
    recorder.flush()
    #expect(log.read().entries.map { "\($0.old ?? 0)→\($0.new ?? 0) \($0.action?.rawValue ?? "")" } == ["0→1 add", "1→0 reset"])
  }
}

struct HistoryCoalescingTests {
  @Test func consecutiveChangesOfACounterBetweenFlushesAreOneEntry() {
    let log = SQLiteHistory.inMemory()
    let clock = ManualClock(iso: "2026-11-23T10:00:00Z")
    let eventRecorder = HistoryRecorder(log: log, clock: clock, source: .app)
    for value in 0..<10_000 {
      eventRecorder.record(.counterChanged(id: "count", name: "Count", old: value, new: value + 1, action: .add))
    }
    eventRecorder.record(.counterChanged(id: "count-2", name: "laps", old: 0, new: 1, action: .add))
    eventRecorder.record(.counterChanged(id: "count", name: "Count", old: 10_000, new: 10_001, action: .add))
    eventRecorder.flush()
    eventRecorder.record(.counterChanged(id: "count", name: "Count", old: 10_001, new: 10_002, action: .add))
    eventRecorder.flush()

    #expect(
      log.read().entries.map { "\($0.counter) \($0.old ?? 0)→\($0.new ?? 0)" } == [
        "count 0→10000", "count-2 0→1", "count 10000→10001", "count 10001→10002",
      ])
  }
}

struct HistorySummaryTests {
  // Monday 23 November 2026, 10:00 UTC.
  let now = at("2026-11-23T10:00:00Z")

  @Test func netChangePerDayTodayThisWeekAndAllTime() {
    let entries = [
      change("2026-10-01T12:00:00Z", 0, 100),  // long ago: all time only
      change("2026-11-16T09:00:00Z", 100, 110),  // last Monday
      change("2026-11-22T23:30:00Z", 110, 115),  // Sunday: last week
      change("2026-11-23T08:00:00Z", 115, 120),  // today
      change("2026-11-23T09:00:00Z", 120, 118),  // today
      change("2026-11-23T09:30:00Z", 0, 50, counter: "count-2"),  // not this counter
    ]
    let summary = HistorySummary(
      entries: entries.filter { $0.counter == "count" }, now: now, calendar: GoalCalendar(utcOffset: { _ in 0 }))
    #expect(summary.days.count == 14)
    #expect(summary.days.first?.label == "Tue 10 Nov")
    #expect(summary.days.last?.label == "Mon 23 Nov")
    #expect(summary.days.map(\.net) == [0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 5, 3])
    #expect(summary.today == 3)
    #expect(summary.thisWeek == 3)
    #expect(summary.allTime == 118)
    #expect(summary.recent.first?.new == 118)
  }

  @Test func daysBeginAtLocalMidnight() {
    // 23:30 UTC on Sunday is 00:30 on Monday at UTC+1.
    let entries = [change("2026-11-22T23:30:00Z", 0, 7)]
    let summary = HistorySummary(entries: entries, now: now, calendar: GoalCalendar(utcOffset: { _ in 3600 }))
    #expect(summary.today == 7)
    #expect(summary.thisWeek == 7)
    #expect(HistorySummary.time(at("2026-11-22T23:30:00Z"), now: now, utcOffset: { _ in 3600 }) == "00:30")
    #expect(HistorySummary.time(at("2026-11-21T08:05:00Z"), now: now, utcOffset: { _ in 3600 }) == "21 Nov 09:05")
  }

  @Test func anHourOrAMinuteOfTenIsShownWithTwoDigits() {
    let utc: (Date) -> Int = { _ in 0 }
    #expect(HistorySummary.time(at("2026-11-23T10:10:00Z"), now: now, utcOffset: utc) == "10:10")
    #expect(HistorySummary.time(at("2026-11-23T09:09:00Z"), now: now, utcOffset: utc) == "09:09")
    #expect(HistorySummary.time(at("2026-11-20T10:10:00Z"), now: now, utcOffset: utc) == "20 Nov 10:10")
  }

  /// One calendar: `stats`' today and the goal's progress count the same day.
  ///
  /// With days starting at 04:00, at 02:20 the day began yesterday at 04:00: +3 at 23:00
  /// yesterday and +2 at 01:00 today are both today's (it printed `today +2` and `progress
  /// 5 of 8 today`).
  @Test func todayAndTheGoalsDayAreOneDayWhenDaysStartLater() {
    let calendar = GoalCalendar(utcOffset: { _ in 0 }, dayStartsAtHour: 4)
    let entries = [change("2026-11-22T23:00:00Z", 0, 3), change("2026-11-23T01:00:00Z", 3, 5)]
    let at0220 = at("2026-11-23T02:20:00Z")
    let summary = HistorySummary(entries: entries, now: at0220, calendar: calendar)
    let goal = GoalSummary(goal: Goal(amount: 8, period: .day), value: 5, entries: entries, now: at0220, calendar: calendar)
    #expect(summary.today == 5)
    #expect(goal.progress == 5)
    #expect(summary.days.last?.net == 5)
  }
}
