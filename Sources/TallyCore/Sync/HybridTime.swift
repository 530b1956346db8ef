/// A hybrid logical clock's reading: wall-clock milliseconds, a counter for events within
/// one millisecond (or while the wall clock lags another machine's), and the machine's name,
/// which breaks ties.
///
/// Readings are totally ordered, so "the latest write wins" picks the same write on every
/// machine. A machine's next reading is later than every reading it has seen, whatever its
/// own wall clock says.
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
    // A hostile file's time at the end of the range stops the counter there, not the program.
    return HybridTime(
      milliseconds: latest.milliseconds, counter: latest.counter == .max ? .max : latest.counter + 1, machine: machine)
  }
}
