import TallyLocalization

/// The single-dash launch arguments that set Tally up for tests and scripts.
///
/// A bit set, not a `Set` of an enum, whose `Hashable` lookup costs start-up time
/// (docs/performance.md).
public struct LaunchArguments: OptionSet, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let useInMemoryUserDefaults = LaunchArguments(rawValue: 1 << 0)
  public static let skipOnboarding = LaunchArguments(rawValue: 1 << 1)

  /// Each as typed and what it does (for help and the manual), in the order help lists them.
  private static let table: [(argument: LaunchArguments, typed: String, summary: String)] = [
    (
      .useInMemoryUserDefaults, "-useInMemoryUserDefaults",
      trMarked("Keep everything in memory: nothing is read from or written to disk.")
    ),
    (.skipOnboarding, "-skipOnboarding", trMarked("Do not show onboarding (records it as shown in the store in use).")),
  ]

  public static let each = table.map(\.argument)

  public init?(argument text: String) {
    guard let found = Self.each.first(where: { $0.argument == text }) else { return nil }
    self = found
  }

  /// Empty for a set that is not one argument.
  public var argument: String { Self.table.first { $0.argument == self }?.typed ?? "" }

  public var name: String { String(argument.dropFirst()) }

  /// What it does, in the user's language.
  public var summary: String { tr(verbatim: Self.table.first { $0.argument == self }?.summary ?? "") }
}
