import TallyDefaults
import TallyPlatform

/// Another machine's file in the sync folder as it was when it was merged into this
/// machine's state: its identity, and what ``SyncStatus`` shows of it.
///
/// The files merged are kept in the store (`syncMergedFiles`) with the state, so that a
/// start reads again only the files that changed since: a file merged once has nothing more
/// to add until it changes. This machine's own file is not remembered; it is read every
/// time, to see whether it must be written again.
struct MergedFile: Equatable {
  var identity: FileIdentity
  var machine: String
  var instance: String
  /// Wall-clock milliseconds when it was written.
  var written: Int64

  init(identity: FileIdentity, file: SyncFile) {
    self.identity = identity
    machine = file.machine
    instance = file.instance
    written = file.written
  }

  /// The file without its state, which is already merged: what reading it again gives.
  var header: SyncFile { SyncFile(machine: machine, instance: instance, written: written, state: ReplicaState()) }

  var propertyListValue: PropertyListValue {
    .dictionary([
      "identity": identity.propertyListValue, "machine": .string(machine),
      "instance": .string(instance), "written": .integer(written),
    ])
  }

  init?(propertyListValue: PropertyListValue) {
    guard case .dictionary(let entries) = propertyListValue,
      let identity = FileIdentity(propertyListValue: entries["identity"]),
      case .string(let machine)? = entries["machine"], case .string(let instance)? = entries["instance"],
      case .integer(let written)? = entries["written"]
    else { return nil }
    self.identity = identity
    self.machine = machine
    self.instance = instance
    self.written = written
  }
}

extension DefaultsKey {
  /// The other machines' files merged into ``syncState``, each with its identity then.
  static let syncMergedFiles = DefaultsKey("syncMergedFiles")
}

/// A file in the sync folder that was skipped (damaged, too large), with its identity then
/// and why.
///
/// It is not read again, by this process or the next, until it changes. Kept in the store
/// under `syncSkippedFiles`.
struct SkippedFile: Equatable {
  var identity: FileIdentity
  var reason: String

  var propertyListValue: PropertyListValue {
    .dictionary(["identity": identity.propertyListValue, "reason": .string(reason)])
  }

  init(identity: FileIdentity, reason: String) {
    self.identity = identity
    self.reason = reason
  }

  init?(propertyListValue: PropertyListValue) {
    guard case .dictionary(let entries) = propertyListValue, let identity = FileIdentity(propertyListValue: entries["identity"]),
      case .string(let reason)? = entries["reason"]
    else { return nil }
    self.init(identity: identity, reason: reason)
  }
}

extension DefaultsKey {
  /// The files of the sync folder skipped, each with its identity then (``SkippedFile``).
  static let syncSkippedFiles = DefaultsKey("syncSkippedFiles")
}

extension FileIdentity {
  /// The identity as the store keeps it: its numbers.
  var propertyListValue: PropertyListValue { .array(numbers.map(PropertyListValue.integer)) }

  /// The identity kept in `value`; `nil` when it is not one.
  init?(propertyListValue value: PropertyListValue?) {
    guard case .array(let numbers)? = value else { return nil }
    self.init(numbers: numbers.compactMap { if case .integer(let number) = $0 { number } else { nil } })
  }
}

/// A file of the folder as the store remembers it (``MergedFile``, ``SkippedFile``).
protocol RememberedFile {
  var propertyListValue: PropertyListValue { get }
  init?(propertyListValue: PropertyListValue)
}

extension RememberedFile {
  /// The files remembered in `value`, by name; one that cannot be read is left out, and read
  /// again from the folder.
  static func files(in value: PropertyListValue?) -> [String: Self] {
    guard case .dictionary(let entries)? = value else { return [:] }
    return entries.compactMapValues(Self.init(propertyListValue:))
  }
}

extension MergedFile: RememberedFile {}
extension SkippedFile: RememberedFile {}

extension Dictionary where Key == String, Value: RememberedFile {
  /// The files as the store keeps them, by name.
  var propertyListValue: PropertyListValue { .dictionary(mapValues(\.propertyListValue)) }
}
