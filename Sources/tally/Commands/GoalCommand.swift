import ArgumentParser
import TallyLocalization
import TallyModel

struct GoalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "goal",
    abstract:
      tr(
        "Set a counter's goal (8/day, 3/week, 20/month, or a total such as 300) or limit (at most 3/day), clear it, or print it.")
  )

  @ParentCommand var root: TallyCommand

  @Argument(help: ArgumentHelp(tr("The counter's name.")), completion: CounterNameCompletion.kind)
  var name: String

  @Argument(
    help: ArgumentHelp(
      tr("N/day, N/week, N/month, or N for a total; 'at most N/day' (or <=N/day) for a limit; without it, the goal is printed."),
      valueName: "goal"))
  var goal: String?

  @Flag(help: ArgumentHelp(tr("Remove the goal.")))
  var clear = false

  func validate() throws {
    if clear, goal != nil { throw ValidationError(tr("give a goal or --clear, not both")) }
  }

  func run() throws {
    let context = try CommandContext.open(argumentDomain: root.argumentDomain)
    let counter = try context.counter(named: name)
    if clear {
      try context.change(.setGoal(nil, of: counter.id))
    } else if let goal {
      let parsed = try CommandContext.checked { () throws(CounterError) in try Goal(text: goal) }
      try context.change(.setGoal(parsed, of: counter.id))
    } else {
      try Output.line(counter.goal?.text ?? "none")
    }
  }
}
