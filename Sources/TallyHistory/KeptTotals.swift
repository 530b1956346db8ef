import TallyModel

/// The totals per day, week and month (``PeriodTotal``) kept in `period` for one calendar,
/// and the runs of periods that reached a goal kept in `streak`: brought up to date with the
/// rows written since when they are asked for, rebuilt once when the calendar changes, so
/// that the screens read a few rows, however long the history.
struct KeptTotals {
  let connection: SQLiteConnection

  /// More new rows than this since the totals were last brought up to date are folded in by
  /// rebuilding them, in order, rather than row by row.
  static let rebuildThreshold = 2_000

  /// The totals the database keeps for the counter in each period of `kind`, from number
  /// `first` on (every one when `nil`); up to date once ``bringUpToDate(calendar:key:)`` ran.
  func totals(ofCounter id: String, per kind: Goal.Period, from first: Int?) throws(SQLiteError) -> PeriodTotals {
    try totals(FrameQuery.periods, [.integer(Self.kindNumber(kind)), .text(id), .integer(Int64(first ?? Int(Int32.min)))])
  }

  /// The kept totals of the counter's first period of `kind` and of those over `amount`.
  func totals(ofCounter id: String, per kind: Goal.Period, over amount: Int) throws(SQLiteError) -> PeriodTotals {
    try totals(FrameQuery.periodsOver, [.integer(Self.kindNumber(kind)), .text(id), .integer(Int64(amount))])
  }

  private func totals(_ sql: String, _ values: [SQLiteValue]) throws(SQLiteError) -> PeriodTotals {
    var totals = PeriodTotals()
    let statement = try connection.statement(sql)
    try statement.bind(values)
    while try statement.step() {
      totals[Int(statement.integer(0))] = PeriodTotal(
        net: Int(clamping: statement.integer(1)), progress: Int(clamping: statement.integer(2)))
    }
    return totals
  }

  /// ``SQLiteHistory/streaks(ofCounter:per:calendar:reaching:current:)`` from the kept
  /// totals, which must be up to date.
  func streaks(ofCounter id: String, per kind: Goal.Period, reaching amount: Int, current: Int) -> (current: Int, best: Int) {
    let index = Self.kindNumber(kind)
    if amount > 0,
      let kept = try? connection.firstRow(
        FrameQuery.keptRuns,
        [.text(id), .integer(index), .integer(Int64(amount))],
        { (best: Int($0.integer(0)), first: Int($0.integer(1)), last: Int($0.integer(2))) }),
      current >= kept.last
    {
      let ending = current - 1 <= kept.last && kept.last >= kept.first ? kept.last - kept.first + 1 : 0
      return (ending, kept.best)
    }
    var best = 0
    var ending = 0
    var lastRun = (first: 0, last: Int.min)
    guard let runs = try? runs(ofCounter: id, kind: index, reaching: amount) else { return (0, 0) }
    for (first, last) in runs {
      best = max(best, last - first + 1)
      if last > lastRun.last { lastRun = (first, last) }
      // The run through the current period, or up to the one before while it is open.
      if first <= current && current <= last {
        ending = current - first + 1
      } else if last == current - 1 {
        ending = last - first + 1
      }
    }
    // Kept for the next question (the next frame, the next process), and kept up to date as
    // totals are folded: then a frame reads one row for its streaks, not every period.
    guard amount > 0 else { return (ending, best) }
    try? connection.transaction { () throws(SQLiteError) in
      try connection.run(
        "INSERT OR REPLACE INTO streak (counter, kind, amount, best, first, last) VALUES (?, ?, ?, ?, ?, ?)",
        [
          .text(id), .integer(index), .integer(Int64(amount)), .integer(Int64(best)), .integer(Int64(lastRun.first)),
          .integer(Int64(lastRun.last == Int.min ? Int(Int32.min) : lastRun.last)),
        ])
    }
    return (ending, best)
  }

  /// Drops the kept totals per period; the next question makes them again.
  func forget() throws(SQLiteError) {
    try connection.run("DELETE FROM period")
    try connection.run("DELETE FROM streak")
    try connection.run("DELETE FROM setting WHERE key IN ('calendar', 'folded')")
  }

  /// The runs of consecutive periods of kind number `kind` whose progress reached `amount`,
  /// as their first and last numbers.
  ///
  /// Runs of consecutive numbers ("islands"): a number less its rank is the same along a run.
  /// The database walks the counter's periods; Swift sees one row per run.
  private func runs(ofCounter id: String, kind: Int64, reaching amount: Int) throws(SQLiteError) -> [(first: Int, last: Int)] {
    try connection.rows(
      """
      SELECT min(number), max(number) FROM (
        SELECT number, number - row_number() OVER (ORDER BY number) AS island
        FROM period WHERE kind = ? AND counter = ? AND progress >= ?)
      GROUP BY island
      """, [.integer(kind), .text(id), .integer(Int64(amount))]
    ) { (Int($0.integer(0)), Int($0.integer(1))) }
  }

