import TallyModel

/// The changes made this run, for undo and redo, across every counter.
///
/// A new change clears what could be redone. The stack lives in memory only: it starts
/// empty at each launch, and keeps the latest ``limit`` changes.
public struct UndoStack: Sendable, Equatable {
  /// How many changes can be undone, at most.
  public static let limit = 10_000

  public private(set) var undoable: [CounterChange] = []
  public private(set) var redoable: [CounterChange] = []

  public init() {}

  /// Records a new change; nothing is left to redo.
  public mutating func record(_ change: CounterChange) {
    pushUndoable(change)
    redoable.removeAll()
  }

  public mutating func popUndoable() -> CounterChange? { undoable.popLast() }
  public mutating func popRedoable() -> CounterChange? { redoable.popLast() }

  /// Puts back a change that was redone, keeping what else can be redone.
  public mutating func pushUndoable(_ change: CounterChange) {
    undoable.append(change)
    if undoable.count > Self.limit { undoable.removeFirst(undoable.count - Self.limit) }
  }

  public mutating func pushRedoable(_ change: CounterChange) {
    redoable.append(change)
  }

  /// Points the changes about counter `old` at counter `new`.
  ///
  /// The older ones (`undoable`) are pointed when a deleted counter is put back by an undo,
  /// the newer ones (`redoable`) when a redo makes it again. Only those can be about it;
  /// the others may be about another counter that had its id at another time.
  public mutating func replaceCounterID(_ old: String, with new: String, inUndoable: Bool) {
    if inUndoable {
      undoable = undoable.map { $0.replacingCounterID(old, with: new) }
    } else {
      redoable = redoable.map { $0.replacingCounterID(old, with: new) }
    }
  }
}
