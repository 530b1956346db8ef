import ArgumentParser
import TallyCore

/// `tally inc [NAME] [--by N]`: adds the counter's step, or N.
struct IncrementCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inc", abstract: "Add the counter's step (or N) and print the new value.")

  @Argument(help: "The counter's name (default: the current counter).", completion: CounterNameCompletion.kind)
  var name: String?

  @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Add N instead of the counter's step.", valueName: "n"))
  var by: Int?

  @OptionGroup var moment: AtOption
  @OptionGroup var annotation: NoteOption
  @OptionGroup var output: QuietOption

  func run() throws {
    try Self.add(name: name, amount: by, sign: 1, quiet: output.quiet, at: moment.at, note: annotation.checked())
  }

  /// Adds `amount` (the counter's step when `nil`) times `sign` and prints the new value;
  /// the history notes the change at the moment `at` names (now when `nil`), with `note`.
  static func add(name: String?, amount: Int?, sign: Int, quiet: Bool, at: String? = nil, note: String? = nil) throws {
    let context = try AtOption.openContext(at: at)
    context.analytics.note = note
    let counter = try context.counter(named: name)
    let (delta, overflow) = (amount ?? counter.step).multipliedReportingOverflow(by: sign)
    if overflow { throw CommandContext.fail(.limitReached(value: counter.value, step: sign)) }
    let value = try context.change(.add(delta, to: counter.id), of: counter)
    if !quiet { try Output.line(String(value)) }
  }
}

/// `tally dec [NAME] [--by N]`: subtracts the counter's step, or N.
struct DecrementCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dec", abstract: "Subtract the counter's step (or N) and print the new value.")

  @Argument(help: "The counter's name (default: the current counter).", completion: CounterNameCompletion.kind)
  var name: String?

  @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Subtract N instead of the counter's step.", valueName: "n"))
  var by: Int?

  @OptionGroup var moment: AtOption
  @OptionGroup var annotation: NoteOption
  @OptionGroup var output: QuietOption

  func run() throws {
    try IncrementCommand.add(name: name, amount: by, sign: -1, quiet: output.quiet, at: moment.at, note: annotation.checked())
  }
}

/// `tally set [NAME] VALUE`.
struct SetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set", abstract: "Set a counter to VALUE and print it.",
    usage: "tally set [<name>] <value>")

  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      "[NAME] VALUE: the counter's name (default: the current counter) and a whole number.", valueName: "name-and-value"))
  var words: [String] = []

  @OptionGroup var annotation: NoteOption
  @OptionGroup var output: QuietOption

  func validate() throws {
    guard (1...2).contains(words.count) else { throw ValidationError("give a value, or a name and a value") }
    if let option = words.first(where: { $0.hasPrefix("-") && Int($0) == nil }) {
      throw ValidationError("unknown option '\(option)'")
    }
  }

  func run() throws {
    let note = try annotation.checked()
    let context = try CommandContext.open()
    context.analytics.note = note
    let text = words[words.count - 1]
    guard let value = Int(text) else {
      Platform.printError("\"\(text)\" is not a whole number from \(Int.min) to \(Int.max)")
      throw ExitCode(ExitStatus.dataError)
    }
    let counter = try context.counter(named: words.count == 2 ? words[0] : nil)
    try output.print(try context.change(.setValue(value, of: counter.id), of: counter))
  }
}

/// `tally reset [NAME]`.
struct ResetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "reset", abstract: "Set a counter to 0 and print it.")

  @Argument(help: "The counter's name (default: the current counter).", completion: CounterNameCompletion.kind)
  var name: String?

  @OptionGroup var annotation: NoteOption
  @OptionGroup var output: QuietOption

  func run() throws {
    try Self.reset(name: name, quiet: output.quiet, note: annotation.checked())
  }

  /// Sets the counter to 0 and prints it; the history keeps `note` with the change.
  static func reset(name: String?, quiet: Bool, note: String? = nil) throws {
    let context = try CommandContext.open()
    context.analytics.note = note
    let counter = try context.counter(named: name)
    let value = try context.change(.setValue(0, of: counter.id), of: counter)
    if !quiet { try Output.line(String(value)) }
  }
}

/// `tally get [NAME] [--json]`.
struct GetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "get", abstract: "Print a counter's value.")

  @Argument(help: "The counter's name (default: the current counter).", completion: CounterNameCompletion.kind)
  var name: String?

  @OptionGroup var format: JSONOption
  @OptionGroup var output: QuietOption

  func run() throws {
    try Self.show(name: name, json: format.json, quiet: output.quiet)
  }

  static func show(name: String?, json: Bool, quiet: Bool) throws {
    let context = try CommandContext.open()
    let counter = try context.counter(named: name)
    if quiet { return }
    try Output.line(json ? CounterListing.json(counter, currentID: context.counters.currentID) : String(counter.value))
  }
}

/// `--note TEXT`, for a command that changes a value: the history keeps it with the change.
struct NoteOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A note kept with the change in the history: one line, up to \(ChangeNote.maximumLength) characters.",
      valueName: "text"))
  var note: String?

  /// The note as the history keeps it (spaces at either end taken off), or `nil` without
  /// one.
  ///
  /// - Throws: exit 65 with the reason for a note that breaks ``ChangeNote``'s rules,
  ///   before anything is opened or changed.
  func checked() throws -> String? {
    guard let note else { return nil }
    do throws(CounterError) {
      return try ChangeNote.checked(note)
    } catch {
      Platform.printError(error.description + "; nothing was changed")
      throw ExitCode(ExitStatus.dataError)
    }
  }
}
