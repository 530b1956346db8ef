import ArgumentParser
import FoundationEssentials
import TallyDefaults
import TallyLocalization
import TallyModel

/// `--at WHEN`, for a change made earlier than now: it counts on that day in the history,
/// the stats and the streaks.
struct AtOption: ParsableArguments {
  @Option(help: ArgumentHelp(tr("When it happened: \(TimeOptions.takes)"), valueName: "when"))
  var at: String?

  func validate() throws { _ = try TimeOptions.read(at, option: "--at") }

  /// Opens the store with a history that notes changes at the moment `at` names (now when
  /// `nil`) in the store's calendar; a usage error names what was wrong with `at`.
  static func openContext(at: String?, argumentDomain: [String: PropertyListValue]) throws -> CommandContext {
    let clock = BackdatedClock()
    let context = try CommandContext.open(argumentDomain: argumentDomain, clock: clock)
    guard let at = try TimeOptions.read(at, option: "--at") else { return context }
    do {
      clock.moment = try at.pastMoment(now: clock.now(), calendar: context.goalCalendar)
    } catch {
      throw CommandContext.fail(error.description, status: ExitStatus.usage)
    }
    return context
  }
}

/// `--since WHEN`, `--until WHEN` and `--on DAY`, for the commands that show a stretch of
/// time (`log`, `table`).
struct TimeOptions: ParsableArguments {
  /// What every time option takes, for its help.
  static let takes =
    tr("today, yesterday, YYYY-MM-DD, \"YYYY-MM-DD HH:MM\" (local time) or an ISO 8601 time such as 2026-11-20T18:30:00Z.")

  @Option(help: ArgumentHelp(tr("From WHEN on (a day: from its start). It takes \(takes)"), valueName: "when"))
  var since: String?

  @Option(help: ArgumentHelp(tr("Before WHEN (a day: before its start), as --since takes it."), valueName: "when"))
  var until: String?

  @Option(help: ArgumentHelp(tr("That whole day, as --since takes it (not with --since or --until)."), valueName: "day"))
  var on: String?

  func validate() throws {
    if on != nil, since != nil || until != nil { throw ValidationError(tr("give --on or --since and --until, not both")) }
    for (option, text) in [("--since", since), ("--until", until), ("--on", on)] { _ = try Self.read(text, option: option) }
  }

  /// `text` read as the time `option` names; a usage error says what it takes.
  static func read(_ text: String?, option: String) throws -> TimeArgument? {
    guard let text else { return nil }
    do throws(TimeArgument.ParseError) {
      return try TimeArgument(text, option: option)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// Where the time asked for begins and ends (`nil` for a side not given), days as
  /// `calendar` has them; --since not before --until is a usage error.
  func bounds(now: Date, calendar: GoalCalendar) throws -> (since: Date?, until: Date?) {
    if let day = try Self.read(on, option: "--on")?.day(now: now, calendar: calendar) {
      return (calendar.start(ofDay: day), calendar.start(ofDay: day + 1))
    }
    let start = try Self.read(since, option: "--since")?.start(now: now, calendar: calendar)
    let end = try Self.read(until, option: "--until")?.start(now: now, calendar: calendar)
    if let start, let end { try Self.checkOrder(start, end) }
    return (start, end)
  }

  /// The one refusal of a time that ends before it begins: exit 64.
  static func checkOrder(_ start: Date, _ end: Date) throws {
    guard start < end else {
      throw CommandContext.fail(tr("--since must come before --until (nothing is in between)"), status: ExitStatus.usage)
    }
  }
}
