import TallyApp
import TallyDefaults
import TallyHistory
import TallyModel
import TallyPlatform
import TallySettings
import TallySync

/// The composition root: the one place the store, the settings, the sync folder, the
/// history, its recorder and the counters model are made, in that order, for the interactive
/// app and for every command (docs/architecture.md).
struct AppEnvironment {
  enum Use {
    /// The folder and the history are read after the first frame.
    case interactive
    /// The other machines' counts are merged first; changes are written as "command".
    case command
  }

  let environment: Environment
  /// `nil` with `-useInMemoryUserDefaults`.
  let file: FileUserDefaults?
  /// Opened at its first use: a first frame without a goal, `get` and `list` never ask it.
  let history: DeferredHistory

  /// Builds the environment in the data directory `environment` names, or in memory with
  /// `-useInMemoryUserDefaults` (no disk, no sync); for a command, a store file that could
  /// not be parsed and was moved aside is an error too.
  static func open(
    _ use: Use, arguments: LaunchArguments = [], argumentDomain: [String: PropertyListValue],
    environment: [String: String], clock: WallClock = SystemClock()
  ) throws(StoreError) -> AppEnvironment {
    let source: HistoryEntry.Source = use == .command ? .command : .app
    guard !arguments.contains(.useInMemoryUserDefaults) else {
      let store = InMemoryUserDefaults()
      Environment.prepare(store, argumentDomain: argumentDomain)
      let settings = Settings(store: store, environment: environment)
      // Made when the app's last change line first asks, after the first frame, with the
      // statements of a key press prepared then rather than at the first key. (Made on a
      // thread of its own at start, it slowed the first frame on a busy machine.)
      let history = DeferredHistory { () throws(HistoryError) in
        let history = SQLiteHistory.inMemory()
        if use == .interactive { history.prepareKeyPressStatements() }
        return history
      }
      let built = Environment(store: store, settings: settings, history: history, clock: clock, source: source)
      return AppEnvironment(environment: built, file: nil, history: history)
    }
    let directory = try StoreLocation.dataDirectory(environment: environment)
    let ahead = openAhead(use, directory: directory)
    let store = try FileUserDefaults(directory: directory) { Settings(store: $0, environment: environment).lockTimeout }
    if use == .command, let notice = store.notices.first { throw notice }
    let notices = store.notices.map(\.description) + StoreCheck.run(on: store)
    Environment.prepare(store, argumentDomain: argumentDomain)
    let settings = Settings(store: store, environment: environment)
    let sync = CounterSync.configured(in: store)
    if use == .command { sync?.pull() }
    let history = makeHistory(use, store: store, settings: settings, sync: sync, ahead: ahead)
    let built = Environment(
      store: store, settings: settings, sync: sync, history: history, clock: clock, source: source, notices: notices)
    return AppEnvironment(environment: built, file: store, history: history)
  }

  /// For the app, the history opened on a thread of its own while the store and the terminal
  /// start; it waits for no lock until the settings say how long; a damaged database is
  /// repaired on the main thread, as the app may end before that opening is done.
  private static func openAhead(_ use: Use, directory: String) -> DeferredHistory.Opening? {
    guard use == .interactive, SQLiteHistory.exists(inDirectory: directory) else { return nil }
    return DeferredHistory.Opening { () throws(HistoryError) in
      let history = try openHistory(use, directory: directory, busyTimeout: 0, repairing: false)
      history.prepareFrameQueries()
      return history
    }
  }

  private static func makeHistory(
    _ use: Use, store: FileUserDefaults, settings: Settings, sync: CounterSync?, ahead: DeferredHistory.Opening?
  ) -> DeferredHistory {
    DeferredHistory(
      open: { () throws(HistoryError) in
        try openHistory(use, directory: store.directory, busyTimeout: settings.lockTimeout)
      },
      // A new machine's first frames make no database: there is nothing to show yet.
      mayHoldChanges: use == .interactive ? { SQLiteHistory.exists(inDirectory: store.directory) } : nil,
      ahead: ahead, adopt: { $0.waitForLock(upTo: settings.lockTimeout) }, pending: PendingHistory(store: store),
      sync: sync, readingBeforeFirstQuestion: use == .command)
  }

  /// For the app, whose log is folded whole at quit, the next start reads none of it.
  private static func openHistory(_ use: Use, directory: String, busyTimeout: Double, repairing: Bool = true)
    throws(HistoryError) -> SQLiteHistory
  {
    try SQLiteHistory.open(
      directory: directory, busyTimeout: busyTimeout, repairing: repairing,
      logFoldedAbove: use == .interactive ? 0 : SQLiteHistory.commandLogFoldedAbove)
  }
}
