import FoundationEssentials
import TallyLocalization
import TallyPlatform

extension ForeignHistory {
  /// What one counter of an import will be, for `--dry-run` and the import's report.
  public struct CounterReport: Sendable, Equatable {
    public var name: String
    /// The habit's name in the file, when the counter's differs (a second habit of the same name).
    public var sourceName: String?
    public var changes: Int
    public var total: Int
    public var first: Date?
    public var last: Date?
    public var goal: Goal?
    public var group: String?
    /// What was rounded, left out or not made a goal, one sentence each.
    public var notes: [String]
  }

  /// The most an entry may count (either way): more is taken as damage, not a count.
  static let largestAmount = 1e12

  /// The habits as a checked ``Backup`` (one counter each, its entries as changes dated in
  /// `calendar`'s local time), with what the import will do for each; each habit's entries
  /// are let go once they are changes, so that ten years are not held twice.
  public consuming func backup(calendar: GoalCalendar) throws(Backup.Problem) -> (backup: Backup, reports: [CounterReport]) {
    var items: [Backup.Item] = []
    var reports: [CounterReport] = []
    var taken: Set<String> = []
    for index in habits.indices {
      var habit = habits[index]
      habits[index].entries = []
      let entries = habit.entries
      habit.entries = []
      let name = Self.uniqueName(habit.name, taken: &taken)
      var (item, report) = Self.counter(habit, entries, named: name, calendar: calendar)
      if name != habit.name { report.sourceName = habit.name }
      items.append(item)
      reports.append(report)
    }
    let backup = try Backup(counters: items).validated { index in
      tr("habit \(index + 1) (\"\(TerminalText.escaped(habits[index].name))\")")
    }
    return (backup, reports)
  }

  /// `name`, cut to a counter's length, or `NAME (2)`, `NAME (3)` when one before it took it.
  static func uniqueName(_ name: String, taken: inout Set<String>) -> String {
    let base = name.trimmingXMLWhitespace()
    var candidate = String(base.prefix(CountersModel.maximumNameLength))
    var number = 1
    while !taken.insert(CountersModel.comparable(candidate)).inserted {
      number += 1
      let suffix = " (\(number))"
      candidate = String(base.prefix(CountersModel.maximumNameLength - suffix.count)) + suffix
    }
    return candidate
  }

  private static func counter(_ habit: Habit, _ entries: consuming [Entry], named name: String, calendar: GoalCalendar)
    -> (Backup.Item, CounterReport)
  {
    var timed = entries.map { (time: time(of: $0.moment, in: calendar), entry: $0) }
    entries = []
    timed.sort { $0.time < $1.time }
    var history: [HistoryEntry] = []
    var total = 0
    var rounded = 0
    var tooLarge = 0
    var zeros = 0
    var fittedNotes = 0
    for (time, entry) in timed {
      guard entry.amount.isFinite, entry.amount.magnitude <= largestAmount else {
        tooLarge += 1
        continue
      }
      let whole = Int(entry.amount.rounded(.toNearestOrAwayFromZero))
      let fitted = entry.note.map(fittedNote)
      var note = fitted?.note
      if fitted?.changed == true { fittedNotes += 1 }
      if Double(whole) != entry.amount {
        rounded += 1
        note = [note, "exact \(number(entry.amount))"].compactMap { $0 }.joined(separator: "; ")
        note = fittedNote(note ?? "").note
      }
      guard whole != 0 || note != nil else {
        zeros += 1
        continue
      }
      let new = PeriodTotal.add(total, whole)
      history.append(
        HistoryEntry(time: time, event: .changed, counter: "", name: name, old: total, new: new, source: .command, note: note))
      total = new
    }
    var notes = habit.leftOut
    if rounded > 0 { notes.append(tr("amounts with a fraction, rounded (the exact figure in the change's note): \(rounded)")) }
    if tooLarge > 0 { notes.append(tr("amounts larger than \(number(largestAmount)), left out: \(tooLarge)")) }
    if zeros > 0 { notes.append(tr("entries of 0 without a note, adding no change: \(zeros)")) }
    if fittedNotes > 0 {
      notes.append(tr("notes made one line of at most \(ChangeNote.maximumLength) characters: \(fittedNotes)"))
    }
    if let problem = habit.goalProblem { notes.append(problem) }
    let group = habit.archived ? archivedGroup : habit.group
    let item = Backup.Item(name: name, value: total, goal: habit.goal, group: group, history: history)
    let report = CounterReport(
      name: name, changes: history.count, total: total, first: history.first?.time, last: history.last?.time, goal: habit.goal,
      group: group, notes: notes)
    return (item, report)
  }

  /// The moment an entry is dated at: a day at local noon (or at the hour days start, when
  /// that is later: the `dayStartsAtHour` setting), a wall-clock time in local time.
  static func time(of moment: Moment, in calendar: GoalCalendar) -> Date {
    switch moment {
    case .day(let day):
      let hour = max(12, calendar.dayStartsAtHour)
      return calendar.instant(ofWallClock: Date(timeIntervalSince1970: Double(day) * 86_400 + Double(hour) * 3_600))
    case .wallClock(let seconds): return calendar.instant(ofWallClock: Date(timeIntervalSince1970: Double(seconds)))
    case .instant(let date): return date
    }
  }
}
