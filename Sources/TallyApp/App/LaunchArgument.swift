/// The launch arguments that set Tally up for tests and scripts, as a set: the command line
/// gives any of them.
///
/// They are single-dash, as Apple's launch arguments are; ``argument`` is each as typed, which
/// the argument parser and the UI-test driver both use.
///
/// A bit set, not a `Set` of an enum: making a `Set` of a new element type makes the Swift
/// runtime look up that type's `Hashable` conformance, a scan of every conformance record in
/// the static binary, at start-up (docs/performance.md).
public struct LaunchArguments: OptionSet, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// `-useInMemoryUserDefaults`: use `InMemoryUserDefaults`, so that nothing is read from or
  /// written to disk.
  public static let useInMemoryUserDefaults = LaunchArguments(rawValue: 1 << 0)
  /// `-skipOnboarding`: set `showOnboarding = false` through the `SettingStorage` in use.
  public static let skipOnboarding = LaunchArguments(rawValue: 1 << 1)

  /// Every argument, one at a time, in the order help lists them.
  public static let each: [LaunchArguments] = [.useInMemoryUserDefaults, .skipOnboarding]

  /// The argument named `text` as typed (`-skipOnboarding`), if it is one.
  public init?(argument text: String) {
    guard let found = Self.each.first(where: { $0.argument == text }) else { return nil }
    self = found
  }

  /// An argument as typed, such as `-skipOnboarding`; empty for a set that is not one
  /// argument.
  public var argument: String {
    switch self {
    case .useInMemoryUserDefaults: "-useInMemoryUserDefaults"
    case .skipOnboarding: "-skipOnboarding"
    default: ""
    }
  }

  /// The name without its dash, as the argument parser declares it.
  public var name: String { String(argument.dropFirst()) }

  /// What an argument does, for help and the manual.
  public var summary: String {
    switch self {
    case .useInMemoryUserDefaults: "Keep everything in memory: nothing is read from or written to disk."
    case .skipOnboarding: "Do not show onboarding (records it as shown in the store in use)."
    default: ""
    }
  }
}
