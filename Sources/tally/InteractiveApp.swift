import TallyCore
import TallyTerminal

/// The composition root and run loop of the interactive counter.
///
/// It builds the real dependencies from the launch arguments, starts the terminal, and then
/// loops: wait for keys or a signal, apply every pending key inside one store batch (so a
/// burst costs one durable write), then draw. The value on screen is always one the store
/// has already saved.
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

    let dependencies: Dependencies
    var notices: [String] = []
    do {
      dependencies = try LaunchArgumentConfigurator.makeDependencies(
        arguments: arguments.subtracting([.skipOnboarding]), argumentDomain: argumentDomain, clock: SystemClock()
      ) { () throws(StoreError) in
        let store = try FileUserDefaults(directory: StoreLocation.dataDirectory(environment: environment))
        notices = store.notices.map(\.description) + StoreCheck.run(on: store)
        return (store, FileHistoryLog(directory: store.directory))
      }
    } catch {
      // Reported before the terminal is touched: nothing drawn and taken away again.
      Platform.printError(error.description)
      return ExitStatus.ioError
    }

    let session: TerminalSession
    do {
      session = try TerminalSession(environment: environment)
    } catch {
      Platform.printError(error.description)
      return ExitStatus.failure
    }

    let userDefaults = dependencies.userDefaults
    let analytics = dependencies.analytics
    // The first frame comes before any write: what `-skipOnboarding` records is not on
    // screen, so it is saved with the batch that draws that frame, after the drawing.
    let app = userDefaults.performBatch {
      LaunchArgumentConfigurator.configure(dependencies, with: arguments)
      let app = AppViewModel(
        settingStore: dependencies.settingStore,
        analytics: analytics,
        makeCountersModel: { CountersModel(userDefaults: userDefaults, analytics: analytics) },
        makeHistoryViewModel: { HistoryViewModel(counter: $0, history: dependencies.history, clock: dependencies.clock) })
      if !notices.isEmpty { app.notice = notices.joined(separator: " ") }
      session.draw(AppView(model: app).render(width: session.width, height: session.height))
      return app
    }

    // Changes saved by other processes (another tally, `tally inc`) arrive through inotify;
    // where it is unavailable (its per-user limit reached), the file is re-read 5 times a second.
    let fileStore = userDefaults as? FileUserDefaults
    let watched = fileStore?.changeNotificationDescriptor().map { [$0] } ?? []
    let rereadInterval: Double? = fileStore != nil && watched.isEmpty ? 0.2 : nil

    while !app.isQuitting {
      // A save that failed is retried every second, with or without a key press.
      let retrying = fileStore?.hasUnsavedChanges == true
      let timeout = retrying ? min(1, rereadInterval ?? 1) : rereadInterval
      switch session.wait(watching: watched, timeout: timeout) {
      case .terminated(let signal): session.terminateProcess(with: signal)
      case .descriptor: if fileStore?.processChanges().isEmpty == false { app.storeChanged() }
      case .timeout: if !retrying, fileStore?.reload().isEmpty == false { app.storeChanged() }
      case .input, .resized: break
      }
      if retrying, let fileStore {
        fileStore.retrySave()
        app.saveStatusChanged()
      }
      var keys = session.readKeys()
      if keys.contains(.control("z")) {
        keys.removeAll { $0 == .control("z") }
        session.suspend()
      }
      app.screenSize = (session.width, session.height)
      userDefaults.performBatch {
        for key in keys where !app.isQuitting { app.handle(key) }
      }
      // The history of the burst, in one write (after the counts, which are already saved).
      analytics.flush()
      // The batch has saved (or failed to), and so has the history: the status line says
      // which, for this very key.
      app.saveStatusChanged()
      if app.isQuitting, !app.quitsWithoutSaving, let fileStore, fileStore.hasUnsavedChanges {
        fileStore.retrySave()
        if let problem = fileStore.saveProblem { app.refuseQuit(unsaved: problem) }
      }
      if !app.isQuitting {
        session.draw(AppView(model: app).render(width: session.width, height: session.height))
      }
    }
    session.stop()
    if let fileStore, fileStore.hasUnsavedChanges {
      Platform.printError("the last changes were not saved: \(fileStore.saveProblem.map(\.description) ?? "saving failed")")
      return ExitStatus.ioError
    }
    return ExitStatus.success
  }
}
