import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyPlatform
import TallySettings
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
    let opened: AppEnvironment
    do throws(StoreError) {
      opened = try AppEnvironment.open(
        .interactive, arguments: arguments.subtracting([.skipOnboarding]), argumentDomain: argumentDomain,
        environment: environment, clock: SystemClock()
      ) { () throws(StoreError) in try AppEnvironment.openFile(.interactive, environment: environment) }
    } catch {
      // Reported before the terminal is touched: nothing drawn and taken away again.
      Platform.printError(error.description)
      if case .locked = error { return ExitStatus.temporaryFailure }
      return ExitStatus.ioError
    }
    let (dependencies, settings) = (opened.dependencies, opened.settings)
    // The run loop applies the settings again when the user changes them.
    let liveSettings = LiveSettings(store: dependencies.userDefaults, environment: environment)
    let counterScreen = settings.counterScreen()
    let notices = opened.notices + [counterScreen.problem.map(LiveSettings.keysNotice)].compactMap { $0 }

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
}
