import ArgumentParser
import FoundationEssentials
import TallyDefaults
import TallyModel

/// `--at WHEN`, for a change made earlier than now: it counts on that day in the history,
/// the stats and the streaks.
struct AtOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "When it happened: today, yesterday, YYYY-MM-DD, \"YYYY-MM-DD HH:MM\" (local time) or an ISO 8601 time.",
      valueName: "when"))
  var at: String?

  /// Opens the store with a history that notes changes at the moment `at` names (now when
  /// `nil`) in the store's calendar; a usage error names what was wrong with `at`.
  static func openContext(at: String?, argumentDomain: [String: PropertyListValue]) throws -> CommandContext {
    let clock = BackdatedClock()
    let context = try CommandContext.open(argumentDomain: argumentDomain, clock: clock)
    guard let at else { return context }
    do {
      clock.moment = try PastMoment.parse(at, now: clock.now(), calendar: context.goalCalendar)
    } catch {
      throw CommandContext.fail(error.description, status: ExitStatus.usage)
    }
    return context
  }
}
