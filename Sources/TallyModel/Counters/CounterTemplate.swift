import FoundationEssentials
import TallyLocalization
import TallyPlatform

/// A line about a counter with fields in braces, as `tally get --format` and `tally watch`
/// print it: `{name}: {value} ({progress})`, checked whole when it is made.
public struct CounterTemplate: Sendable, Equatable {
  public enum Field: String, CaseIterable, Sendable {
    case name
    case value
    case step
    /// The goal as `tally goal` takes it (`8/day`); empty without one.
    case goal
    /// The goal's progress in its period (`6 of 8 today`); empty without a goal.
    case progress
    /// The goal's current streak; empty without a goal per day, week or month.
    case streak
    case group
    /// How long ago the counter last changed (`2 min ago`); empty when it never did.
    case last

    var needsHistory: Bool { [.progress, .streak, .last].contains(self) }
  }

  /// Why a template cannot be used; the description names the mistake.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  private enum Part: Equatable {
    case text(String)
    case field(Field)
  }

  private let parts: [Part]

  /// Reads `text`; throws when it names an unknown field or has a brace without its pair.
  public init(_ text: String) throws(Problem) {
    var parts: [Part] = []
    var literal = ""
    var index = text.startIndex
    func position() -> Int { text.distance(from: text.startIndex, to: index) + 1 }
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      // `{{` and `}}` stand for one brace.
      if character == "{" || character == "}", next < text.endIndex, text[next] == character {
        literal.append(character)
        index = text.index(after: next)
        continue
      }
      guard character != "}" else {
        throw Problem(description: tr("a } with no { before it at character \(position()); write }} for a brace"))
      }
      guard character == "{" else {
        literal.append(character)
        index = next
        continue
      }
      guard let close = text[next...].firstIndex(where: { $0 == "}" || $0 == "{" }), text[close] == "}" else {
        throw Problem(description: tr("a { with no } after it at character \(position()); write {{ for a brace"))
      }
      let name = String(text[next..<close])
      guard let field = Field(rawValue: name) else {
        throw Problem(
          description: tr(
            "{\(TerminalText.escaped(name))} is not a field; the fields are \(Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", "))"
          ))
      }
      if !literal.isEmpty { parts.append(.text(literal)) }
      literal = ""
      parts.append(.field(field))
      index = text.index(after: close)
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    self.parts = parts
  }

  public var fields: [Field] {
    parts.compactMap { if case .field(let field) = $0 { field } else { nil } }
  }

  /// Whether any field is read from the history (so that a template without one never opens it).
  public var needsHistory: Bool { fields.contains { $0.needsHistory } }

  /// The line for `counter` at `now`, its history read only for the fields that need it and
  /// text from the store escaped for a terminal.
  public func render(_ counter: Counter, history: HistoryReader?, now: Date, calendar: GoalCalendar) -> String {
    // Read once, and only as far as the fields ask: the streaks only for {streak}.
    let needsStreak = fields.contains(.streak)
    lazy var goal = history.flatMap { history in
      needsStreak
        ? GoalSummary.of(counter, history: history, now: now, calendar: calendar)
        : GoalSummary.progress(of: counter, history: history, now: now, calendar: calendar)
    }
    var line = ""
    for part in parts {
      switch part {
      case .text(let text): line += text
      case .field(let field):
        switch field {
        case .name: line += TerminalText.escaped(counter.name)
        case .value: line += String(counter.shown)
        case .step: line += String(counter.step)
        case .goal: line += counter.goal?.text ?? ""
        case .progress: line += goal?.progressText ?? ""
        case .streak:
          if let summary = goal, summary.goal.period != .total { line += String(summary.currentStreak) }
        case .group: line += counter.group.map(TerminalText.escaped) ?? ""
        case .last:
          if let entry = history?.entries(ofCounter: counter.id, since: nil, until: nil, limit: 1).entries.last {
            line += LastChangeLine.age(of: entry.time, now: now, calendar: calendar).text
          }
        }
      }
    }
    return line
  }
}
