import ArgumentParser
import FoundationEssentials
import TallyApp
import TallyDefaults
import TallyHistory
import TallyLocalization
import TallyModel
import TallyPlatform
import TallySettings
import TallySync

/// What every store command shares: opening the store, finding a counter, and the exits.
struct CommandContext {
  let environment: Environment
  let store: FileUserDefaults
  /// Opened at its first use.
  let history: DeferredHistory
  var model: CountersModel { environment.counters }
  /// Writes this store's changes to the history as "command".
  var eventRecorder: HistoryRecorder { environment.recorder }
  var sync: CounterSync? { environment.sync }
  /// The time every part of the command reads: the history's times, today, the calendar.
  var clock: WallClock { environment.clock }
  var settings: Settings { environment.settings }
  var counters: CounterList { model.list }

  /// Opens the store file at `clock`'s time, with the other machines' counts merged; what
  /// opening found goes to standard error, and a store that cannot be used is an exit.
  static func open(argumentDomain: [String: PropertyListValue], clock: WallClock = SystemClock()) throws -> CommandContext {
    Platform.ignoreBrokenPipes()
    let opened: AppEnvironment
    do throws(StoreError) {
      opened = try AppEnvironment.open(
        .command, argumentDomain: argumentDomain, environment: Platform.environment(), clock: clock)
    } catch {
      throw Self.fail(error)
    }
    for notice in opened.environment.notices { Platform.printError(notice) }
    // Only the interactive app takes `-useInMemoryUserDefaults`: a command has the file.
    guard let store = opened.file else { throw Self.fail(tr("no store file"), status: ExitStatus.ioError) }
    return CommandContext(environment: opened.environment, store: store, history: opened.history)
  }

  /// For a command that shows the history: a problem that leaves it unusable is an exit.
  func requireHistory() throws {
    do throws(HistoryError) {
      _ = try history.opened()
    } catch {
      let status = if case .locked = error { ExitStatus.temporaryFailure } else { ExitStatus.ioError }
      throw Self.fail(error.description, status: status)
    }
    tellOpeningNotices()
  }

  /// Prints what opening the history found and did (a damaged database rebuilt), once.
  func tellOpeningNotices() {
    for notice in history.takeOpeningNotices() { Platform.printError(notice) }
  }

  /// The counters in the group `name` (ignoring case), in order; exit 65 for none.
  func counters(inGroup name: String) throws -> [Counter] {
    let members = counters.counters(inGroup: name)
    guard !members.isEmpty else {
      throw Self.fail(
        tr("no counter is in the group \"\(TerminalText.escaped(name))\"; `tally list --json` shows the groups"),
        status: ExitStatus.dataError)
    }
    return members
  }

  /// The counter called `name`, or the current one when `name` is `nil`.
  func counter(named name: String?) throws -> Counter {
    guard let name else { return counters.current }
    guard let counter = counters.counter(named: name) else { throw Self.fail(CounterError.unknownCounter(name)) }
    return counter
  }

  /// The last `limit` changes of `counter` from `since` to before `until`, oldest first.
  func history(of counter: Counter, since: Date? = nil, until: Date? = nil, limit: Int? = nil) throws -> [HistoryEntry] {
    try requireHistory()
    let reading = history.entries(ofCounter: counter.id, since: since, until: until, limit: limit)
    for notice in [reading.notice, history.notice].compactMap({ $0 }) { Platform.printError(notice) }
    return reading.entries
  }

  /// As the settings say now: a `tally watch` follows a change made while it runs.
  var goalCalendar: GoalCalendar { settings.calendar(clock: clock) }

  /// Makes `edit` (a refusal or a failed save is an exit); returns `counter`'s value after.
  @discardableResult
  func change(_ edit: CounterEdit, of counter: Counter? = nil) throws -> Int { try change([edit], of: counter) }

  /// Makes `edits` in one store write, stopping at the first refused, which is the exit.
  @discardableResult
  func change(_ edits: [CounterEdit], of counter: Counter? = nil) throws -> Int {
    // The rows a process before this one left waiting are appended first, so that this
    // change's write drops them from the store.
    if history.pending?.unheld.isEmpty == false { _ = try? history.opened() }
    for outcome in model.apply(edits) { _ = try Self.checked { () throws(CounterError) in try outcome.get() } }
    if let problem = store.saveProblem { throw Self.fail(problem) }
    sync?.publish()
    eventRecorder.flush()
    tellOpeningNotices()
    if let problem = history.appendProblem { Platform.printError(problem) }
    for alert in model.alertsReached { Platform.printError(TerminalText.escaped(alert.description)) }
    return counter.flatMap { counters.counter(withID: $0.id)?.shown } ?? 0
  }

  /// `body`'s value; a refusal is its exit.
  static func checked<T>(_ body: () throws(CounterError) -> T) throws -> T {
    do throws(CounterError) {
      return try body()
    } catch {
      throw fail(error)
    }
  }

  /// Prints `problem` with what to do about it, and returns the exit to throw.
  static func fail(_ problem: CounterError) -> ExitCode {
    if case .historyBacklog = problem { return fail(problem.description, status: ExitStatus.ioError) }
    if case .unknownCounter = problem {
      return fail(tr("\(problem.description); `tally list` shows the counters"), status: ExitStatus.dataError)
    }
    return fail(problem.description, status: ExitStatus.dataError)
  }

  static func fail(_ message: String, status: Int32) -> ExitCode {
    Platform.printError(message)
    return ExitCode(status)
  }

  static func fail(_ problem: StoreError) -> ExitCode {
    switch problem {
    case .locked: fail(tr("\(problem.description); nothing was changed"), status: ExitStatus.temporaryFailure)
    case .cannotWrite, .corrupt: fail(tr("\(problem.description); nothing was changed"), status: ExitStatus.ioError)
    default: fail(problem.description, status: ExitStatus.ioError)
    }
  }
}

extension CommandContext {
  /// The words an `@Argument(parsing: .allUnrecognized)` took, so that `-5` is a number: one
  /// that starts with a dash and is not a number is an unknown option (a usage error).
  static func checkOptions(in words: [String]) throws {
    if let option = words.first(where: { $0.hasPrefix("-") && Int($0) == nil }) {
      throw ValidationError(tr("Unknown option '\(option)'"))
    }
  }

  /// As ``checkOptions(in:)``, for words that may hold one whole number and nothing else.
  static func checkNumber(in words: [String]) throws {
    try checkOptions(in: words)
    if words.count > 1 { throw ValidationError(tr("Unexpected argument '\(words[1])'")) }
    if let word = words.first, Int(word) == nil {
      throw ValidationError(tr("\(word): give a whole number from \(Int.min) to \(Int.max)"))
    }
  }
}

struct QuietOption: ParsableArguments {
  @Flag(name: [.short, .long], help: ArgumentHelp(tr("Print nothing; only the exit status tells.")))
  var quiet = false
}

struct JSONOption: ParsableArguments {
  @Flag(help: ArgumentHelp(tr("Print JSON: {\"name\", \"value\", \"step\", \"current\"} per counter.")))
  var json = false
}
