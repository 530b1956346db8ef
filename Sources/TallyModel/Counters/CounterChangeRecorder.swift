/// What keeps the counters' changes for the other machines (`CounterSync`), told of each
/// change inside the store batch that makes it.
public protocol CounterChangeRecorder: AnyObject {
  /// Notes a change the model made, for ``commit(records:)``.
  func record(_ edit: CounterEdit, made change: CounterChange?)
  /// Notes an import: the counters `removed`, and those `created` with their values.
  func recordImport(removed: [String], created: [(id: String, value: Int)])
  /// Records what was noted since the last commit; `records` is the counters' list after it.
  func commit(records: [CounterRecord])
  /// Whether `id` belonged to a deleted counter the other machines have forgotten.
  func isRetired(_ id: String) -> Bool
  /// The ids for counters made now and called `names`, each unique across the machines.
  func newCounterIDs(named names: [String], existing records: [CounterRecord]) -> [String]
}

extension CounterChangeRecorder {
  /// The id for a counter made now and called `name`, unique across the machines.
  public func newCounterID(named name: String, existing records: [CounterRecord]) -> String {
    newCounterIDs(named: [name], existing: records)[0]
  }
}
