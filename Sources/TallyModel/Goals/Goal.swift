import TallyDefaults

/// A target for a counter, kept in its record: an amount to reach in every day, week or
/// month, or in total.
public struct Goal: Sendable, Hashable, Codable {
  /// How often the goal starts again: never (a total), every day, week or month.
  public enum Period: String, Sendable, Hashable, Codable, CaseIterable {
    /// A plain total: the counter's value toward the amount (stored as `none`).
    case total = "none"
    case day
    case week
    case month

    /// "today", "this week", "this month", or "in total".
    public var currentName: String {
      switch self {
      case .total: "in total"
      case .day: "today"
      case .week: "this week"
      case .month: "this month"
      }
    }
  }

  public var amount: Int
  public var period: Period

  public init(amount: Int, period: Period) {
    self.amount = amount
    self.period = period
  }

  /// The goal as a user types it: "8/day", "3/week", "20/month", or "300" for a total.
  public var text: String {
    period == .total ? String(amount) : "\(amount)/\(period.rawValue)"
  }

  /// Reads "8/day", "8/week", "8/month" or a plain "300"; surrounding spaces are ignored.
  public init(text: String) throws(CounterError) {
    let trimmed = text.trimmingXMLWhitespace()
    let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    // A total is a plain number: "300/none" is no goal.
    let period = parts.count == 2 ? Period(rawValue: parts[1].lowercased()) : .total
    guard let period, parts.count == 1 || period != .total, let amount = try? CounterInput.step(from: String(parts[0])) else {
      throw .invalidGoal(trimmed)
    }
    self.init(amount: amount, period: period)
  }

  var propertyListValue: PropertyListValue {
    .dictionary(["amount": .integer(Int64(amount)), "period": .string(period.rawValue)])
  }

  init?(propertyListValue: PropertyListValue) {
    guard case .dictionary(let entries) = propertyListValue,
      let amount = entries["amount"].flatMap(Int.init(propertyListValue:)), amount > 0,
      case .string(let name)? = entries["period"], let period = Period(rawValue: name)
    else { return nil }
    self.init(amount: amount, period: period)
  }
}
