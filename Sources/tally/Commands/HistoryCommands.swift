import ArgumentParser
import FoundationEssentials
import TallyLocalization
import TallyModel
import TallyPlatform

struct LogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "log",
    abstract: tr("Print a counter's history: time, event, name, old value, new value, source, and the note if there is one."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The counter's name (default: the current counter).")), completion: CounterNameCompletion.kind)
  var name: String?

  @OptionGroup var time: TimeOptions

  @Option(
    name: [.customShort("n"), .customLong("max-count")], parsing: .unconditional,
    help: ArgumentHelp(tr("Only the last N changes."), valueName: "n"))
  var last: Int?

  @Flag(
    help: ArgumentHelp(
      tr(
        """
        Print JSON, one object a line: {"time", "event", "counter" (its id), "name", "old", "new", "source"}, \
        "machine" for another machine's change, and "note" for a change with a note.
        """)))
  var json = false

  @Option(
    help: ArgumentHelp(
      tr(
        """
        Print the net change per interval (1m to 30m, hour, day, week, month) instead, oldest first (buckets with a \
        change; --since, --until, --on and -n choose whole buckets; hours cover today unless --since or --on is given).
        """),
      valueName: HistoryBuckets.Kind.names))
  var by: HistoryBuckets.Kind?

  func validate() throws {
    if let last, last < 0 { throw ValidationError(tr("-n \(last): give a number of changes, 0 or more")) }
  }

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    let counter = try context.counter(named: name)
    let clock = context.clock
    let (start, end) = try time.bounds(now: clock.now(), calendar: context.goalCalendar)
    if let by {
      try context.requireHistory()
      return try context.printBuckets(of: [counter], by: by, json: json, since: start, until: end, limit: last)
    }
    let entries = try context.history(of: counter, since: start, until: end, limit: last)
    for entry in entries {
      let line =
        json
        ? entry.jsonLine
        : ([
          HistorySummary.timestamp(entry.time, utcOffset: clock.utcOffset(at: entry.time)), entry.event.rawValue,
          TerminalText.escaped(entry.name), entry.old.map(String.init) ?? "", entry.new.map(String.init) ?? "",
          TerminalText.escaped(entry.sourceDescription),
        ] + (entry.note.map { [TerminalText.escaped($0)] } ?? []))
        .joined(separator: "\t")
      if try !Output.line(line) { break }
    }
  }
}

struct StatsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: tr(
      "Print a counter's net change today, this week (since Monday) and all time, and its goal's progress and streaks."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The counter's name (default: the current counter).")), completion: CounterNameCompletion.kind)
  var name: String?

  @Flag(
    help: ArgumentHelp(
      tr(
        """
        Print JSON: {"name", "today", "thisWeek", "allTime"}, and with a goal "goal", "progress", "goalReached" \
        and, for a goal per period, "currentStreak" and "bestStreak".
        """)))
  var json = false

  @Option(
    help: ArgumentHelp(
      tr(
        "Print the net change per interval (1m to 30m, hour, day, week, month) instead, oldest first, one bucket a line (hours: today's)."
      ),
      valueName: HistoryBuckets.Kind.names))
  var by: HistoryBuckets.Kind?

  @Option(
    help: ArgumentHelp(
      tr("Sum the counters of a group instead (ignoring case): their values, changes and goals' progress."),
      valueName: "group"))
  var group: String?

  func validate() throws {
    if name != nil, group != nil { throw ValidationError(tr("give a counter's name or --group, not both")) }
  }

  /// What `stats --group --json` prints.
  struct GroupTotals: Encodable {
    var group: String
    var counters: [String]
    var value = 0
    var today = 0
    var thisWeek = 0
    var allTime = 0
    var goals = 0
    var goalsReached = 0
    var progress = 0
    var goalAmount = 0
  }

  struct Totals: Encodable {
    var name: String
    var today: Int
    var thisWeek: Int
    var allTime: Int
    var goal: String?
    var progress: Int?
    var goalReached: Bool?
    var currentStreak: Int?
    var bestStreak: Int?
    /// A linked counter's link (`every`) and its count within it; what links carry into it.
    var every: Int?
    var within: Int?
    var carried: Int?
  }

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    if let group { return try runForGroup(group, context: context) }
    let counter = try context.counter(named: name)
    try context.requireHistory()
    let (now, calendar) = (context.clock.now(), context.goalCalendar)
    if let by { return try context.printBuckets(of: [counter], by: by, json: json) }
    let summary = HistorySummary(history: context.history, counter: counter.id, now: now, calendar: calendar)
    if let notice = context.history.notice { Platform.printError(notice) }
    let goal = GoalSummary.of(counter, history: context.history, now: now, calendar: calendar)
    if json {
      // Streaks only for a goal per period.
      let streaks = goal?.goal.period == .total ? nil : goal
      let totals = Totals(
        name: counter.name, today: summary.today, thisWeek: summary.thisWeek, allTime: summary.allTime,
        goal: goal?.goal.text, progress: goal?.progress, goalReached: goal?.isReached,
        currentStreak: streaks?.currentStreak, bestStreak: streaks?.bestStreak,
        every: counter.carries ? counter.rules.link?.every : nil, within: counter.carries ? counter.shown : nil,
        carried: counter.carried == 0 ? nil : counter.carried)
      try Output.line(JSONLine.encode(totals))
    } else {
      var lines = [
        tr("today\t\(HistorySummary.signed(summary.today))"), tr("this week\t\(HistorySummary.signed(summary.thisWeek))"),
        tr("all time\t\(HistorySummary.signed(summary.allTime))"),
      ]
      if counter.carried != 0 { lines.append(tr("carried\t\(HistorySummary.signed(counter.carried))")) }
      if let goal {
        lines.append(tr("goal\t\(goal.goal.text)"))
        let reached = goal.goal.isLimit ? tr(", within the limit") : tr(", goal reached")
        lines.append(tr("progress\t\(goal.progressWords)\(goal.isReached ? reached : "")"))
        if goal.goal.period != .total {
          lines.append(tr("streak\t\(goal.currentStreak)"))
          lines.append(tr("best streak\t\(goal.bestStreak)"))
        }
      }
      try Output.lines(lines)
    }
  }
}

