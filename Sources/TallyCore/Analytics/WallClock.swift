#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The time of day, injected so that history is tested at a fixed moment.
public protocol WallClock: AnyObject {
  /// The current moment.
  func now() -> Date
  /// Seconds east of UTC of the local time zone at `date` (for where days begin).
  func utcOffset(at date: Date) -> Int
}

/// The system's clock and time zone.
public final class SystemClock: WallClock {
  public init() {}

  public func now() -> Date { Date() }

  public func utcOffset(at date: Date) -> Int {
    LocalTime.utcOffset(atSecondsSince1970: date.timeIntervalSince1970)
  }
}
