import FoundationEssentials
import TallyModel

/// The moment "2026-11-23T10:00:00Z" or "…T10:00:00.250Z" names (the epoch if it names none).
public func at(_ text: String) -> Date {
  (try? Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains(".")).parse(text)) ?? Date(timeIntervalSince1970: 0)
}

/// A clock that stands still until a test moves it, in a time zone the test chooses.
public final class ManualClock: WallClock {
  public var date: Date
  /// Seconds east of UTC.
  public var offset: Int

  public init(_ date: Date, utcOffset: Int = 0) {
    self.date = date
    offset = utcOffset
  }

  public convenience init(iso text: String, utcOffset: Int = 0) {
    self.init(at(text), utcOffset: utcOffset)
  }

  public func now() -> Date { date }

  public func utcOffset(at date: Date) -> Int { offset }

  public var timeZoneIdentity: String? { "fixed:\(offset)" }

  public func advance(by seconds: Double) {
    date = date.addingTimeInterval(seconds)
  }
}