extension StatsCommand {
  private func runForGroup(_ name: String, context: CommandContext) throws {
    let members = try context.counters(inGroup: name)
    try context.requireHistory()
    if let by { return try context.printBuckets(of: members, by: by, json: json) }
    let (now, history, calendar) = (context.clock.now(), context.history, context.goalCalendar)
    let add = PeriodTotal.add
    var totals = GroupTotals(group: members[0].group ?? name, counters: members.map(\.name))
    for counter in members {
      // Today and this week need one day of the summary and none of its recent changes.
      let summary = HistorySummary(
        history: history, counter: counter.id, now: now, calendar: calendar, dayCount: 1, recentCount: 0)
      totals.value = add(totals.value, counter.shown)
      totals.today = add(totals.today, summary.today)
      totals.thisWeek = add(totals.thisWeek, summary.thisWeek)
      totals.allTime = add(totals.allTime, summary.allTime)
      guard let goal = GoalSummary.progress(of: counter, history: history, now: now, calendar: calendar) else {
        continue
      }
      totals.goals += 1
      if goal.isReached { totals.goalsReached += 1 }
      totals.progress = add(totals.progress, goal.progress)
      totals.goalAmount = add(totals.goalAmount, goal.goal.amount)
    }
    if let notice = history.notice { Platform.printError(notice) }
    if json {
      try Output.line(JSONLine.encode(totals))
      return
    }
    var lines = [
      tr("group\t\(TerminalText.escaped(totals.group))"), tr("counters\t\(members.count)"), tr("value\t\(totals.value)"),
      tr("today\t\(HistorySummary.signed(totals.today))"), tr("this week\t\(HistorySummary.signed(totals.thisWeek))"),
      tr("all time\t\(HistorySummary.signed(totals.allTime))"),
    ]
    if totals.goals > 0 {
      lines.append(tr("goals\t\(totals.goals), \(totals.goalsReached) reached"))
      lines.append(tr("progress\t\(totals.progress) of \(totals.goalAmount)"))
    }
    try Output.lines(lines)
  }
}

extension HistoryBuckets.Kind: ExpressibleByArgument {
  public init?(argument: String) { self.init(name: argument) }

  static let names = allCases.map(\.rawValue).joined(separator: "|")
}

extension CommandContext {
  /// `tally log --by` and `stats --by`: the net change per bucket, summed across `counters`,
  /// a line each (`2026-11-23<TAB>+5`) or `{"bucket":"2026-11-23","net":5,"start":"..."}`.
  func printBuckets(
    of counters: [Counter], by kind: HistoryBuckets.Kind, json: Bool, since: Date? = nil, until: Date? = nil,
    limit: Int? = nil
  ) throws {
    let (now, calendar) = (clock.now(), goalCalendar)
    let each = counters.map { counter in
      HistoryBuckets.of(
        counter: counter.id, by: kind, history: history, calendar: calendar, now: now, since: since, until: until,
        limit: limit)
    }
    var buckets = each.first ?? []
    if counters.count > 1 {
      var sums: [String: HistoryBucket] = [:]
      for bucket in each.joined() {
        var sum = sums[bucket.label] ?? HistoryBucket(label: bucket.label, start: bucket.start, net: 0)
        sum.net = PeriodTotal.add(sum.net, bucket.net)
        sums[bucket.label] = sum
      }
      buckets = sums.values.sorted { $0.start < $1.start }
    }
    if let notice = history.notice { Platform.printError(notice) }
    // A label is digits, dashes, a space and a colon: nothing to escape.
    try Output.lines(
      buckets.map { bucket in
        json
          ? tr("{\"bucket\":\"\(bucket.label)\",\"net\":\(bucket.net),\"start\":\"\(UTCTime.text(for: bucket.start))\"}")
          : "\(bucket.label)\t\(HistorySummary.signed(bucket.net))"
      })
  }
}
