import ArgumentParser
import TallyCore

/// Opens the store for a command, turning store problems into messages and exit statuses.
enum StoreCommand {
  static func openStore() throws -> FileUserDefaults {
    do {
      let store = try FileUserDefaults(directory: StoreLocation.dataDirectory(environment: Platform.environment()))
      for notice in store.notices { Platform.printError(notice.description) }
      LaunchArgumentConfigurator.prepare(store, argumentDomain: TallyCommand.argumentDomain)
      return store
    } catch {
      Platform.printError(error.description)
      throw ExitCode(ExitStatus.ioError)
    }
  }

  /// Fails the command if the store could not save.
  static func checkSaved(_ store: FileUserDefaults) throws {
    guard let problem = store.saveProblem else { return }
    Platform.printError(problem.description)
    if case .locked = problem { throw ExitCode(ExitStatus.temporaryFailure) }
    throw ExitCode(ExitStatus.ioError)
  }
}

/// `tally inc`: adds to the count and prints the new value.
struct IncrementCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inc",
    abstract: "Add to the count and print the new value.")

  @Option(name: .long, parsing: .unconditional, help: "How much to add (negative subtracts).")
  var by: Int = 1

  func run() throws {
    let store = try StoreCommand.openStore()
    let counter = CounterViewModel(userDefaults: store)
    counter.increment(by: by)
    try StoreCommand.checkSaved(store)
    if let message = counter.message {
      Platform.printError(message)
      throw ExitCode(ExitStatus.dataError)
    }
    print(counter.countText)
  }
}

/// `tally get`: prints the count.
struct GetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "get",
    abstract: "Print the count.")

  func run() throws {
    let store = try StoreCommand.openStore()
    print(CounterViewModel(userDefaults: store).countText)
  }
}