  /// Keeps the counter's kept runs (``streaks(ofCounter:per:calendar:reaching:current:)``) true
  /// as period `number` of kind `kind` goes from `old` to `new` progress: a period that starts
  /// or extends the last run is added to it; any other change of a period between met and
  /// not met drops the kept runs, found again on the next question.
  private func keepRuns(counter: String, kind: Int, number: Int, from old: Int, to new: Int) throws(SQLiteError) {
    let kept = try connection.rows(
      "SELECT amount, best, first, last FROM streak WHERE counter = ? AND kind = ?", [.text(counter), .integer(Int64(kind))]
    ) { (amount: Int($0.integer(0)), best: Int($0.integer(1)), first: Int($0.integer(2)), last: Int($0.integer(3))) }
    for var runs in kept {
      let (wasMet, isMet) = (old >= runs.amount, new >= runs.amount)
      guard wasMet != isMet else { continue }
      if isMet, number == runs.last + 1, runs.last != Int(Int32.min) {
        runs.last = number
      } else if isMet, number > runs.last + 1 || runs.last == Int(Int32.min) {
        (runs.first, runs.last) = (number, number)
      } else {
        try connection.run(
          "DELETE FROM streak WHERE counter = ? AND kind = ? AND amount = ?",
          [.text(counter), .integer(Int64(kind)), .integer(Int64(runs.amount))])
        continue
      }
      runs.best = max(runs.best, runs.last - runs.first + 1)
      try connection.run(
        "UPDATE streak SET best = ?, first = ?, last = ? WHERE counter = ? AND kind = ? AND amount = ?",
        [
          .integer(Int64(runs.best)), .integer(Int64(runs.first)), .integer(Int64(runs.last)), .text(counter),
          .integer(Int64(kind)), .integer(Int64(runs.amount)),
        ])
    }
  }

  /// The number `period` and `streak` keep a kind of period under, in the database's format.
  static func kindNumber(_ kind: Goal.Period) -> Int64 {
    switch kind {
    case .day: 0
    case .week: 1
    case .month: 2
    case .total: 3
    }
  }

  static let kinds: [Goal.Period] = [.day, .week, .month]

  /// What the totals are kept under: the calendar's key and the rule of progress they were
  /// made by (``PeriodTotal/record(from:to:)``; 2: a reset starts a period below 0 over), so
  /// that totals an older Tally kept are made again once.
  static func keptKey(_ calendarKey: String) -> String { calendarKey + "|progress 2" }

  /// Folds the rows written since the totals were last brought up to date into them, or
  /// rebuilds them when the calendar is not the one they were kept for.
  func bringUpToDate(calendar: GoalCalendar, key: String) throws(SQLiteError) {
    let (latest, folded) = try foldedRows(key: key)
    if folded == latest { return }
    try connection.transaction { () throws(SQLiteError) in try foldPendingRows(calendar: calendar, key: key) }
  }

  /// The last row, and the last row folded into the totals when they are kept for the
  /// calendar `key` (`nil` when they are not).
  private func foldedRows(key: String) throws(SQLiteError) -> (latest: Int64, folded: Int64?) {
    let latest = try connection.integer(FrameQuery.latestRow) ?? 0
    let calendar = try connection.firstRow(FrameQuery.totalsCalendar) { $0.optionalText(0) } ?? nil
    return (latest, calendar == Self.keptKey(key) ? try connection.integer(FrameQuery.lastFolded) : nil)
  }

  /// Inside a write transaction: folds the rows not yet in the totals, or rebuilds them
  /// for another calendar or past ``rebuildThreshold`` rows.
  func foldPendingRows(calendar: GoalCalendar, key: String) throws(SQLiteError) {
    let (latest, folded) = try foldedRows(key: key)
    if folded == latest { return }
    if let folded, latest - folded <= Self.rebuildThreshold {
      try fold(after: folded, calendar: calendar)
    } else {
      try rebuild(calendar: calendar)
    }
    try connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('calendar', ?)", [.text(Self.keptKey(key))])
    try connection.run("INSERT OR REPLACE INTO setting (key, value) VALUES ('folded', ?)", [.integer(latest)])
  }

  /// Every period's total made anew from every change, counter by counter in the order they
  /// happened.
  private func rebuild(calendar: GoalCalendar) throws(SQLiteError) {
    try connection.run("DELETE FROM period")
    try connection.run("DELETE FROM streak")
    let statement = try connection.statement(
      "SELECT counter, time, seq, old, new FROM change WHERE event = 'changed' AND old IS NOT NULL AND new IS NOT NULL "
        + "ORDER BY counter, time, seq")
    // Period numbers only grow along one counter's changes: each period is written once
    // its counter moves past it (writing to `period` while reading `change` is allowed in one
    // transaction).
    var counter = ""
    var open: [Int: (number: Int, total: PeriodTotal, time: Int64, seq: Int64)] = [:]
    func close(_ kind: Int) throws(SQLiteError) {
      guard let period = open.removeValue(forKey: kind) else { return }
      try store(kind: kind, counter: counter, number: period.number, period.total, time: period.time, seq: period.seq)
    }
    while try statement.step() {
      let id = statement.text(0)
      if id != counter {
        for kind in Self.kinds.indices { try close(kind) }
        counter = id
      }
      let time = statement.integer(1)
      let seq = statement.integer(2)
      let day = calendar.day(of: HistoryEntry.date(milliseconds: time))
      for (index, kind) in Self.kinds.enumerated() {
        let number = GoalCalendar.period(kind, ofDay: day)
        if open[index]?.number != number { try close(index) }
        var period = open[index] ?? (number, PeriodTotal(), time, seq)
        period.total.record(from: Int(clamping: statement.integer(3)), to: Int(clamping: statement.integer(4)))
        (period.time, period.seq) = (time, seq)
        open[index] = period
      }
    }
    for kind in Self.kinds.indices { try close(kind) }
  }

