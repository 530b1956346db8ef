/// One change ``CountersModel`` made, kept for undo and redo: undoing a value change moves
/// the value back by the same difference, so a change another process made meanwhile is kept.
public enum CounterChange: Sendable, Equatable {
  case value(counterID: String, from: Int, to: Int)
  case step(counterID: String, from: Int, to: Int)
  case goal(counterID: String, from: Goal?, to: Goal?)
  case group(counterID: String, from: String?, to: String?)
  case rules(counterID: String, from: CounterRules, to: CounterRules)
  case rename(counterID: String, from: String, to: String)
  /// A counter was made at `index`; `previousID` was on screen before.
  case create(Counter, index: Int, previousID: String)
  /// A counter was deleted from `index`, with the value it had.
  case delete(Counter, index: Int)
  /// A change in the history got the note `to` in place of `from` (`nil`: no note); indirect,
  /// so that every change the undo stack keeps is not as large as a history entry.
  indirect case note(RecordedChange, from: String?, to: String?)

  public var counterID: String {
    switch self {
    case .value(let id, _, _), .step(let id, _, _), .goal(let id, _, _), .group(let id, _, _), .rename(let id, _, _),
      .rules(let id, _, _):
      id
    case .create(let counter, _, _), .delete(let counter, _): counter.id
    case .note(let change, _, _): change.entry.counter
    }
  }

  /// The same change about the counter `new` where it was about `old`.
  public func replacingCounterID(_ old: String, with new: String) -> CounterChange {
    switch self {
    case .value(old, let from, let to): return .value(counterID: new, from: from, to: to)
    case .step(old, let from, let to): return .step(counterID: new, from: from, to: to)
    case .goal(old, let from, let to): return .goal(counterID: new, from: from, to: to)
    case .group(old, let from, let to): return .group(counterID: new, from: from, to: to)
    case .rename(old, let from, let to): return .rename(counterID: new, from: from, to: to)
    case .rules(old, let from, let to): return .rules(counterID: new, from: from, to: to)
    case .create(var counter, let index, let previous):
      if counter.id == old { counter.id = new }
      return .create(counter, index: index, previousID: previous == old ? new : previous)
    case .delete(var counter, let index):
      if counter.id == old { counter.id = new }
      return .delete(counter, index: index)
    default: return self
    }
  }

  /// The change in a few words, for "Undone: ..." and "Redone: ...".
  public func summary(name: String) -> String {
    switch self {
    case .value(_, let from, let to): "\(name) \(from) → \(to)"
    case .step(_, let from, let to): "step of \(name) \(from) → \(to)"
    case .goal(_, let from, let to): "goal of \(name) \(from?.text ?? "none") → \(to?.text ?? "none")"
    case .group(_, let from, let to): "group of \(name) \(from ?? "none") → \(to ?? "none")"
    case .rename(_, let from, let to): "rename \(from) → \(to)"
    case .rules: "link and bounds of \(name)"
    case .create(let counter, _, _): "new counter \(counter.name)"
    case .delete(let counter, _): "delete \(counter.name)"
    case .note(let change, _, let to): "\(to == nil ? "note taken off" : "note on") \(name) \(Self.values(of: change.entry))"
    }
  }

  /// "3 → 4", what a change in the history did to the value.
  package static func values(of entry: HistoryEntry) -> String {
    "\(entry.old.map(String.init) ?? "") → \(entry.new.map(String.init) ?? "")"
  }
}
