import ArgumentParser
import TallyLocalization
import TallyModel
import TallyPlatform

struct LinkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "link",
    abstract: tr("Link a counter to another: every N counted on it adds one to the other; clear the link, or print it."),
    usage: "tally link <from> <to> --every <n>\ntally link <from> [--clear]")

  @ParentCommand var root: TallyCommand

  @Argument(
    help: ArgumentHelp(tr("The counter that carries; it shows its count within N.")), completion: CounterNameCompletion.kind)
  var from: String

  @Argument(
    help: ArgumentHelp(tr("The counter it carries into; without it, the link is printed.")),
    completion: CounterNameCompletion.kind)
  var to: String?

  @Option(parsing: .unconditional, help: ArgumentHelp(tr("One on TO for every N counted on FROM (2 or more)."), valueName: "n"))
  var every: Int?

  @Flag(help: ArgumentHelp(tr("Remove the link.")))
  var clear = false

  func validate() throws {
    if clear, to != nil || every != nil { throw ValidationError(tr("give a link or --clear, not both")) }
    if (to == nil) != (every == nil) { throw ValidationError(tr("give both: tally link FROM TO --every N")) }
    if let every, every < 2 { throw ValidationError(tr("--every \(every): a link carries every 2 or more")) }
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
      // As the app's settings screen shows it: "repeats every 12".
      let line = CounterField.link.text(of: counter, in: context.counters).map { "\(counter.name) -> \($0)" }
      try Output.line(line.map(TerminalText.escaped) ?? "none")
      return
    }
    try context.change(.setRules(rules, of: counter.id))
  }
}

struct BoundsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bounds",
    abstract: tr("Set the least and the most a counter may hold (a change past them is refused), clear them, or print them."))

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The counter's name.")), completion: CounterNameCompletion.kind)
  var name: String

  @OptionGroup var bounds: BoundsOptions

  @Flag(help: ArgumentHelp(tr("Remove both bounds.")))
  var clear = false

  func validate() throws {
    if clear, bounds.given { throw ValidationError(tr("give bounds or --clear, not both")) }
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

struct AlertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "alert",
    abstract: tr("Ring when a counter (or a group's total) reaches N, or each multiple of N; clear the alert, or print it."),
    usage: "tally alert <name> [<n>] [--every <n>] [--clear]\ntally alert --group <group> [<n>] [--every <n>] [--clear]",
    discussion: tr(
      """
      When the value goes from below N to N or more, the app rings the terminal bell (the \
      alertStyle setting: bell, flash or none) and shows "NAME reached N"; a command that \
      does it prints that line on standard error, and `tally watch --json` adds "alert". \
      Nothing is refused by an alert; a value that goes back under N rings again when it \
      reaches it again.
      """))

  @ParentCommand var root: TallyCommand

  // One list, not a name and an `Int`: the parser would take `-5` for an option.
  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      tr("The counter's name (not with --group), then N, the value that rings; without N or --every, the alert is printed."),
      valueName: "name-and-n"), completion: CounterNameCompletion.kind)
  var words: [String] = []

  @Option(help: ArgumentHelp(tr("An alert on the total of the counters in this group."), valueName: "group"))
  var group: String?

  @Option(parsing: .unconditional, help: ArgumentHelp(tr("Ring at each multiple of N (1 or more)."), valueName: "n"))
  var every: Int?

  @Flag(help: ArgumentHelp(tr("Remove the alert.")))
  var clear = false

  /// The counter's name and N; with --group, the only word is N.
  private var given: (name: String?, value: Int?) {
    let (name, number) = group == nil ? (words.first, words.dropFirst().first) : (nil, words.first)
    return (name, number.flatMap { Int($0) })
  }

  func validate() throws {
    try CommandContext.checkOptions(in: words)
    if group != nil, let word = words.first, Int(word) == nil {
      throw ValidationError(tr("with --group, give N, not a counter's name"))
    }
    try CommandContext.checkNumber(in: group == nil ? Array(words.dropFirst()) : words)
    if (given.name == nil) == (group == nil) { throw ValidationError(tr("give a counter's name or --group, not both")) }
    if given.value != nil, every != nil { throw ValidationError(tr("give N or --every N, not both")) }
    if clear, given.value != nil || every != nil { throw ValidationError(tr("give an alert or --clear, not both")) }
    if let every, every < 1 { throw ValidationError(tr("--every \(every): an alert rings every 1 or more")) }
  }

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    let alert = every.map { CounterAlert(at: $0, repeating: true) } ?? given.value.map { CounterAlert(at: $0) }
    let counters = try group.map { try context.counters(inGroup: $0) } ?? [context.counter(named: given.name)]
    guard alert != nil || clear else {
      let shown = group.map { context.counters.alert(ofGroup: $0) } ?? counters[0].rules.alert
      try Output.line(shown?.text ?? "none")
      return
    }
    let edits = counters.map { counter in
      var rules = counter.rules
      if let group {
        rules.groupAlert = alert.map { GroupAlert(group: counter.group ?? group, alert: $0) }
      } else {
        rules.alert = alert
      }
      return CounterEdit.setRules(rules, of: counter.id)
    }
    // A group's counters at once, in one write.
    try context.change(edits)
  }
}

/// `--min A --max B`: the bounds of `tally bounds` and `tally new`.
struct BoundsOptions: ParsableArguments {
  @Option(
    name: .customLong("min"), parsing: .unconditional,
    help: ArgumentHelp(tr("The least the counter may hold; a change below it is refused."), valueName: "n"))
  var minimum: Int?

  @Option(
    name: .customLong("max"), parsing: .unconditional,
    help: ArgumentHelp(tr("The most the counter may hold; a change above it is refused."), valueName: "n"))
  var maximum: Int?

  var given: Bool { minimum != nil || maximum != nil }
}
