import TallyLocalization
import TallyModel
import TallyPlatform

extension ForeignDatabase {
  /// A habit of Loop's `Habits` table, as far as the import needs it.
  private struct LoopHabit {
    var id: Int64
    var habit: ForeignHistory.Habit
    var numerical: Bool
  }

  /// Loop Habit Tracker's full backup, schema 9 to 25, told apart by its columns: before
  /// 16 a row is a done day; then `value` says what the day holds (docs/import.md).
  static func loop(_ connection: SQLiteConnection) throws(SQLiteError) -> ForeignHistory {
    let version = try connection.integer("PRAGMA user_version") ?? 0
    guard loopVersions.contains(version) else {
      throw SQLiteError(
        code: 0,
        message: version > loopVersions.upperBound
          ? tr(
            "Loop's schema \(version) is later than Tally knows (it reads \(loopVersions.lowerBound) to \(loopVersions.upperBound))"
          )
          : tr(
            "Loop's schema \(version) is older than any release's (Tally reads \(loopVersions.lowerBound) to \(loopVersions.upperBound))"
          )
      )
    }
    var habits = try loopHabits(connection)
    let index = Dictionary(habits.indices.map { (habits[$0].id, $0) }) { first, _ in first }
    let columns = try columns(of: "repetitions", in: connection)
    let value = columns.contains("value") ? "value" : "2"
    let notes = columns.contains("notes") ? "notes" : "NULL"
    let statement = try connection.statement(
      "SELECT habit, timestamp, \(value), \(notes) FROM Repetitions WHERE habit IS NOT NULL AND timestamp IS NOT NULL ORDER BY rowid"
    )
    // Loop keeps the first row (the lowest rowid) of a habit's day.
    var seen: Set<HabitDay> = []
    var orphans = 0
    var unread = 0
    while try statement.step() {
      let (id, timestamp, stored) = (statement.integer(0), statement.integer(1), statement.integer(2))
      guard let at = index[id] else {
        orphans += 1
        continue
      }
      guard timestamp >= 0, timestamp < 253_402_300_800_000 else {
        unread += 1
        continue
      }
      // 00:00 UTC of the user's local date: the day, read in UTC.
      let day = timestamp / 86_400_000
      guard seen.insert(HabitDay(habit: id, day: day)).inserted else { continue }
      let note = statement.optionalText(3).flatMap { $0.isEmpty ? nil : $0 }
      // A day that counts nothing keeps its note, on a change of 0.
      guard let amount = loopAmount(stored, numerical: habits[at].numerical) ?? note.map({ _ in 0 }) else { continue }
      habits[at].habit.entries.append(ForeignHistory.Entry(.day(Int(day)), amount: amount, note: note))
    }
    var leftOut = [tr("Loop's questions, descriptions, units, colours and reminders are not carried")]
    if orphans > 0 { leftOut.append(tr("entries of habits no longer in the file, left out: \(orphans)")) }
    if unread > 0 { leftOut.append(tr("entries with a negative or impossible date, left out: \(unread)")) }
    return ForeignHistory(format: .loop, habits: habits.map(\.habit), leftOut: leftOut)
  }

  /// What a stored value counts, `nil` for nothing.
  ///
  /// A boolean habit's YES_MANUAL (2) is 1, its YES_AUTO (1), NO (0), SKIP (3) and UNKNOWN
  /// (-1) nothing; a measurable habit's value is thousandths, but 3 is SKIP and -1 UNKNOWN.
  static func loopAmount(_ stored: Int64, numerical: Bool) -> Double? {
    if numerical { return stored == 3 || stored < 0 ? nil : Double(stored) / 1000 }
    return stored == 2 ? 1 : nil
  }

  private static func loopHabits(_ connection: SQLiteConnection) throws(SQLiteError) -> [LoopHabit] {
    let columns = try columns(of: "habits", in: connection)
    func column(_ name: String, or fallback: String) -> String { columns.contains(name) ? name : fallback }
    let sql = """
      SELECT id, name, archived, freq_num, freq_den, \(column("type", or: "0")), \(column("target_type", or: "0")),
        \(column("target_value", or: "0")) FROM Habits ORDER BY \(column("position", or: "id")), id
      """
    return try connection.rows(sql) { row in
      let numerical = row.integer(5) == 1
      var habit = ForeignHistory.Habit(name: row.text(1), archived: row.integer(2) != 0)
      let (count, days) = (row.integer(3), row.integer(4))
      if numerical {
        let target = row.double(7)
        if target > 0, days > 0, days <= 366 {
          (habit.goal, habit.goalProblem) = ForeignHistory.goal(amount: target, inDays: Int(days), isLimit: row.integer(6) == 1)
        } else {
          habit.goalProblem = tr("its target, \(ForeignHistory.number(target)), has no Tally goal")
        }
      } else if count >= 1, days >= 1, days <= 366 {
        // Loop writes every day as 1/1, and any N/N means the same.
        (habit.goal, habit.goalProblem) = ForeignHistory.goal(
          amount: Double(count >= days ? 1 : count), inDays: Int(count >= days ? 1 : days))
      } else {
        habit.goalProblem = tr("its frequency, \(count) in \(days) days, has no Tally goal")
      }
      return LoopHabit(id: row.integer(0), habit: habit, numerical: numerical)
    }
  }
}
