import TallyDefaults
import TallyPlatform

/// Another machine's file in the sync folder as it was when merged, kept in the store so
/// that a start reads again only the files that changed since.
struct MergedFile: Equatable, RememberedFile {
  var identity: FileIdentity
  var machine: String
  var instance: String
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

/// A file in the sync folder that was skipped, with its identity then and why: not read
/// again, by this process or the next, until it changes.
struct SkippedFile: Equatable {
  var identity: FileIdentity
  var reason: String

  var propertyListValue: PropertyListValue {
    .dictionary(["identity": identity.propertyListValue, "reason": .string(reason)])
  }
}

extension SkippedFile: RememberedFile {
  init?(propertyListValue: PropertyListValue) {
    guard case .dictionary(let entries) = propertyListValue, let identity = FileIdentity(propertyListValue: entries["identity"]),
      case .string(let reason)? = entries["reason"]
    else { return nil }
    self.init(identity: identity, reason: reason)
  }
}

extension FileIdentity {
  var propertyListValue: PropertyListValue { .array(numbers.map(PropertyListValue.integer)) }

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
  /// One that cannot be read is left out.
  static func files(in value: PropertyListValue?) -> [String: Self] {
    guard case .dictionary(let entries)? = value else { return [:] }
    return entries.compactMapValues(Self.init(propertyListValue:))
  }
}

extension Dictionary where Key == String, Value: RememberedFile {
  var propertyListValue: PropertyListValue { .dictionary(mapValues(\.propertyListValue)) }
}
