/// The launch arguments that set Tally up for tests and scripts.
///
/// They are single-dash, as Apple's launch arguments are, and their raw values are the
/// arguments as typed: the argument parser and the UI-test driver both use them.
public enum LaunchArgument: String, CaseIterable, Sendable {
  /// Use `InMemoryUserDefaults`: nothing is read from or written to disk.
  case useInMemoryUserDefaults = "-useInMemoryUserDefaults"
  /// Set `showOnboarding = false` through the `SettingStorage` in use.
  case skipOnboarding = "-skipOnboarding"

  /// What the argument does, for help and the manual.
  public var summary: String {
    switch self {
    case .useInMemoryUserDefaults: "Keep everything in memory: nothing is read from or written to disk."
    case .skipOnboarding: "Do not show onboarding (records it as shown in the store in use)."
    }
  }

  /// The name without its dash, as the argument parser declares it.
  public var name: String { String(rawValue.dropFirst()) }
}

/// A set of launch arguments, as the command line gave them.
///
/// A bit set rather than a `Set<LaunchArgument>`: making a `Set` of a new element type makes
/// the Swift runtime look up that type's `Hashable` conformance, a scan of every conformance
/// record in the static binary, at start-up (docs/performance.md).
public struct LaunchArguments: OptionSet, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The set holding `argument` alone.
  public init(_ argument: LaunchArgument) {
    switch argument {
    case .useInMemoryUserDefaults: self = .useInMemoryUserDefaults
    case .skipOnboarding: self = .skipOnboarding
    }
  }

  /// The `-useInMemoryUserDefaults` argument.
  public static let useInMemoryUserDefaults = LaunchArguments(rawValue: 1 << 0)
  /// The `-skipOnboarding` argument.
  public static let skipOnboarding = LaunchArguments(rawValue: 1 << 1)
}
