import ArgumentParser
import FoundationEssentials
import TallyApp
import TallyLocalization
import TallyModel
import TallyPlatform
import TallyTerminal

struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: tr("Print a line about counters now, and again whenever it changes, until stopped."),
    discussion: tr(
      """
      The line changes when any process or another machine (through the sync folder) \
      changes the counters, and is printed again when a new day begins. Nothing is printed \
      while nothing changes, and an idle watch uses no CPU. It ends, with status 0, on \
      SIGTERM, SIGINT or SIGHUP, and when the reader of its output goes away (`tally watch \
      | head -1`). With --json each line is an object for waybar's custom module \
      (return-type json): "text", "tooltip", "class" (reached, below or none) and \
      "percentage".
      """))

  @ParentCommand var root: TallyCommand

  @Argument(
    help: ArgumentHelp(tr("The counters' names (default: the current counter, as it is when the watch starts).")),
    completion: CounterNameCompletion.kind)
  var names: [String] = []

  @OptionGroup var group: GroupOption
  @OptionGroup var template: FormatOption

  @Flag(help: ArgumentHelp(tr("Print each line as waybar's JSON: {\"text\", \"tooltip\", \"class\", \"percentage\"}.")))
  var json = false

  func validate() throws {
    if !names.isEmpty, group.group != nil { throw ValidationError(tr("give counters' names or --group, not both")) }
    _ = try template.checked()
  }

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    let template = try template.checked()
    // The counters are found by name at every line, so one renamed or deleted meanwhile is
    // left out, and one made again under its name comes back.
    let watched = try GetCommand.counters(named: names, group: group.group, in: context).map(\.name)
    let groupName = group.group
    let history: HistoryReader? = (template?.needsHistory ?? false) || json ? context.history : nil
    var previous: CounterList?
    let line = { (list: CounterList, now: Date) -> String in
      let counters =
        groupName.map { list.counters(inGroup: $0) } ?? watched.compactMap { list.counter(named: $0) }
      let calendar = context.goalCalendar
      let text = WatchLine.text(
        counters, several: groupName != nil || watched.count > 1, template: template, history: history, now: now,
        calendar: calendar)
      // The alerts of the watched counters (or group) reached since the last line.
      let names = Set(counters.map(\.name) + [groupName].compactMap { $0 })
      let alerts = previous.map { list.alertsReached(since: $0) }?.filter { names.contains($0.name) }.map(\.description)
      previous = list
      guard json else { return text }
      return WatchLine.waybar(counters, text: text, history: history, now: now, calendar: calendar, alerts: alerts ?? [])
    }
    let signals: SignalWatcher
    do {
      signals = try SignalWatcher(watching: HeldSignals.stopping)
    } catch {
      throw CommandContext.fail(tr("cannot watch for signals: \(error)"), status: ExitStatus.ioError)
    }
    defer { signals.stop() }
    var failure: ExitCode?
    CounterWatch(
      store: context.store, model: context.model, sync: context.sync, history: context.history, clock: context.clock,
      calendar: { context.goalCalendar }, historyDirectory: history == nil ? nil : context.store.directory, line: line
    ).run(
      wait: { descriptors, timeout in Self.wait(descriptors, timeout: timeout, signals: signals) },
      print: { text in
        do {
          return try Output.line(text)
        } catch {
          failure = error as? ExitCode ?? ExitCode(ExitStatus.ioError)
          return false
        }
      })
    if let failure { throw failure }
  }

  /// Waits with poll(2) on `descriptors`, the signals and standard output: a signal, or a
  /// reader that has gone (an error or a hang-up on standard output), ends the watch.
  private static func wait(_ descriptors: [Int32], timeout: Double?, signals: SignalWatcher) -> CounterWatch.Wake {
    let readiness = Platform.wait(forReading: [signals.descriptor] + descriptors, timeout: timeout)
    if readiness.failed { return .stop }
    if readiness.readable.first == signals.descriptor {
      _ = signals.drain()
      return .stop
    }
    if readiness.outputGone { return .stop }
    return readiness.readable.first.map { .descriptor($0) } ?? .timeout
  }
}

/// What `tally watch` prints for its counters.
enum WatchLine {
  /// The template for each counter, two spaces between; without one, the value alone, or
  /// `name value` for each when `several` are watched.
  static func text(
    _ counters: [Counter], several: Bool, template: CounterTemplate?, history: HistoryReader?, now: Date,
    calendar: GoalCalendar
  ) -> String {
    guard let template else {
      if !several { return counters.first.map { String($0.shown) } ?? "" }
      return counters.map { "\(TerminalText.escaped($0.name)) \($0.shown)" }.joined(separator: "  ")
    }
    return counters.map { template.render($0, history: history, now: now, calendar: calendar) }.joined(separator: "  ")
  }

  /// The object waybar's custom module reads with `return-type: json` (waybar-custom(5)): a
  /// `class` of `reached` when every goal is, `below` when one is not, `none` without goals.
  static func waybar(
    _ counters: [Counter], text: String, history: HistoryReader?, now: Date, calendar: GoalCalendar, alerts: [String]
  ) -> String {
    struct Output: Encodable {
      var text: String
      var tooltip: String
      var `class`: String
      var percentage: Int?
      var alert: String?
    }
    let goals = counters.map { counter in
      history.flatMap { GoalSummary.progress(of: counter, history: $0, now: now, calendar: calendar) }
    }
    let tooltip = zip(counters, goals).map { counter, goal in
      "\(TerminalText.escaped(counter.name)): \(counter.shown)" + (goal.map { " (\($0.progressText))" } ?? "")
    }
    let known = goals.compactMap { $0 }
    let style = known.isEmpty ? "none" : known.allSatisfy(\.isReached) ? "reached" : "below"
    let percentage = known.first.map { goal in
      goal.goal.amount > 0 ? Proportion.level(of: goal.progress, top: goal.goal.amount, levels: 100) : 100
    }
    return JSONLine.encode(
      Output(
        text: text, tooltip: tooltip.joined(separator: "\n"), class: style, percentage: percentage,
        alert: alerts.isEmpty ? nil : alerts.joined(separator: "; ")))
  }
}
