import TallyCore
import TallyDefaults
import TallyHistory
import TallyModel
import TallyPlatform
import TallyTerminal

/// The composition root of the interactive counter.
///
/// It builds the real dependencies from the launch arguments, starts the terminal and hands
/// both to the run loop (`AppRunLoop`), then turns how the run ended into an exit.
struct InteractiveApp {
  let arguments: LaunchArguments
  let argumentDomain: [String: PropertyListValue]
  let environment: [String: String]

  /// Runs until the user quits; returns the exit status.
  func run() -> Int32 {
    // Without a usable terminal, nothing is read or written.
    do {
      try TerminalSession.checkTerminal(environment: environment)
    } catch {
      Platform.printError(error.description)
      return ExitStatus.failure
    }
    let (dependencies, storeNotices): (Dependencies, [String])
    do throws(StoreError) {
      (dependencies, storeNotices) = try makeDependencies()
    } catch {
      // Reported before the terminal is touched: nothing drawn and taken away again.
      Platform.printError(error.description)
      if case .locked = error { return ExitStatus.temporaryFailure }
      return ExitStatus.ioError
    }

    // The settings at start: the store is open and its argument domain set. The run loop
    // applies them again when the user changes them.
    let settings = Settings(store: dependencies.userDefaults, environment: environment)
    let liveSettings = LiveSettings(store: dependencies.userDefaults, environment: environment)
    dependencies.userDefaults.apply(settings)
    let counterScreen = settings.counterScreen()
    let notices = storeNotices + [counterScreen.problem.map(LiveSettings.keysNotice)].compactMap { $0 }

    let session: TerminalSession
    do {
      session = try TerminalSession(environment: environment, theme: settings.theme)
    } catch {
      Platform.printError(error.description)
      return ExitStatus.failure
    }
    let outcome = AppRunLoop(terminal: session, dependencies: dependencies, settings: liveSettings).run {
      LaunchArgumentConfigurator.configure(dependencies, with: arguments)
      let app = AppComposition.app(dependencies, counterSettings: counterScreen.settings)
      if !notices.isEmpty { app.show(notices.joined(separator: " "), from: .start) }
      return app
    }
    switch outcome {
    case .terminated(let signal):
      session.terminateProcess(with: signal)
    case .quitWithoutSaving(let problem):
      Platform.printError("the last changes were not saved: \(problem.map(\.description) ?? "saving failed")")
      return ExitStatus.ioError
    case .quit:
      return ExitStatus.success
    }
  }

  /// The store and the history the launch arguments ask for, with what opening the store
  /// found worth telling (a damaged file moved aside, a check that failed).
  private func makeDependencies() throws(StoreError) -> (Dependencies, notices: [String]) {
    var notices: [String] = []
    var persistentHistory: DeferredHistory?
    let dependencies = try LaunchArgumentConfigurator.makeDependencies(
      arguments: arguments.subtracting([.skipOnboarding]), argumentDomain: argumentDomain, clock: SystemClock(),
      // The history is opened at its first use: a first frame without a goal needs none.
      inMemoryHistory: DeferredHistory { SQLiteHistory.inMemory() },
      makePersistentStore: { () throws(StoreError) in
        let store = try FileUserDefaults(directory: StoreLocation.dataDirectory(environment: environment))
        notices = store.notices.map(\.description) + StoreCheck.run(on: store)
        let history = DeferredHistory(
          open: { () throws(HistoryError) in
            let history = try SQLiteHistory.open(directory: store.directory, busyTimeout: store.lockTimeout)
            // The log folded whole at quit: the next start reads none of it.
            history.logFoldedAbove = 0
            return history
          },
          // A new machine's first frames make no database: there is nothing to show yet.
          mayHoldChanges: { SQLiteHistory.exists(inDirectory: store.directory) })
        persistentHistory = history
        return (store, history)
      },
      // The other machines' history is read after the first frame, as their counts are.
      attachHistory: { _, sync in persistentHistory?.attach(to: sync, readingBeforeFirstQuestion: false) })
    return (dependencies, notices)
  }
}
