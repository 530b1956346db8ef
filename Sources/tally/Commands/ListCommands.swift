import ArgumentParser
import TallyDefaults
import TallyLocalization
import TallyModel
import TallyPlatform

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: tr("Print every counter as a name<TAB>value line."))

  @ParentCommand var root: TallyCommand

  @OptionGroup var group: GroupOption
  @OptionGroup var format: JSONOption
  @OptionGroup var output: QuietOption

  func run() throws {
    try Self.list(group: group.group, json: format.json, quiet: output.quiet, argumentDomain: root.argumentDomain)
  }

  static func list(group: String? = nil, json: Bool, quiet: Bool, argumentDomain: [String: PropertyListValue]) throws {
    let context = try CommandContext.open(argumentDomain: argumentDomain)
    let counters = try group.map { try context.counters(inGroup: $0) } ?? context.counters.counters
    if quiet { return }
    try Output.lines(
      json ? [CounterListing.json(counters, currentID: context.counters.currentID)] : CounterListing.lines(counters))
  }
}

struct NewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "new", abstract: tr("Make a counter that starts at 0."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("Its name: 1 to 32 characters, unique ignoring case.")))
  var name: String

  @Option(help: ArgumentHelp(tr("The group to put it in, made if new: a name as a counter's."), valueName: "group"))
  var group: String?

  @OptionGroup var bounds: BoundsOptions

  func run() throws {
    // A bad group name or bounds that cannot hold 0 are refused before the counter is made.
    let group = try CommandContext.checked { () throws(CounterError) in try self.group.map(CountersModel.validatedGroup) }
    let rules = CounterRules(minimum: bounds.minimum, maximum: bounds.maximum)
    if let problem = rules.boundsProblem(at: 0, name: tr("a new counter, which starts at 0,")) {
      throw CommandContext.fail(.invalidRule(problem))
    }
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    try context.change(.create(named: name, selecting: false))
    guard let made = context.counters.counter(named: name) else { return }
    if let group { try context.change(.setGroup(group, of: made.id)) }
    if bounds.given { try context.change(.setRules(rules, of: made.id)) }
  }
}

struct GroupCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "group",
    abstract: tr("Put a counter in a group (made if new), take it out with --none, or print its group."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The counter's name.")), completion: CounterNameCompletion.kind)
  var name: String

  @Argument(help: ArgumentHelp(tr("The group: a name as a counter's; without it, the group is printed."), valueName: "group"))
  var group: String?

  @Flag(help: ArgumentHelp(tr("Take the counter out of its group.")))
  var none = false

  func validate() throws {
    if none, group != nil { throw ValidationError(tr("give a group or --none, not both")) }
  }

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    let counter = try context.counter(named: name)
    if none {
      try context.change(.setGroup(nil, of: counter.id))
    } else if let group {
      try context.change(.setGroup(group, of: counter.id))
    } else {
      try Output.line(counter.group.map(TerminalText.escaped) ?? "none")
    }
  }
}

/// `--group G`: the counters of one group.
struct GroupOption: ParsableArguments {
  @Option(help: ArgumentHelp(tr("Only the counters in this group (ignoring case)."), valueName: "group"))
  var group: String?
}

struct RemoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rm", abstract: tr("Delete a counter and its value (not the last one)."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The counter's name.")), completion: CounterNameCompletion.kind)
  var name: String

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    let counter = try context.counter(named: name)
    try context.change(.delete(counter.id))
  }
}

struct RenameCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "rename", abstract: tr("Rename a counter; its value stays."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The counter's name now.")), completion: CounterNameCompletion.kind)
  var old: String

  @Argument(help: ArgumentHelp(tr("Its new name: 1 to 32 characters, unique ignoring case.")))
  var new: String

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    let counter = try context.counter(named: old)
    try context.change(.rename(counter.id, to: new))
  }
}
