import ArgumentParser
import TallyCore

/// `tally list [--json]`: every counter, one `name<TAB>value` line each.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "Print every counter as a name<TAB>value line.")

  @OptionGroup var format: JSONOption
  @OptionGroup var output: QuietOption

  func run() throws {
    try Self.list(json: format.json, quiet: output.quiet)
  }

  static func list(json: Bool, quiet: Bool) throws {
    let context = try CommandContext.open()
    let counters = context.counters.counters
    if quiet { return }
    if json {
      try Output.line(CounterListing.json(counters, currentID: context.counters.currentID))
    } else {
      for line in CounterListing.lines(counters) where try !Output.line(line) { break }
    }
  }
}

/// `tally new NAME`.
struct NewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "new", abstract: "Make a counter that starts at 0.")

  @Argument(help: "Its name: 1 to 32 characters, unique ignoring case.")
  var name: String

  func run() throws {
    let context = try CommandContext.open()
    try context.change(.create(named: name, selecting: false))
  }
}

/// `tally rm NAME`.
struct RemoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rm", abstract: "Delete a counter and its value (not the last one).")

  @Argument(help: "The counter's name.", completion: CounterNameCompletion.kind)
  var name: String

  func run() throws {
    let context = try CommandContext.open()
    let counter = try context.counter(named: name)
    try context.change(.delete(counter.id))
  }
}

/// `tally rename OLD NEW`.
struct RenameCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a counter; its value stays.")

  @Argument(help: "The counter's name now.", completion: CounterNameCompletion.kind)
  var old: String

  @Argument(help: "Its new name: 1 to 32 characters, unique ignoring case.")
  var new: String

  func run() throws {
    let context = try CommandContext.open()
    let counter = try context.counter(named: old)
    try context.change(.rename(counter.id, to: new))
  }
}