  /// Folds the rows after `seq` into the kept totals: a change later than every one its
  /// period has is added; an earlier one (dated in the past, another machine's) makes the
  /// period again from its changes.
  private func fold(after seq: Int64, calendar: GoalCalendar) throws(SQLiteError) {
    let rows = try connection.rows(
      "SELECT counter, time, seq, old, new FROM change WHERE seq > ? AND event = 'changed' AND old IS NOT NULL "
        + "AND new IS NOT NULL ORDER BY seq", [.integer(seq)]
    ) {
      (
        counter: $0.text(0), time: $0.integer(1), seq: $0.integer(2), old: Int(clamping: $0.integer(3)),
        new: Int(clamping: $0.integer(4))
      )
    }
    for row in rows {
      let day = calendar.day(of: HistoryEntry.date(milliseconds: row.time))
      for (index, kind) in Self.kinds.enumerated() {
        let number = GoalCalendar.period(kind, ofDay: day)
        let kept = try self.period(kind: index, counter: row.counter, number: number)
        // A row the period already holds (a remake read it) or one earlier than its last.
        if let kept, (kept.time, kept.seq) >= (row.time, row.seq) {
          let total = try remake(
            kind: kind, index: index, counter: row.counter, number: number, around: row.time, calendar: calendar)
          try keepRuns(counter: row.counter, kind: index, number: number, from: kept.total.progress, to: total.progress)
        } else {
          var total = kept?.total ?? PeriodTotal()
          total.record(from: row.old, to: row.new)
          try store(kind: index, counter: row.counter, number: number, total, time: row.time, seq: row.seq)
          try keepRuns(counter: row.counter, kind: index, number: number, from: kept?.total.progress ?? 0, to: total.progress)
        }
      }
    }
  }

  /// Makes one period's total again from its changes, which lie within a period's length (and
  /// a day, for the offset and the hour a day starts) of `time`; returns it.
  private func remake(kind: Goal.Period, index: Int, counter: String, number: Int, around time: Int64, calendar: GoalCalendar)
    throws(SQLiteError) -> PeriodTotal
  {
    let days: Int64 =
      switch kind {
      case .day: 2
      case .week: 9
      case .month, .total: 33
      }
    let margin = days * 86_400_000
    let rows = try connection.rows(
      "SELECT time, seq, old, new FROM change WHERE counter = ? AND time >= ? AND time <= ? AND event = 'changed' "
        + "AND old IS NOT NULL AND new IS NOT NULL ORDER BY time, seq",
      [.text(counter), .integer(time - margin), .integer(time + margin)]
    ) { ($0.integer(0), $0.integer(1), Int(clamping: $0.integer(2)), Int(clamping: $0.integer(3))) }
    var total = PeriodTotal()
    var last: (time: Int64, seq: Int64) = (time, 0)
    for (rowTime, seq, old, new) in rows where calendar.period(kind, of: HistoryEntry.date(milliseconds: rowTime)) == number {
      total.record(from: old, to: new)
      last = (rowTime, seq)
    }
    try store(kind: index, counter: counter, number: number, total, time: last.time, seq: last.seq)
    return total
  }

  private func period(kind: Int, counter: String, number: Int) throws(SQLiteError) -> (
    total: PeriodTotal, time: Int64, seq: Int64
  )? {
    try connection.firstRow(
      "SELECT net, progress, last_time, last_seq FROM period WHERE kind = ? AND counter = ? AND number = ?",
      [.integer(Int64(kind)), .text(counter), .integer(Int64(number))]
    ) { row in
      (
        PeriodTotal(net: Int(clamping: row.integer(0)), progress: Int(clamping: row.integer(1))),
        row.integer(2), row.integer(3)
      )
    }
  }

  private func store(kind: Int, counter: String, number: Int, _ total: PeriodTotal, time: Int64, seq: Int64) throws(SQLiteError) {
    try connection.run(
      "INSERT OR REPLACE INTO period (kind, counter, number, net, progress, last_time, last_seq) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [
        .integer(Int64(kind)), .text(counter), .integer(Int64(number)), .integer(Int64(total.net)),
        .integer(Int64(total.progress)), .integer(time), .integer(seq),
      ])
  }
}
