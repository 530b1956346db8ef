import FoundationEssentials
import TallyLocalization
import TallyPlatform

/// The line under a counter's value that says what last changed it and when (`+1  2 min
/// ago`), so that nobody counts twice.
public enum LastChangeLine {
  /// The line for `entry` at `now`, and the seconds until its text changes, days being
  /// `calendar`'s.
  public static func describe(_ entry: HistoryEntry, now: Date, calendar: GoalCalendar) -> (text: String, changesIn: Double) {
    let (when, changesIn) = age(of: entry.time, now: now, calendar: calendar)
    return (what(entry) + "  " + when, changesIn)
  }

  /// How long ago `time` was, in the line's words (`just now`, `2 min ago`, `yesterday
  /// 18:30`), and the seconds until those words change.
  public static func age(of time: Date, now: Date, calendar: GoalCalendar) -> (text: String, changesIn: Double) {
    let age = max(0, now.timeIntervalSince(time))
    let untilTomorrow = max(1, calendar.start(ofDay: calendar.day(of: now) + 1).timeIntervalSince(now))
    let when: String
    var changesIn = untilTomorrow
    let daysBack = calendar.day(of: now) - calendar.day(of: time)
    if age < 60 {
      when = tr("just now")
      changesIn = 60 - age
    } else if age < 3600 {
      when = tr("\(Int(age / 60)) min ago")
      changesIn = 60 - age.truncatingRemainder(dividingBy: 60)
    } else if daysBack <= 0 {
      when = tr("\(Int(age / 3600)) h ago")
      changesIn = min(untilTomorrow, 3600 - age.truncatingRemainder(dividingBy: 3600))
    } else {
      let (day, clock) = HistorySummary.wallClock(time, utcOffset: calendar.utcOffset(time))
      if daysBack == 1 {
        when = tr("yesterday \(clock)")
      } else {
        let date = UTCTime.civilDate(ofDay: Int64(day))
        let today = HistorySummary.dayNumber(now, offset: calendar.utcOffset(now))
        let thisYear = UTCTime.civilDate(ofDay: Int64(today)).year
        when =
          "\(date.day) \(tr(verbatim: HistorySummary.months[Int(date.month) - 1]))"
          + (date.year == thisYear ? "" : " \(date.year)") + " "
          + clock
      }
    }
    return (when, max(1, changesIn))
  }

  /// `+1`, `-3`, `set 12`, `reset`, `created`, `renamed` or `deleted`, and ` on laptop` for
  /// another machine's change (its name escaped: it comes from the sync folder).
  static func what(_ entry: HistoryEntry) -> String {
    let what =
      switch entry.event {
      case .changed: label(entry)
      case .created: tr("created")
      case .renamed: tr("renamed")
      case .deleted: tr("deleted")
      }
    return entry.machine.map { tr("\(what) on \(TerminalText.escaped($0))") } ?? what
  }

  /// What a change did, from what the user did (``HistoryEntry/Action``), never guessed from
  /// the value it left: `reset`, `set 12`, else the difference, `+1` or `-1` (also for a
  /// subtraction down to 0, an undo, a redo, and a change from before actions were kept).
  public static func label(_ entry: HistoryEntry) -> String {
    switch entry.action {
    case .reset: tr("reset")
    case .set: tr("set \(entry.new.map(String.init) ?? "?")")
    case .add, .subtract, .replay, nil: HistorySummary.signed(entry.netChange)
    }
  }
}
