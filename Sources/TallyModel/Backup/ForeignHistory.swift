import FoundationEssentials
import TallyLocalization
import TallyPlatform

/// What another habit tracker's file holds, as `tally import --from` reads it before it
/// becomes a ``Backup``: habits with their dated amounts, and what could not be carried
/// (docs/import.md).
public struct ForeignHistory: Sendable {
  /// The apps whose files Tally reads.
  public enum Format: String, Sendable, CaseIterable {
    case loop, tickmate, habitbull, harsh, dijo, bettercounter

    /// The app's name, as its users know it.
    public var appName: String {
      switch self {
      case .loop: "Loop Habit Tracker"
      case .tickmate: "Tickmate"
      case .habitbull: "HabitBull"
      case .harsh: "harsh"
      case .dijo: "dijo"
      case .bettercounter: "BetterCounter"
      }
    }
  }

  /// When an entry happened, as its app knows it.
  public enum Moment: Sendable, Equatable {
    /// A local calendar date (days since 1970-01-01), with no time: dated at noon.
    case day(Int)
    /// A local wall-clock time, in seconds since 1970-01-01 as if local time were UTC.
    case wallClock(Int64)
    /// An exact moment.
    case instant(Date)
  }

  public struct Entry: Sendable, Equatable {
    public var moment: Moment
    /// What it counts: 1 for a done day or a tick, the amount for a measurable habit.
    public var amount: Double
    public var note: String?

    public init(_ moment: Moment, amount: Double = 1, note: String? = nil) {
      self.moment = moment
      self.amount = amount
      self.note = note
    }
  }

  public struct Habit: Sendable {
    public var name: String
    public var entries: [Entry]
    public var goal: Goal?
    /// Why the habit's frequency or target gave no goal, or `nil`.
    public var goalProblem: String?
    public var archived: Bool
    /// The group it comes in (a harsh heading), when not archived.
    public var group: String?
    /// What of this habit could not be carried, one sentence each.
    public var leftOut: [String]

    public init(
      name: String, entries: [Entry] = [], goal: Goal? = nil, goalProblem: String? = nil, archived: Bool = false,
      group: String? = nil, leftOut: [String] = []
    ) {
      self.group = group
      self.name = name
      self.entries = entries
      self.goal = goal
      self.goalProblem = goalProblem
      self.archived = archived
      self.leftOut = leftOut
    }
  }

  public var format: Format
  public var habits: [Habit]
  /// What of the file as a whole could not be carried.
  public var leftOut: [String]

  public init(format: Format, habits: [Habit], leftOut: [String] = []) {
    self.format = format
    self.habits = habits
    self.leftOut = leftOut
  }

  /// The group archived or disabled habits come in.
  public static let archivedGroup = "archived"
}

extension ForeignHistory {
  /// A goal of `amount` in `days` days, as the apps write frequencies: every day, N in 7
  /// (a week), N in 30 or 31 (a month); any other window has no Tally goal, and says so.
  public static func goal(amount: Double, inDays days: Int, isLimit: Bool = false) -> (Goal?, String?) {
    let period: Goal.Period? =
      switch days {
      case 1: .day
      case 7: .week
      case 30, 31: .month
      default: nil
      }
    let whole = Int(exactly: amount.rounded(.toNearestOrAwayFromZero))
    let text = isLimit ? tr("at most \(number(amount)) in \(days) days") : tr("\(number(amount)) in \(days) days")
    guard let period else { return (nil, tr("its frequency, \(text), has no Tally goal (Tally's are per day, week or month)")) }
    guard let whole, whole >= 1 else { return (nil, tr("its target, \(text), has no Tally goal (a goal is 1 or more)")) }
    return (Goal(amount: whole, period: period, isLimit: isLimit), nil)
  }

  /// `value` as the user typed it: "2", "2.5".
  public static func number(_ value: Double) -> String {
    if let whole = Int(exactly: value) { return String(whole) }
    return "\(value)"
  }

  /// Days since 1970-01-01 of a civil date, or `nil` if it is not one.
  public static func day(year: Int, month: Int, day: Int) -> Int? {
    guard (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year) else { return nil }
    let number = UTCTime.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
    // 31 February and the like come back as another month's day.
    guard UTCTime.civilDate(ofDay: number) == (Int64(year), Int64(month), Int64(day)) else { return nil }
    return Int(number)
  }

  /// "YYYY-MM-DD" read as a civil date's day number, or `nil`.
  public static func day(isoText text: some StringProtocol) -> Int? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard text.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2])
    else { return nil }
    return day(year: year, month: month, day: dayOfMonth)
  }

  /// A note from elsewhere made one line that Tally takes, and whether it changed.
  ///
  /// Line breaks and tabs become spaces, other control characters go, and it is cut to
  /// ``ChangeNote/maximumLength``; `nil` when nothing is left.
  static func fittedNote(_ text: String) -> (note: String?, changed: Bool) {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control
        || [.lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
      {
        if ["\n", "\r", "\t", "\u{2028}", "\u{2029}"].contains(scalar) { scalars.append(" ") }
      } else if !scalar.properties.isNoncharacterCodePoint {
        scalars.append(scalar)
      }
    }
    var note = String(scalars).trimmingXMLWhitespace()
    if note.count > ChangeNote.maximumLength { note = String(note.prefix(ChangeNote.maximumLength - 1)) + "…" }
    while note.utf8.count > ChangeNote.maximumByteCount { note.removeLast() }
    let fitted = note.isEmpty ? nil : note
    return (fitted, fitted != text)
  }
}
