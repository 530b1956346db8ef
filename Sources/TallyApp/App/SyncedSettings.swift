import TallyDefaults
import TallyModel
import TallyPlatform
import TallySettings
import TallySync

extension AppDefaults {
  /// Every setting but those about this machine only, in the table's order.
  public static let syncedSettingKeys = entries.filter { $0.isSetting && !$0.isMachineOnly }.map(\.key.name)
}

// The sync folder's entry points with the synced settings this app's table says.

extension CounterSync {
  public static func configured(
    in store: UserDefaultsProtocol, now: @escaping () -> Int64 = Platform.wallClockMilliseconds
  ) -> CounterSync? {
    configured(in: store, syncedSettings: AppDefaults.syncedSettingKeys, now: now)
  }
}

extension SyncSetup {
  public static func enable(
    store: UserDefaultsProtocol, folder: String, name: String, history: HistoryReplica?, replacingMachine: Bool = false,
    now: @escaping () -> Int64 = Platform.wallClockMilliseconds
  ) throws(Problem) -> (sync: CounterSync, join: Join) {
    try enable(
      store: store, folder: folder, name: name, history: history, replacingMachine: replacingMachine,
      syncedSettings: AppDefaults.syncedSettingKeys, now: now)
  }
}
