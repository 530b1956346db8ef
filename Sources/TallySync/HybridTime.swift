/// A hybrid logical clock's reading: wall-clock milliseconds, a counter, and the machine's
/// name, totally ordered so that "the latest write wins" picks the same write everywhere.
public struct HybridTime: Comparable, Hashable, Sendable {
  public var milliseconds: Int64
  public var counter: Int64
  public var machine: String

  public init(milliseconds: Int64, counter: Int64 = 0, machine: String) {
    self.milliseconds = milliseconds
    self.counter = counter
    self.machine = machine
  }

  public static func < (lhs: HybridTime, rhs: HybridTime) -> Bool {
    (lhs.milliseconds, lhs.counter, lhs.machine) < (rhs.milliseconds, rhs.counter, rhs.machine)
  }

  /// The reading that follows `latest` (the latest one seen) on `machine` at wall-clock time `now`.
  public static func next(after latest: HybridTime?, now: Int64, machine: String) -> HybridTime {
    guard let latest, latest.milliseconds >= now else { return HybridTime(milliseconds: now, machine: machine) }
    // The counter never saturates into a tie: past its end the reading moves on a millisecond
    // (times from the folder are clamped to a day ahead, so the milliseconds have room).
    if latest.counter >= maximumCounter || latest.counter < 0 {
      let (milliseconds, overflow) = latest.milliseconds.addingReportingOverflow(1)
      return HybridTime(
        milliseconds: overflow ? latest.milliseconds : milliseconds, counter: overflow ? maximumCounter : 0, machine: machine)
    }
    return HybridTime(milliseconds: latest.milliseconds, counter: latest.counter + 1, machine: machine)
  }

  /// The largest counter a reading has; a file's larger one is clamped to it.
  public static let maximumCounter: Int64 = 1 << 40

  /// The latest a reading from another machine may be: a day past this machine's clock,
  /// rounded up to the end of that UTC day, so that machines clamp one file's times alike.
  public static func horizon(now: Int64) -> Int64 {
    let day: Int64 = 86_400_000
    let (limit, overflow) = now.addingReportingOverflow(day)
    let remainder = ((limit % day) + day) % day
    if overflow || remainder == 0 { return overflow ? .max : limit }
    let (rounded, past) = limit.addingReportingOverflow(day - remainder)
    return past ? .max : rounded
  }

  /// This reading, no later than `horizon` (as its first reading, counter 0) and with a
  /// counter no larger than ``maximumCounter``; `nil` when it already is.
  public func clamped(to horizon: Int64) -> HybridTime? {
    if milliseconds > horizon { return HybridTime(milliseconds: horizon, counter: 0, machine: machine) }
    guard counter > Self.maximumCounter || counter < 0 else { return nil }
    return HybridTime(milliseconds: milliseconds, counter: min(max(counter, 0), Self.maximumCounter), machine: machine)
  }
}
