import TallyDefaults
import TallyLocalization

/// A target for a counter, kept in its record: an amount to reach in every day, week or
/// month, or in total; or, for a habit to cut down, a limit to stay within ("at most 3/day").
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
      case .total: trMarked("in total")
      case .day: trMarked("today")
      case .week: trMarked("this week")
      case .month: trMarked("this month")
      }
    }
  }

  public var amount: Int
  public var period: Period
  /// A limit: a period is met while its progress stays at or under the amount.
  public var isLimit: Bool

  public init(amount: Int, period: Period, isLimit: Bool = false) {
    self.amount = amount
    self.period = period
    self.isLimit = isLimit
  }

  /// The goal as a user types it: "8/day", "3/week", "20/month", "300" for a total, and
  /// "at most 3/day" for a limit.
  public var text: String {
    (isLimit ? "at most " : "") + (period == .total ? String(amount) : "\(amount)/\(period.rawValue)")
  }

  /// Whether the amount can be a goal's: from 1, or from 0 for a limit (`at most 0/day`, to quit).
  public var hasValidAmount: Bool { amount >= (isLimit ? 0 : 1) }

  /// Whether `progress` meets it: reaches the amount, or for a limit stays within it.
  public func isMet(by progress: Int) -> Bool { isLimit ? progress <= amount : progress >= amount }

  /// Reads "8/day", "8/week", "8/month" or a plain "300", and limits as "at most 3/day" or
  /// "<=3/day"; surrounding spaces are ignored.
  public init(text: String) throws(CounterError) {
    var trimmed = text.trimmingXMLWhitespace()
    let limit = ["at most ", "<="].first { trimmed.lowercased().hasPrefix($0) }
    if let limit { trimmed = String(trimmed.dropFirst(limit.count)).trimmingXMLWhitespace() }
    let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    // A total is a plain number: "300/none" is no goal.
    let period = parts.count == 2 ? Period(rawValue: parts[1].lowercased()) : .total
    guard let period, parts.count == 1 || period != .total, let amount = try? CounterInput.value(from: String(parts[0])),
      Goal(amount: amount, period: period, isLimit: limit != nil).hasValidAmount
    else {
      throw .invalidGoal(text.trimmingXMLWhitespace())
    }
    self.init(amount: amount, period: period, isLimit: limit != nil)
  }

  /// A limit is `"limit": true` (in the store and in a backup); an "at least" goal, as every
  /// goal from before limits, has no such key.
  private enum CodingKeys: String, CodingKey {
    case amount, period, limit
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      amount: try container.decode(Int.self, forKey: .amount), period: try container.decode(Period.self, forKey: .period),
      isLimit: try container.decodeIfPresent(Bool.self, forKey: .limit) ?? false)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(amount, forKey: .amount)
    try container.encode(period, forKey: .period)
    if isLimit { try container.encode(true, forKey: .limit) }
  }

  var propertyListValue: PropertyListValue {
    var entries: [String: PropertyListValue] = ["amount": .integer(Int64(amount)), "period": .string(period.rawValue)]
    if isLimit { entries["limit"] = .bool(true) }
    return .dictionary(entries)
  }

  init?(propertyListValue: PropertyListValue) {
    guard case .dictionary(let entries) = propertyListValue,
      let amount = entries["amount"].flatMap(Int.init(propertyListValue:)),
      case .string(let name)? = entries["period"], let period = Period(rawValue: name)
    else { return nil }
    self.init(amount: amount, period: period, isLimit: entries["limit"] == .bool(true))
    guard hasValidAmount else { return nil }
  }
}
