import TallyApp
import TallyDefaults

/// The base of every UI test: an app on `InMemoryUserDefaults` unless `persistent`.
public final class UITestCase {
  public let app: TerminalApp

  public init(persistent: Bool = false, executable: String? = nil) throws {
    app = try TerminalApp(executable: executable)
    if !persistent { add(LaunchArguments.useInMemoryUserDefaults.argument) }
  }

  public func skipOnboarding() {
    add(LaunchArguments.skipOnboarding.argument)
  }

  public func set<T: UserDefaultsStorable>(_ value: T, forKey key: DefaultsKey) {
    var container = ValueContainer()
    container.set(value, forKey: key)
    app.launchArguments += container.launchArguments
  }

  private func add(_ argument: String) {
    if !app.launchArguments.contains(argument) { app.launchArguments.append(argument) }
  }
}
