import TallyDefaults
import TallyLocalization
import TallyPlatform

/// This machine as the sync folder knows it: a name and an instance id made when it joined.
public struct SyncMachine: Equatable, Sendable {
  public static let maximumNameLength = 64

  public var name: String
  public var instance: String

  public init(name: String, instance: String) {
    self.name = name
    self.instance = instance
  }

  /// 16 hexadecimal digits.
  public static func randomInstance() -> String {
    String(UInt64.random(in: .min ... .max), width: 16, radix: 16)
  }

  /// Why `name` cannot name a machine, or `nil`: it names the machine's file, so it is 1 to
  /// 64 ASCII letters, digits, `-`, `_` and `.`, and does not begin with `.`.
  public static func problem(withName name: String) -> String? {
    if name.isEmpty { return tr("a machine's name cannot be empty") }
    if name.utf8.count > maximumNameLength { return tr("a machine's name can have at most \(maximumNameLength) characters") }
    if name.hasPrefix(".") { return tr("a machine's name cannot begin with '.'") }
    // Byte by byte (the names of every file in the folder are checked at each start).
    let allowed = name.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        true
      default: false
      }
    }
    return allowed ? nil : tr("a machine's name can hold only ASCII letters, digits, '-', '_' and '.' (not \"\(name)\")")
  }
}

extension DefaultsKey {
  /// Sync is on when it is set.
  public static let syncFolder = DefaultsKey("syncFolder")
  public static let syncMachine = DefaultsKey("syncMachine")
  public static let syncInstance = DefaultsKey("syncInstance")
  public static let syncState = DefaultsKey("syncState")
  /// The instances with this machine's name that it replaced (`--replace-machine`).
  public static let syncReplacedInstances = DefaultsKey("syncReplacedInstances")
  public static let syncSettings = DefaultsKey("syncSettings")
  /// A ``syncState`` that could not be read, kept aside when the state was rebuilt.
  public static let syncStateDamaged = DefaultsKey("syncStateDamaged")
  public static let syncRetiredIDs = DefaultsKey("syncRetiredIDs")
  /// `[old, new]` pairs in order, for the history to move this machine's changes with them.
  public static let syncMovedIDs = DefaultsKey("syncMovedIDs")
  static let syncMergedFiles = DefaultsKey("syncMergedFiles")
  static let syncSkippedFiles = DefaultsKey("syncSkippedFiles")
}
