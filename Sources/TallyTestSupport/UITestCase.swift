import TallyApp
import TallyDefaults

/// The base of every UI test: an app that runs on `InMemoryUserDefaults` unless the test
/// opts out, and helpers that set it up through launch arguments.
public final class UITestCase {
  public let app: TerminalApp

  /// `persistent` runs on the real file store, for tests of persistence itself.
  public init(persistent: Bool = false, executable: String? = nil) throws {
    app = try TerminalApp(executable: executable)
    if !persistent { useTestSafeUserDefaults() }
  }

  public func useTestSafeUserDefaults() {
    add(LaunchArguments.useInMemoryUserDefaults.argument)
  }

  public func skipOnboarding() {
    add(LaunchArguments.skipOnboarding.argument)
  }

  /// Starts the app with `value` under `key` in its argument domain.
  public func set<T: UserDefaultsStorable>(_ value: T, forKey key: DefaultsKey) {
    var container = ValueContainer()
    container.set(value, forKey: key)
    app.launchArguments += container.launchArguments
  }

  private func add(_ argument: String) {
    if !app.launchArguments.contains(argument) { app.launchArguments.append(argument) }
  }
}
