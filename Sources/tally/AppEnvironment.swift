import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyPlatform
import TallySettings
import TallySync

/// The one composition root: what the interactive app and every command run on, opened in
/// one place.
///
/// ``openFile(_:environment:)`` is the only code that opens the store file and the history
/// database beside it; ``open(_:arguments:argumentDomain:environment:clock:file:)`` lays the
/// launch arguments and the settings over the store and joins the sync folder, through the
/// article's `LaunchArgumentConfigurator`, which a store in memory takes instead of the file.
/// The interactive app draws its first frame before it reads the folder or the history; a
/// command reads the other machines' counts first and works on the merged counters.
struct AppEnvironment {
  /// Who runs on the environment.
  enum Use {
    /// The interactive app: the folder and the history are read after the first frame.
    case interactive
    /// A subcommand: the other machines' counts first, its changes written as "command".
    case command
  }

  /// The store file in the data directory and the history database beside it.
  struct File {
    let store: FileUserDefaults
    /// Opened at its first use: a first frame without a goal, `get` and `list` never ask it.
    let history: DeferredHistory
    /// What opening found worth telling: a damaged file moved aside, values a check refused.
    let notices: [String]
  }

  let dependencies: Dependencies
  /// The settings as they stand at start.
  let settings: Settings
  /// What opening the store file found worth telling (``File/notices``).
  let notices: [String]

  /// Opens the store file in the data directory `environment` names and its history.
  ///
  /// - Throws: `StoreError` when the directory or the file cannot be read; for a command,
  ///   also when the file could not be parsed and was moved aside (a command then changes
  ///   nothing and says where it is).
  static func openFile(_ use: Use, environment: [String: String]) throws(StoreError) -> File {
    let directory = try StoreLocation.dataDirectory(environment: environment)
    // The app's first frame asks the history when a goal is on show: it is opened meanwhile,
    // on a thread of its own, while the store and the settings are read and the terminal
    // started. How long it may wait for a lock is a setting, not read yet: none until then;
    // and a damaged database is repaired on this thread, at the first question, as the app
    // may end (a store it cannot read, no terminal) before that opening is done.
    let ahead =
      use == .interactive && SQLiteHistory.exists(inDirectory: directory)
      ? DeferredHistory.Opening { () throws(HistoryError) in
        let history = try openHistory(use, directory: directory, busyTimeout: 0, repairing: false)
        history.prepareFrameQueries()
        return history
      } : nil
    let store = try FileUserDefaults(directory: directory)
    if use == .command, let notice = store.notices.first { throw notice }
    let history = DeferredHistory(
      open: { () throws(HistoryError) in try openHistory(use, directory: store.directory, busyTimeout: store.lockTimeout) },
      // A new machine's first frames make no database: there is nothing to show yet.
      mayHoldChanges: use == .interactive ? { SQLiteHistory.exists(inDirectory: store.directory) } : nil,
      ahead: ahead, adopt: { $0.waitForLock(upTo: store.lockTimeout) }, pending: PendingHistory(store: store),
      repair: { (reason) throws(HistoryError) in
        let history = try SQLiteHistory.reopen(directory: store.directory, damaged: reason, busyTimeout: store.lockTimeout)
        if use == .interactive { history.logFoldedAbove = 0 }
        return history
      }, whenOpened: { $0.finishInterruptedImport(committedIn: store) })
    return File(store: store, history: history, notices: store.notices.map(\.description) + StoreCheck.run(on: store))
  }

  /// Opens the history database in `directory`, as `use` needs it.
  private static func openHistory(_ use: Use, directory: String, busyTimeout: Double, repairing: Bool = true)
    throws(HistoryError) -> SQLiteHistory
  {
    let history = try SQLiteHistory.open(directory: directory, busyTimeout: busyTimeout, repairing: repairing)
    // The interactive app folds the log whole at quit: the next start reads none of it.
    if use == .interactive { history.logFoldedAbove = 0 }
    return history
  }

  /// The environment `arguments` ask for: over `file()` (called only for a store on disk), or
  /// in memory with `-useInMemoryUserDefaults`, at `clock`'s time.
  static func open(
    _ use: Use, arguments: LaunchArguments = [], argumentDomain: [String: PropertyListValue],
    environment: [String: String], clock: WallClock, file: () throws(StoreError) -> File
  ) throws(StoreError) -> AppEnvironment {
    var history = DeferredHistory { SQLiteHistory.inMemory() }
    var notices: [String] = []
    let dependencies = try LaunchArgumentConfigurator.makeDependencies(
      arguments: arguments, argumentDomain: argumentDomain, environment: environment, clock: clock,
      source: use == .command ? .command : .app, inMemoryHistory: history,
      makePersistentStore: { () throws(StoreError) in
        let opened = try file()
        history = opened.history
        notices = opened.notices
        return (opened.store, opened.history)
      },
      attachHistory: { _, sync in
        if use == .command { sync.pull() }
        history.attach(to: sync, readingBeforeFirstQuestion: use == .command)
      })
    return AppEnvironment(
      dependencies: dependencies, settings: Settings(store: dependencies.userDefaults, environment: environment),
      notices: notices)
  }
}
