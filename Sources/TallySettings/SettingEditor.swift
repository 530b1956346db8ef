import TallyDefaults
import TallySync

/// Changes the user's settings, as `tally config set` and `reset` do: a value, and keys
/// against every other action's keys, are checked under the store's lock before anything is
/// written; with `sync`, the change is recorded in the sync state in the same batch.
public enum SettingEditor {
  public static func set(
    _ name: String, to text: String, in store: LayeredUserDefaults, sync: CounterSync? = nil
  ) throws(SettingError) {
    guard let entry = AppDefaults.setting(named: name) else { throw .unknown(name) }
    let value = try entry.settingValue(from: text)
    try change(entry, to: value, in: store, sync: sync)
  }

  public static func reset(_ name: String, in store: LayeredUserDefaults, sync: CounterSync? = nil) throws(SettingError) {
    guard let entry = AppDefaults.setting(named: name) else { throw .unknown(name) }
    try change(entry, to: nil, in: store, sync: sync)
  }

  private static func change(
    _ entry: AppDefaults.Entry, to value: PropertyListValue?, in store: LayeredUserDefaults, sync: CounterSync?
  ) throws(SettingError) {
    var refusal: SettingError?
    store.performBatch {
      store.updatePropertyListValue(forKey: entry.key.name) { current in
        // Runs under the lock, on the store as saved now.
        do throws(SettingError) {
          try Settings.checkKeys(with: entry, set: value, in: store.domains.persistent)
        } catch {
          refusal = error
          return current
        }
        // Resetting a setting the user never set writes nothing.
        if value == nil, store.domains.persistent[entry.key.name] == nil { return current }
        return value
      }
      if refusal == nil { sync?.recordSetting(entry.key, value: value) }
    }
    if let refusal { throw refusal }
  }
}
