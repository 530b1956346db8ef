/// Whole-number proportions of counter values, worked out in `Int128` so that no value, from
/// `Int.min` to `Int.max`, overflows: the board's shares, its sparklines and the goal bars.
public enum Proportion {
  /// Each value's share of the sum of the values above 0, in whole percent adding up to 100.
  ///
  /// Each gets its share rounded down, and the points left go to the largest remainders (the
  /// first of equal ones). A value below 0 has no share (`nil`); with none above 0, none has.
  public static func percentages(of values: [Int]) -> [Int?] {
    let wide = values.map { Int128(max(0, $0)) }
    let sum = wide.reduce(0, +)
    guard sum > 0 else { return values.map { _ in nil } }
    var shares = wide.map { Int($0 * 100 / sum) }
    let remainders = wide.map { $0 * 100 % sum }
    let left = 100 - shares.reduce(0, +)
    // Fewer points are left than values with a remainder (those remainders add up to `left`).
    let largest = remainders.indices.sorted { (remainders[$0], $1) > (remainders[$1], $0) }
    for index in largest.prefix(left) { shares[index] += 1 }
    return zip(values, shares).map { $0 < 0 ? nil : $1 }
  }

  /// The sum of `values`, clamped to `Int`'s range: worked out wide, so that it does not
  /// depend on their order (`Int.max + 1 + Int.min` is 0).
  public static func sum(_ values: some Sequence<Int>) -> Int {
    Int(clamping: values.reduce(Int128(0)) { $0 + Int128($1) })
  }

  /// The level of `value` on a scale of `levels` whose top is `top`: `value × levels / top`
  /// rounded down, within `0...levels`; 0 when `top` is not above 0.
  public static func level(of value: Int, top: Int, levels: Int) -> Int {
    guard top > 0, value > 0 else { return 0 }
    return Int(min(Int128(levels), Int128(value) * Int128(levels) / Int128(top)))
  }
}
