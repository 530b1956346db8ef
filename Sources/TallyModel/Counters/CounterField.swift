import TallyLocalization

/// A counter's setting as one line of text, as the app's settings screen edits it: shown as
/// its command prints it (`tally goal`, `tally bounds`, `tally link`, `tally alert`, `tally
/// group`), read with the same parsers (`Goal(text:)`, ``CounterInput``, `CounterAlert(text:)`)
/// into the edit that command makes, which ``CountersModel`` checks as it checks the command's.
public enum CounterField: String, CaseIterable, Sendable {
  case step
  case goal
  case bounds
  case link
  case alert
  case group
  case name

  /// The field's text for `counter`, as its command prints it; `nil` for none.
  public func text(of counter: Counter, in list: CounterList) -> String? {
    let rules = counter.rules
    switch self {
    case .step: return String(counter.step)
    case .goal: return counter.goal?.text
    case .bounds: return rules.minimum == nil && rules.maximum == nil ? nil : rules.boundsText
    case .link:
      return rules.link.map { "\(list.counter(withID: $0.to)?.name ?? "a deleted counter") every \($0.every)" }
    case .alert: return rules.alert?.text
    case .group: return counter.group
    case .name: return counter.name
    }
  }

  /// The edit that sets this field of `counter` to `text`, or why `text` cannot be one; empty
  /// (or `none`, but for a group or a name) takes a goal, bounds, a link, an alert or the group off.
  public func edit(_ text: String, of counter: Counter, in list: CounterList) throws(CounterError) -> CounterEdit {
    let trimmed = text.trimmingXMLWhitespace()
    let none = trimmed.isEmpty || (self != .group && self != .name && trimmed.lowercased() == "none")
    var rules = counter.rules
    switch self {
    case .step: return .setStep(try CounterInput.step(from: text), of: counter.id)
    case .goal: return .setGoal(none ? nil : try Goal(text: trimmed), of: counter.id)
    case .group: return .setGroup(none ? nil : text, of: counter.id)
    case .name: return .rename(counter.id, to: text)
    case .bounds: (rules.minimum, rules.maximum) = none ? (nil, nil) : try Self.bounds(trimmed)
    case .link: rules.link = none ? nil : try Self.link(trimmed, in: list)
    case .alert:
      guard none || CounterAlert(text: trimmed) != nil else {
        throw .invalidRule(tr("an alert is N, or every N from 1 (such as 100 or every 10), or none, not \"\(trimmed)\""))
      }
      rules.alert = none ? nil : CounterAlert(text: trimmed)
    }
    return .setRules(rules, of: counter.id)
  }

  /// "min 0 max 10", "min 0" or "max 10", as `tally bounds` prints them.
  private static func bounds(_ text: String) throws(CounterError) -> (Int?, Int?) {
    let words = text.split(separator: " ")
    var bounds: [Substring: Int] = [:]
    for index in stride(from: 0, to: words.count, by: 2) {
      let word = words[index].lowercased()
      guard word == "min" || word == "max", bounds[Substring(word)] == nil, index + 1 < words.count else {
        throw .invalidRule(tr("bounds are min N, max N or both (such as min 0 max 10), or none, not \"\(text)\""))
      }
      bounds[Substring(word)] = try CounterInput.value(from: String(words[index + 1]))
    }
    return (bounds["min"], bounds["max"])
  }

  /// "repeats every 12": one on the counter named `repeats` for every 12 counted.
  private static func link(_ text: String, in list: CounterList) throws(CounterError) -> CounterLink {
    let words = text.split(separator: " ")
    guard words.count >= 3, words[words.count - 2].lowercased() == "every", let every = Int(words[words.count - 1]) else {
      throw .invalidRule(
        tr("a link is the counter it carries into and every N (such as repeats every 12), or none, not \"\(text)\""))
    }
    // The name is what comes before " every N", spaces inside it kept.
    let name = String(String(text.dropLast(words[words.count - 1].count)).trimmingXMLWhitespace().dropLast(5))
      .trimmingXMLWhitespace()
    guard let target = list.counter(named: name) else { throw .unknownCounter(name) }
    return CounterLink(to: target.id, every: every)
  }
}
