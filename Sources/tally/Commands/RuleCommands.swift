import ArgumentParser
import TallyModel
import TallyPlatform

struct LinkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "link",
    abstract: "Link a counter to another: every N counted on it adds one to the other; clear the link, or print it.",
    usage: "tally link <from> <to> --every <n>\ntally link <from> [--clear]")

  @ParentCommand var root: TallyCommand

  @Argument(help: "The counter that carries; it shows its count within N.", completion: CounterNameCompletion.kind)
  var from: String

  @Argument(help: "The counter it carries into; without it, the link is printed.", completion: CounterNameCompletion.kind)
  var to: String?

  @Option(help: ArgumentHelp("One on TO for every N counted on FROM (2 or more).", valueName: "n"))
  var every: Int?

  @Flag(help: "Remove the link.")
  var clear = false

  func validate() throws {
    if clear, to != nil || every != nil { throw ValidationError("give a link or --clear, not both") }
    if (to == nil) != (every == nil) { throw ValidationError("give both: tally link FROM TO --every N") }
  }

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    let counter = try context.counter(named: from)
    var rules = counter.rules
    if let to, let every {
      rules.link = CounterLink(to: try context.counter(named: to).id, every: every)
    } else if clear {
      rules.link = nil
    } else {
      let target = counter.rules.link.map { context.counters.counter(withID: $0.to)?.name ?? "a deleted counter" }
      let line = counter.rules.link.map { "\(counter.name) -> \(target ?? "") every \($0.every)" }
      try Output.line(line.map(TerminalText.escaped) ?? "none")
      return
    }
    try context.change(.setRules(rules, of: counter.id))
  }
}

struct BoundsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bounds",
    abstract: "Set the least and the most a counter may hold (a change past them is refused), clear them, or print them.")

  @ParentCommand var root: TallyCommand

  @Argument(help: "The counter's name.", completion: CounterNameCompletion.kind)
  var name: String

  @OptionGroup var bounds: BoundsOptions

  @Flag(help: "Remove both bounds.")
  var clear = false

  func validate() throws {
    if clear, bounds.given { throw ValidationError("give bounds or --clear, not both") }
  }

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    let counter = try context.counter(named: name)
    var rules = counter.rules
    if clear {
      (rules.minimum, rules.maximum) = (nil, nil)
    } else if bounds.given {
      (rules.minimum, rules.maximum) = (bounds.minimum ?? rules.minimum, bounds.maximum ?? rules.maximum)
    } else {
      try Output.line(rules.boundsText)
      return
    }
    try context.change(.setRules(rules, of: counter.id))
  }
}

/// `--min A --max B`: the bounds of `tally bounds` and `tally new`.
struct BoundsOptions: ParsableArguments {
  @Option(
    name: .customLong("min"), parsing: .unconditional,
    help: ArgumentHelp("The least the counter may hold; a change below it is refused.", valueName: "n"))
  var minimum: Int?

  @Option(
    name: .customLong("max"), parsing: .unconditional,
    help: ArgumentHelp("The most the counter may hold; a change above it is refused.", valueName: "n"))
  var maximum: Int?

  var given: Bool { minimum != nil || maximum != nil }
}
