import TallyDefaults
import TallyModel

/// This machine's own counters moving between the store's ids when a merge regroups them
/// (``CounterGroup``), noted in the store (`syncMovedIDs`) for the screen and the history.
struct OwnCounterMoves {
  let store: any PropertyListStore
  let instance: String

  /// Notes the moves (``ReplicaState/moves(to:)``) of this machine's own counters.
  func note(_ all: [CounterMove]) {
    let moves = all.filter { ReplicaState.id($0.member, isMadeBy: instance) }
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

/// A counter shown under another id after a merge: one of its members, the ids before and after.
struct CounterMove {
  let member: String
  let old: String
  let new: String
}

extension ReplicaState {
  /// The counters shown under another id in `after` (a merge regrouped them, ``CounterGroup``):
  /// each member whose group's id differs there, by member.
  func moves(to after: ReplicaState) -> [CounterMove] {
    func ids(_ state: ReplicaState) -> [String: String] {
      Dictionary(state.groups.flatMap { group in group.members.map { ($0, group.id) } }) { $1 }
    }
    let (old, new) = (ids(self), ids(after))
    return old.compactMap { member, id in new[member].flatMap { $0 != id ? CounterMove(member: member, old: id, new: $0) : nil } }
      .sorted { ($0.old, $0.member) < ($1.old, $1.member) }
  }
}
