/// One machine's share of a counter, a PN-counter: the sums of everything it ever added and
/// subtracted, which only grow (saturating at `Int.max`) and merge by taking the larger.
public struct Contribution: Hashable, Sendable {
  public var added: Int
  public var subtracted: Int

  public init(added: Int = 0, subtracted: Int = 0) {
    self.added = added
    self.subtracted = subtracted
  }

  public var net: Int128 { Int128(added) - Int128(subtracted) }

  public mutating func record(_ delta: Int) {
    if delta >= 0 {
      added = Self.saturatingSum(added, delta)
    } else {
      subtracted = Self.saturatingSum(subtracted, delta == .min ? .max : -delta)
    }
  }

  /// Whether `delta` can be recorded without a sum passing `Int.max`.
  public func canRecord(_ delta: Int) -> Bool {
    guard delta < 0 else { return !added.addingReportingOverflow(delta).overflow }
    // subtracted + |delta| <= Int.max, with |delta| - 1 so that `Int.min` fits.
    let (sum, overflow) = subtracted.addingReportingOverflow(-(delta + 1))
    return !overflow && sum < .max
  }

  public func merged(with other: Contribution) -> Contribution {
    Contribution(added: max(added, other.added), subtracted: max(subtracted, other.subtracted))
  }

  /// Whether `other` has seen all of this.
  public func isCovered(by other: Contribution?) -> Bool {
    guard let other else { return added == 0 && subtracted == 0 }
    return added <= other.added && subtracted <= other.subtracted
  }

  private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }
}

extension Dictionary where Key == String, Value == Contribution {

  /// Keeps `machine`'s sums, if there are any, no larger than `limit`'s.
  mutating func bound(_ machine: String, to limit: Contribution) {
    guard let claimed = self[machine] else { return }
    self[machine] = Contribution(
      added: Swift.min(claimed.added, limit.added), subtracted: Swift.min(claimed.subtracted, limit.subtracted))
  }

  var netTotal: Int128 { values.reduce(0) { $0 + $1.net } }
}
