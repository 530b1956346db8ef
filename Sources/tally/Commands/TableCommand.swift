import ArgumentParser
import FoundationEssentials
import TallyLocalization
import TallyModel
import TallyPlatform

struct TableCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "table",
    abstract: tr("Print counters' net changes per interval: a row an interval (empty ones too), a column a counter."),
    discussion: tr(
      """
      Without --since, --until or --on, the table is today's. \
      Intervals begin where the local clock shows a multiple of them (10:00, 10:15, ...); days, \
      weeks and months as the dayStartsAtHour setting has them. A change at 10:15:00 belongs \
      to 10:15. The text marks the busiest interval; --format csv has a header \
      start,end,NAME...,total with times in ISO 8601 with their offset; --json prints an \
      object a line, {"start", "end", "counts": {NAME: N}, "total"}, then {"busiest": \
      {"start", "total"}}.
      """))

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, csv, json
  }

  @ParentCommand var root: TallyCommand

  @OptionGroup var group: GroupOption

  @Option(help: ArgumentHelp(tr("The interval (1h is hour)."), valueName: HistoryBuckets.Kind.names))
  var by: HistoryBuckets.Kind = .quarterHour

  @OptionGroup var time: TimeOptions

  @Option(help: ArgumentHelp(tr("text (aligned columns), csv or json.")))
  var format: Format = .text

  @Flag(help: ArgumentHelp(tr("The same as --format json.")))
  var json = false

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    let counters = try group.group.map { try context.counters(inGroup: $0) } ?? context.counters.counters
    let calendar = context.goalCalendar
    let today = calendar.day(of: context.clock.now())
    let asked = try time.bounds(now: context.clock.now(), calendar: calendar)
    let (start, end) = (asked.since ?? calendar.start(ofDay: today), asked.until ?? calendar.start(ofDay: today + 1))
    try TimeOptions.checkOrder(start, end)
    try context.requireHistory()
    guard let table = IntervalTable(counters, by: by, history: context.history, calendar: calendar, since: start, until: end)
    else {
      throw CommandContext.fail(
        tr("that is more than \(IntervalTable.maximumRows) intervals; take a longer --by or a shorter time"),
        status: ExitStatus.usage)
    }
    if let notice = context.history.notice { Platform.printError(notice) }
    let names = counters.map { TerminalText.escaped($0.name) }
    switch json ? .json : format {
    case .text: try Output.lines(Self.text(table, names: names, label: { label($0, calendar) }))
    case .csv: try Output.lines(Self.csv(table, names: names, calendar: calendar))
    case .json: try Output.lines(Self.json(table, names: counters.map(\.name), calendar: calendar))
    }
  }

  /// How a row's start reads in the text: `2026-11-23 10:15`, `2026-11-23`, or `2026-11`.
  private func label(_ date: Date, _ calendar: GoalCalendar) -> String {
    let local = HistorySummary.timestamp(date, utcOffset: calendar.utcOffset(date))
    switch by {
    case .day, .week: return String(local.prefix(10))
    case .month: return String(local.prefix(7))
    default: return String(local.prefix(16))
    }
  }

  /// Aligned columns, numbers on the right, the busiest row marked.
  static func text(_ table: IntervalTable, names: [String], label: (Date) -> String) -> [String] {
    let busiest = table.busiest.flatMap { $0.total == 0 ? nil : $0.start }
    let cells =
      [[tr("start")] + names.map(\.drawnInTerminal) + [tr("total")]]
      + table.rows.map { row in [label(row.start)] + (row.counts + [row.total]).map(String.init) }
    let widths = (0..<cells[0].count).map { column in cells.map { $0[column].terminalWidth }.max() ?? 0 }
    return cells.enumerated().map { index, line in
      let padded = line.enumerated().map { column, cell in
        let room = String(repeating: " ", count: widths[column] - cell.terminalWidth)
        return column == 0 ? cell + room : room + cell
      }
      let mark = index > 0 && table.rows[index - 1].start == busiest ? tr("  <- busiest") : ""
      return padded.joined(separator: "  ") + mark
    }
  }

  static func csv(_ table: IntervalTable, names: [String], calendar: GoalCalendar) -> [String] {
    let header = (["start", "end"] + names + ["total"]).map(BackupCSV.quoted).joined(separator: ",")
    return [header]
      + table.rows.map { row in
        ([IntervalTable.isoText(row.start, calendar: calendar), IntervalTable.isoText(row.end, calendar: calendar)]
          + (row.counts + [row.total]).map(String.init)).joined(separator: ",")
      }
  }

  static func json(_ table: IntervalTable, names: [String], calendar: GoalCalendar) -> [String] {
    struct Line: Encodable {
      var start: String
      var end: String
      var counts: [String: Int]
      var total: Int
    }
    struct Busiest: Encodable {
      struct Interval: Encodable {
        var start: String
        var total: Int
      }
      var busiest: Interval?
    }
    let lines = table.rows.map { row in
      JSONLine.encode(
        Line(
          start: IntervalTable.isoText(row.start, calendar: calendar), end: IntervalTable.isoText(row.end, calendar: calendar),
          counts: Dictionary(zip(names, row.counts)) { first, _ in first }, total: row.total))
    }
    let busiest = table.busiest.map {
      Busiest.Interval(start: IntervalTable.isoText($0.start, calendar: calendar), total: $0.total)
    }
    return lines + [JSONLine.encode(Busiest(busiest: busiest))]
  }
}
