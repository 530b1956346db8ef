import TallyDefaults

/// This machine as the sync folder knows it: a name a user chose (the host name by
/// default) and an instance id made at random when it joined.
public struct SyncMachine: Equatable, Sendable {
  public static let maximumNameLength = 64

  public var name: String
  public var instance: String

  public init(name: String, instance: String) {
    self.name = name
    self.instance = instance
  }

  /// A new random instance id: 16 hexadecimal digits.
  public static func randomInstance() -> String {
    let number = UInt64.random(in: .min ... .max)
    let digits = String(number, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Why `name` cannot name a machine, or `nil`: it names the machine's file, so it is 1 to
  /// 64 ASCII letters, digits, `-`, `_` and `.`, and does not begin with `.`.
  public static func problem(withName name: String) -> String? {
    if name.isEmpty { return "a machine's name cannot be empty" }
    if name.utf8.count > maximumNameLength { return "a machine's name can have at most \(maximumNameLength) characters" }
    if name.hasPrefix(".") { return "a machine's name cannot begin with '.'" }
    // Byte by byte (the names of every file in the folder are checked at each start).
    let allowed = name.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        true
      default: false
      }
    }
    return allowed ? nil : "a machine's name can hold only ASCII letters, digits, '-', '_' and '.' (not \"\(name)\")"
  }
}

extension DefaultsKey {
  /// The sync folder's path; sync is on when it is set.
  public static let syncFolder = DefaultsKey("syncFolder")
  /// This machine's name in the sync folder.
  public static let syncMachine = DefaultsKey("syncMachine")
  /// This machine's instance id in the sync folder.
  public static let syncInstance = DefaultsKey("syncInstance")
  /// What this machine knows of every machine's counters (a ``ReplicaState``).
  public static let syncState = DefaultsKey("syncState")
  /// The instances of machines with this machine's name that it replaced (`tally sync
  /// enable --replace-machine`, after a reinstall): their files are its own earlier ones.
  public static let syncReplacedInstances = DefaultsKey("syncReplacedInstances")
  /// What this machine knows of every machine's settings (``ReplicaState/settings``).
  public static let syncSettings = DefaultsKey("syncSettings")
  /// A ``syncState`` (and ``syncSettings``) that could not be read, kept aside as it was
  /// when the state was rebuilt from the store and the folder.
  public static let syncStateDamaged = DefaultsKey("syncStateDamaged")
  /// The ids of deleted counters dropped from the state once every machine had seen their
  /// deletion, never used again.
  public static let syncRetiredIDs = DefaultsKey("syncRetiredIDs")
  /// The ids this machine's own counters moved between (a counter made here shown apart
  /// from another machine's with the same name, ``CounterGroup``), in order, as
  /// `[old, new]` pairs: the history moves this machine's changes with them
  /// (``CounterSync/takeMovedCounterIDs()``).
  public static let syncMovedIDs = DefaultsKey("syncMovedIDs")
}
