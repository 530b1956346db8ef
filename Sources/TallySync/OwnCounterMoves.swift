import TallyDefaults
import TallyModel

/// This machine's own counters moving between the store's ids when a merge regroups them
/// (``CounterGroup``), noted in the store (`syncMovedIDs`) for the screen and the history.
struct OwnCounterMoves {
  let store: any PropertyListStore
  let instance: String

  func note(from before: ReplicaState, to after: ReplicaState) {
    let moves = before.moves(to: after) { ReplicaState.id($0, isMadeBy: instance) }
    guard !moves.isEmpty else { return }
    var pending = store.x.object([[String]].self, forKey: .syncMovedIDs) ?? []
    pending += moves.map { [$0.old, $0.new] }
    store.x.set(pending, forKey: .syncMovedIDs)
    if let current = store.x.object(String.self, forKey: .currentCounter),
      let move = moves.first(where: { $0.old == current })
    {
      store.x.set(move.new, forKey: .currentCounter)
    }
  }

  func take() -> [(old: String, new: String)] {
    guard store.x.propertyList(forKey: .syncMovedIDs) != nil else { return [] }
    var moves: [(old: String, new: String)] = []
    store.performBatch {
      guard let pending = store.x.object([[String]].self, forKey: .syncMovedIDs) else { return }
      moves = pending.compactMap { $0.count == 2 ? (old: $0[0], new: $0[1]) : nil }
      store.x.removeObject(forKey: .syncMovedIDs)
    }
    return moves
  }
}

extension ReplicaState {
  /// The counters shown under another id in `after` (a merge regrouped them, ``CounterGroup``):
  /// for each member `isIncluded` takes, its group's id here and there, when they differ.
  func moves(to after: ReplicaState, of isIncluded: (String) -> Bool = { _ in true }) -> [(old: String, new: String)] {
    func ids(_ state: ReplicaState) -> [String: String] {
      let pairs = state.groups.flatMap { group in group.members.filter(isIncluded).map { ($0, group.id) } }
      return Dictionary(pairs) { $1 }
    }
    let (old, new) = (ids(self), ids(after))
    return old.compactMap { member, id in new[member].flatMap { $0 != id ? (old: id, new: $0) : nil } }
      .sorted { $0.old < $1.old }
  }
}
