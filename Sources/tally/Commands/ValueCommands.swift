import ArgumentParser
import TallyDefaults
import TallyLocalization
import TallyModel

struct IncrementCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inc", abstract: tr("Add the counter's step (or N) and print the new value."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The counter's name (default: the current counter).")), completion: CounterNameCompletion.kind)
  var name: String?

  @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(tr("Add N instead of the counter's step."), valueName: "n"))
  var by: Int?

  @OptionGroup var moment: AtOption
  @OptionGroup var annotation: NoteOption
  @OptionGroup var output: QuietOption

  func run() throws {
    try Self.add(
      name: name, amount: by, sign: 1, quiet: output.quiet, at: moment.at, note: annotation.checked(),
      argumentDomain: root.argumentDomain)
  }

  /// Adds `amount` (the counter's step when `nil`) times `sign` and prints the new value;
  /// the history notes the change at the moment `at` names (now when `nil`), with `note`.
  static func add(
    name: String?, amount: Int?, sign: Int, quiet: Bool, at: String? = nil, note: String? = nil,
    argumentDomain: [String: PropertyListValue]
  ) throws {
    let context = try AtOption.openContext(at: at, argumentDomain: argumentDomain)
    context.eventRecorder.note = note
    let counter = try context.counter(named: name)
    let (delta, overflow) = (amount ?? counter.step).multipliedReportingOverflow(by: sign)
    if overflow { throw CommandContext.fail(.limitReached(value: counter.value, step: sign)) }
    let value = try context.change(.add(delta, to: counter.id), of: counter)
    if !quiet { try Output.line(String(value)) }
  }
}

struct DecrementCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dec", abstract: tr("Subtract the counter's step (or N) and print the new value."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The counter's name (default: the current counter).")), completion: CounterNameCompletion.kind)
  var name: String?

  @Option(
    name: .long, parsing: .unconditional, help: ArgumentHelp(tr("Subtract N instead of the counter's step."), valueName: "n"))
  var by: Int?

  @OptionGroup var moment: AtOption
  @OptionGroup var annotation: NoteOption
  @OptionGroup var output: QuietOption

  func run() throws {
    try IncrementCommand.add(
      name: name, amount: by, sign: -1, quiet: output.quiet, at: moment.at, note: annotation.checked(),
      argumentDomain: root.argumentDomain)
  }
}

struct SetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set", abstract: tr("Set a counter to VALUE and print it."),
    usage: "tally set [<name>] <value>")

  @ParentCommand var root: TallyCommand

  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      tr("[NAME] VALUE: the counter's name (default: the current counter) and a whole number."), valueName: "name-and-value"))
  var words: [String] = []

  @OptionGroup var annotation: NoteOption
  @OptionGroup var output: QuietOption

  func validate() throws {
    guard (1...2).contains(words.count) else { throw ValidationError(tr("give a value, or a name and a value")) }
    try CommandContext.checkOptions(in: words)
    try CommandContext.checkNumber(in: [words[words.count - 1]])
  }

  func run() throws {
    let note = try annotation.checked()
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    context.eventRecorder.note = note
    // validate() checked it.
    guard let value = Int(words[words.count - 1]) else { return }
    let counter = try context.counter(named: words.count == 2 ? words[0] : nil)
    let changed = try context.change(.setValue(value, of: counter.id), of: counter)
    if !output.quiet { try Output.line(String(changed)) }
  }
}

struct ResetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "reset", abstract: tr("Set a counter to 0 and print it."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The counter's name (default: the current counter).")), completion: CounterNameCompletion.kind)
  var name: String?

  @OptionGroup var annotation: NoteOption
  @OptionGroup var output: QuietOption

  func run() throws {
    try Self.reset(name: name, quiet: output.quiet, note: annotation.checked(), argumentDomain: root.argumentDomain)
  }

  /// Sets the counter to 0 and prints it; the history keeps `note` with the change.
  static func reset(name: String?, quiet: Bool, note: String? = nil, argumentDomain: [String: PropertyListValue]) throws {
    let context = try CommandContext.open(argumentDomain: argumentDomain)
    context.eventRecorder.note = note
    let counter = try context.counter(named: name)
    let value = try context.change(.setValue(0, of: counter.id), of: counter)
    if !quiet { try Output.line(String(value)) }
  }
}

struct GetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "get", abstract: tr("Print a counter's value, or a line about it (--format)."))

  @ParentCommand var root: TallyCommand

  @Argument(
    help: ArgumentHelp(tr("The counters' names, one line each (default: the current counter).")),
    completion: CounterNameCompletion.kind)
  var names: [String] = []

  @OptionGroup var group: GroupOption
  @OptionGroup var template: FormatOption
  @OptionGroup var format: JSONOption
  @OptionGroup var output: QuietOption

  func validate() throws {
    if !names.isEmpty, group.group != nil { throw ValidationError(tr("give counters' names or --group, not both")) }
    if template.format != nil, format.json { throw ValidationError(tr("give --format or --json, not both")) }
    _ = try template.checked()
  }

  func run() throws {
    try Self.show(
      names: names, group: group.group, json: format.json, quiet: output.quiet, template: template.checked(),
      argumentDomain: root.argumentDomain)
  }

  static func show(
    names: [String], group: String? = nil, json: Bool, quiet: Bool, template: CounterTemplate?,
    argumentDomain: [String: PropertyListValue]
  ) throws {
    let context = try CommandContext.open(argumentDomain: argumentDomain)
    let counters = try Self.counters(named: names, group: group, in: context)
    if quiet { return }
    let render = template.map { template in
      // The history is opened only for a template that reads it.
      let history: HistoryReader? = template.needsHistory ? context.history : nil
      let (now, calendar) = (context.clock.now(), context.goalCalendar)
      return { (counter: Counter) in template.render(counter, history: history, now: now, calendar: calendar) }
    }
    for counter in counters {
      let line =
        render?(counter) ?? (json ? CounterListing.json(counter, currentID: context.counters.currentID) : String(counter.shown))
      guard try Output.line(line) else { return }
    }
  }

  /// The counters `names` names, in that order; those of `group`; or the current one.
  static func counters(named names: [String], group: String?, in context: CommandContext) throws -> [Counter] {
    if let group { return try context.counters(inGroup: group) }
    if names.isEmpty { return [context.counters.current] }
    return try names.map { try context.counter(named: $0) }
  }
}

/// `--format TEMPLATE`: a line about each counter, its fields in braces.
struct FormatOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      tr(
        "Print a line per counter: \(CounterTemplate.Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")) in braces, {{ and }} for braces."
      ),
      valueName: "template"))
  var format: String?

  /// The template, checked (a usage error names what is wrong); `nil` without one.
  func checked() throws -> CounterTemplate? {
    guard let format else { return nil }
    do throws(CounterTemplate.Problem) {
      return try CounterTemplate(format)
    } catch {
      throw ValidationError(tr("the template: \(error.description)"))
    }
  }
}

/// `--note TEXT`, for a command that changes a value: the history keeps it with the change.
struct NoteOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      tr("A note kept with the change in the history: one line, up to \(ChangeNote.maximumLength) characters."),
      valueName: "text"))
  var note: String?

  /// The note as the history keeps it, or `nil`; exit 65 with the reason for a note that
  /// breaks ``ChangeNote``'s rules, before anything is opened or changed.
  func checked() throws -> String? {
    guard let note else { return nil }
    do throws(CounterError) {
      return try ChangeNote.checked(note)
    } catch {
      throw CommandContext.fail(tr("\(error.description); nothing was changed"), status: ExitStatus.dataError)
    }
  }
}
