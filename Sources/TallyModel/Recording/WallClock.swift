import FoundationEssentials
import TallyPlatform

/// The time of day, injected so that history is tested at a fixed moment.
public protocol WallClock: AnyObject {
  func now() -> Date
  /// Seconds east of UTC of the local time zone at `date` (for where days begin).
  func utcOffset(at date: Date) -> Int
  /// What names the local time zone, so that kept totals can tell when it changed.
  var timeZoneIdentity: String? { get }
}

/// The system's clock and time zone.
public final class SystemClock: WallClock {
  public init() {}

  public func now() -> Date { Date() }

  public func utcOffset(at date: Date) -> Int {
    LocalTime.utcOffset(atSecondsSince1970: date.timeIntervalSince1970)
  }

  public var timeZoneIdentity: String? { LocalTime.identity }
}

/// The system's clock, stopped at ``moment`` once one is set (`tally inc --at yesterday`).
public final class BackdatedClock: WallClock {
  private let system = SystemClock()
  /// The moment changes are noted at; now while `nil`.
  public var moment: Date?

  public init() {}

  public func now() -> Date { moment ?? system.now() }

  public func utcOffset(at date: Date) -> Int { system.utcOffset(at: date) }

  public var timeZoneIdentity: String? { system.timeZoneIdentity }
}
