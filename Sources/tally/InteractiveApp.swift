import TallyApp
import TallyDefaults
import TallyHistory
import TallyLocalization
import TallyModel
import TallyPlatform
import TallySettings
import TallyTerminal

/// The interactive counter: the ``Environment`` and the terminal handed to `AppRunLoop`.
struct InteractiveApp {
  let arguments: LaunchArguments
  let argumentDomain: [String: PropertyListValue]
  let environment: [String: String]

  func run() -> Int32 {
    // Without a usable terminal, nothing is read or written.
    do {
      try TerminalSession.checkTerminal(environment: environment)
    } catch {
      Platform.printError(error.description)
      return ExitStatus.failure
    }
    let opened: Environment
    do throws(StoreError) {
      opened = try AppEnvironment.open(
        .interactive, arguments: arguments, argumentDomain: argumentDomain, environment: environment
      ).environment
    } catch {
      // Reported before the terminal is touched: nothing drawn and taken away again.
      Platform.printError(error.description)
      if case .locked = error { return ExitStatus.temporaryFailure }
      return ExitStatus.ioError
    }
    let session: TerminalSession
    do {
      session = try TerminalSession(environment: environment, theme: opened.settings.theme)
    } catch {
      Platform.printError(error.description)
      return ExitStatus.failure
    }
    // The run loop applies the settings again when the user changes them.
    let outcome = AppRunLoop(terminal: session, environment: opened, followsSettings: true).run {
      AppComposition.app(opened, arguments: arguments)
    }
    switch outcome {
    case .terminated(let signal):
      session.terminateProcess(with: signal)
    case .quitWithoutSaving(let problem):
      Platform.printError(tr("the last changes were not saved: \(problem.map(\.description) ?? "saving failed")"))
      return ExitStatus.ioError
    case .quit:
      return ExitStatus.success
    }
  }
}
