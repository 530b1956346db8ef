import TallyModel

/// The changes made this run, for undo and redo across every counter: the latest ``limit``.
public struct UndoStack: Sendable, Equatable {
  public static let limit = 10_000

  public internal(set) var undoable: [CounterChange] = []
  public internal(set) var redoable: [CounterChange] = []

  public init() {}

  /// A new change: nothing is left to redo.
  public mutating func record(_ change: CounterChange) {
    pushUndoable(change)
    redoable.removeAll()
  }

  public mutating func pushUndoable(_ change: CounterChange) {
    undoable.append(change)
    if undoable.count > Self.limit { undoable.removeFirst(undoable.count - Self.limit) }
  }

  /// Points one stack's changes about counter `old` at `new`: the older ones when an undo puts
  /// a deleted counter back, the newer ones when a redo makes it again.
  public mutating func replaceCounterID(_ old: String, with new: String, inUndoable: Bool) {
    if inUndoable {
      undoable = undoable.map { $0.replacingCounterID(old, with: new) }
    } else {
      redoable = redoable.map { $0.replacingCounterID(old, with: new) }
    }
  }
}
